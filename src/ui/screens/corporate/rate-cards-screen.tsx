import type { SellerRateCard } from '../../../domain/pricing-contract';
import { labelOf } from '../../../domain/display-labels';
import { formatDate } from '../../../domain/format';
import { COURIER_TERMS, ownKey, slabKey, termKey, type CourierTerm } from '../../../domain/pricing/rate-card-draft';
import { ZONES, ZONE_NAMES } from '../../../domain/shipping/zones';
import { useRateCardEditor } from '../../../services/use-rate-card-editor';
import { Alert, Badge, Button, Card, Checkbox, DataTable, SelectField, TextField } from '../../kit';
import { StaffDetailFrame, StaffDetailRoute, type StaffList } from './staff-detail';

// /dakiya/rate-cards/:orgId: a seller's own rate cards. A new card opens as a copy of the
// couriers' default cards; staff change a courier's zone slabs, minimum weight, COD and RTO terms,
// tick the couriers the card prices, and set the IST days it is valid. Bookings keep their price.

const LIST: StaffList = { to: '/dakiya/accounts', label: 'Accounts' };

const TERM_LABELS: Record<CourierTerm, { label: string; prefix?: string; hint?: string }> = {
  minChargeableKg: { label: 'Minimum chargeable weight (kg)' },
  codMinimum: { label: 'COD minimum charge', prefix: '₹' },
  codPercent: { label: 'COD %', hint: 'of the COD amount, when above the minimum' },
  rtoPercent: { label: 'RTO % of freight', hint: 'charged only if the parcel comes back' },
};

const STANDING_TONE = { IN_FORCE: 'success', UPCOMING: 'brand', ENDED: 'warning' } as const;

export function StaffRateCardsScreen() {
  return <StaffDetailRoute param="orgId" what="Seller" list={LIST} page={(id) => <RateCardsPage orgId={id} />} />;
}

function RateCardsPage({ orgId }: { orgId: number }) {
  const [state, send] = useRateCardEditor(orgId);
  const { data, error, notice } = state.context;
  return (
    <StaffDetailFrame
      list={LIST}
      crumb={`Rate cards of seller ${orgId}`}
      loading={state.matches('loading') && !data}
      error={state.matches('failed') ? error : null}
      onRetry={() => send({ type: 'RETRY' })}
    >
      {() =>
        data && (
          <div className="stack">
            <header className="page-head">
              <h1>Rate cards: {data.companyName ?? `Seller ${orgId}`}</h1>
              <p>
                {labelOf('plan', data.subscriptionType)} plan · couriers a card does not name price at their default
                card
              </p>
            </header>
            {!data.planAllows && (
              <Alert tone="warning">Customised pricing comes with the Premium plan: this seller’s plan lacks it.</Alert>
            )}
            {notice && (
              <Alert tone="info">
                <span role="status">{notice}</span>
              </Alert>
            )}
            <DataTable<SellerRateCard>
              caption="Rate cards"
              rows={data.cards}
              rowKey={(c) => c.cardId}
              empty="No card of their own: the default cards price every courier"
              columns={[
                { header: 'Valid from', cell: (c) => formatDate(c.validFrom) },
                { header: 'Valid until', cell: (c) => (c.validUntil ? formatDate(c.validUntil) : 'Open-ended') },
                {
                  header: 'Standing',
                  cell: (c) => <Badge tone={STANDING_TONE[c.standing]}>{labelOf('cardStanding', c.standing)}</Badge>,
                },
                { header: 'Couriers', cell: (c) => c.couriers.map((x) => x.carrierName).join(', ') },
                {
                  header: 'Action',
                  cell: (c) =>
                    data.planAllows && state.matches('ready') ? (
                      <Button variant="secondary" onClick={() => send({ type: 'EDIT', cardId: c.cardId })}>
                        Edit card from {formatDate(c.validFrom)}
                      </Button>
                    ) : null,
                },
              ]}
            />
            {state.matches('ready') && data.planAllows && (
              <div>
                <Button onClick={() => send({ type: 'NEW' })}>New card from the default rates</Button>
              </div>
            )}
            {(state.matches('editing') || state.matches('submitting')) && <Editor state={state} send={send} />}
          </div>
        )
      }
    </StaffDetailFrame>
  );
}

type Editor = ReturnType<typeof useRateCardEditor>;

function Editor({ state, send }: { state: Editor[0]; send: Editor[1] }) {
  const { data, draft, errors, error, courier, cardId } = state.context;
  const couriers = data?.defaults ?? [];
  const field = (name: string) => ({
    value: draft[name] ?? '',
    error: errors[name],
    onChange: (e: { target: { value: string } }) => send({ type: 'FIELD', name, value: e.target.value }),
  });
  const current = couriers.find((c) => c.carrierCode === courier);
  const own = current ? draft[ownKey(current.carrierCode)] === 'yes' : false;
  const wrongCouriers = couriers.filter((c) => Object.keys(errors).some((k) => k.startsWith(`${c.carrierCode}.`)));
  return (
    <Card className="stack" aria-labelledby="card-form-heading">
      <h2 id="card-form-heading">{cardId === null ? 'New rate card' : 'Edit rate card'}</h2>
      <form
        className="stack"
        aria-label="Rate card"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          send({ type: 'SUBMIT' });
        }}
      >
        <div className="grid-2">
          <TextField label="Valid from" type="date" hint="IST, the first day it prices" {...field('validFrom')} />
          <TextField
            label="Valid until"
            type="date"
            hint="IST, the last day it prices; empty runs on"
            {...field('validUntil')}
          />
        </div>
        <SelectField
          label="Courier"
          value={courier ?? ''}
          options={couriers.map((c) => ({
            value: c.carrierCode,
            label: `${c.carrierName}${draft[ownKey(c.carrierCode)] === 'yes' ? ' (own rates)' : ''}`,
          }))}
          onChange={(e) => send({ type: 'PICK_COURIER', carrierCode: e.target.value })}
        />
        {current && (
          <fieldset className="stack">
            <legend>{current.carrierName}</legend>
            <Checkbox
              label={`Price ${current.carrierName} with this card`}
              checked={own}
              onChange={(e) =>
                send({ type: 'FIELD', name: ownKey(current.carrierCode), value: e.target.checked ? 'yes' : '' })
              }
            />
            {own && (
              <>
                <div className="grid-2">
                  {ZONES.map((z) => (
                    <fieldset key={z} className="stack">
                      <legend>
                        Zone {z}: {ZONE_NAMES[z]}
                      </legend>
                      <TextField
                        label={`Zone ${z} first 0.5 kg`}
                        prefix="₹"
                        inputMode="decimal"
                        {...field(slabKey(current.carrierCode, z, 'firstSlab'))}
                      />
                      <TextField
                        label={`Zone ${z} each further 0.5 kg`}
                        prefix="₹"
                        inputMode="decimal"
                        {...field(slabKey(current.carrierCode, z, 'nextSlab'))}
                      />
                    </fieldset>
                  ))}
                </div>
                <div className="grid-2">
                  {COURIER_TERMS.map((t) => (
                    <TextField
                      key={t}
                      label={TERM_LABELS[t].label}
                      prefix={TERM_LABELS[t].prefix}
                      hint={TERM_LABELS[t].hint}
                      inputMode="decimal"
                      {...field(termKey(current.carrierCode, t))}
                    />
                  ))}
                </div>
              </>
            )}
          </fieldset>
        )}
        <TextField label="Reason" hint="5 to 300 characters; the audit log keeps it" {...field('reason')} />
        {wrongCouriers.length > 0 && (
          <Alert>Check the rates of {wrongCouriers.map((c) => c.carrierName).join(', ')}.</Alert>
        )}
        {errors.form && <Alert>{errors.form}</Alert>}
        {errors.couriers && <Alert>{errors.couriers}</Alert>}
        {error && <Alert>{error}</Alert>}
        <div className="row">
          <Button type="submit" busy={state.matches('submitting')}>
            Save rate card
          </Button>
          <Button type="button" variant="secondary" onClick={() => send({ type: 'CANCEL' })}>
            Cancel
          </Button>
        </div>
      </form>
    </Card>
  );
}
