import { useState } from 'react';
import { Link } from 'react-router-dom';
import { API_SHIPPING, type RateAnswer } from '../../../domain/shipping-contract';
import { countOf } from '../../../domain/format';
import { RateQueryBody, type RateQuery } from '../../../domain/schemas/shipping';
import { typedVolumetricKg } from '../../../domain/weights';
import { useScreenSession } from '../../../services/screen-services';
import { planAllowsFeature } from '../../../domain/plans';
import { numberOrUndefined, useForm } from '../../hooks/use-form';
import { useOperation } from '../../hooks/use-operation';
import { Alert, Button, Card, DimensionFields, SelectField, TextField } from '../../kit';
import { SellerShell } from '../shell/seller-shell';
import { QuoteList } from '../shipping/quote-list';

// /tools/rate-calculator (tools: cost estimates): every courier's price, delivery date and zone
// for a parcel between two pincodes, sorted by price or by speed.

type Draft = Record<
  'originPincode' | 'destinationPincode' | 'weightKg' | 'lengthCm' | 'breadthCm' | 'heightCm' | 'codAmount',
  string
> & { paymentMethod: 'PPD' | 'COD' };
const EMPTY: Draft = {
  originPincode: '',
  destinationPincode: '',
  weightKg: '0.5',
  lengthCm: '10',
  breadthCm: '10',
  heightCm: '10',
  paymentMethod: 'PPD',
  codAmount: '',
};
const DIMENSION_KEYS = { length: 'lengthCm', breadth: 'breadthCm', height: 'heightCm' } as const;
const NUMBERS = ['weightKg', 'lengthCm', 'breadthCm', 'heightCm', 'codAmount'] as const;

export function RateCalculatorScreen() {
  const [draft, setDraft] = useState<Draft>(EMPTY);
  const [order, setOrder] = useState<'price' | 'speed'>('price');
  const form = useForm(RateQueryBody, {});
  const rates = useOperation(API_SHIPPING.rates, (q: RateQuery) => ({ body: q }), {
    onError: (message) => form.showServerError(message, ['originPincode', 'destinationPincode']),
  });
  const update = (k: keyof Draft, value: string) => {
    setDraft((d) => ({ ...d, [k]: value }));
    form.set(k, value);
  };
  // a text field's value, its change and its error, for the draft's key k
  const field = (k: Exclude<keyof Draft, 'paymentMethod'>) => ({
    value: draft[k],
    error: form.errors[k],
    onChange: (e: React.ChangeEvent<HTMLInputElement>) => update(k, e.target.value),
  });
  const vol = typedVolumetricKg(draft.lengthCm, draft.breadthCm, draft.heightCm);
  const answer: RateAnswer | null = rates.data;
  const quotes = answer
    ? [...answer.quotes].sort(
        order === 'price'
          ? (a, b) => a.totalPaise - b.totalPaise || a.days - b.days
          : (a, b) => a.days - b.days || a.totalPaise - b.totalPaise,
      )
    : [];
  const ownCard = planAllowsFeature(useScreenSession().account?.subscriptionType ?? '', 'customPricing');
  return (
    <SellerShell>
      <div className="page stack">
        <header className="page-head">
          <h1>Rate calculator</h1>
          <p>
            What each courier charges between two pincodes, with the delivery date and how the price is worked out.{' '}
            <Link to="/tools/courier-preferences">Courier preferences</Link>
            {ownCard && (
              <>
                {' · '}
                <Link to="/tools/rate-card">My rate card</Link> (prices here use it)
              </>
            )}
          </p>
        </header>
        <Card>
          <form
            aria-label="Rate calculator"
            noValidate
            onSubmit={(e) => {
              e.preventDefault();
              const input: Record<string, unknown> = { ...draft };
              for (const k of NUMBERS) input[k] = numberOrUndefined(draft[k]);
              if (draft.paymentMethod === 'PPD') delete input.codAmount;
              const body = form.parse(input);
              if (body) rates.run(body);
            }}
          >
            <div className="grid-2">
              <TextField label="Pickup pincode" inputMode="numeric" maxLength={6} {...field('originPincode')} />
              <TextField label="Delivery pincode" inputMode="numeric" maxLength={6} {...field('destinationPincode')} />
            </div>
            <div className="grid-filters">
              <TextField label="Dead weight (kg)" inputMode="decimal" {...field('weightKg')} />
              <DimensionFields
                value={{ length: draft.lengthCm, breadth: draft.breadthCm, height: draft.heightCm }}
                errors={{ length: form.errors.lengthCm, breadth: form.errors.breadthCm, height: form.errors.heightCm }}
                onChange={(d, value) => update(DIMENSION_KEYS[d], value)}
              />
            </div>
            <div className="grid-2">
              <SelectField
                label="Payment"
                value={draft.paymentMethod}
                onChange={(e) => update('paymentMethod', e.target.value)}
                options={[
                  { value: 'PPD', label: 'Prepaid' },
                  { value: 'COD', label: 'Cash on delivery' },
                ]}
              />
              {draft.paymentMethod === 'COD' && (
                <TextField label="COD amount (₹)" inputMode="decimal" {...field('codAmount')} />
              )}
            </div>
            {vol !== null && (
              <p className="small-print">
                Volumetric weight {vol} kg (L × B × H / 5000); the higher of the two is charged, in 0.5 kg slabs.
              </p>
            )}
            <Button type="submit" busy={rates.running}>
              Compare couriers
            </Button>
          </form>
        </Card>
        {rates.error && !Object.keys(form.errors).length && <Alert>{rates.error}</Alert>}
        {answer && (
          <section className="stack" aria-label="Courier rates">
            <div className="row list-toolbar">
              <p>
                <strong>Zone {answer.zone}</strong> ({answer.zoneName}): {answer.from.city}, {answer.from.state} →{' '}
                {answer.to.city}, {answer.to.state}
              </p>
              <SelectField
                label="Sort by"
                value={order}
                onChange={(e) => setOrder(e.target.value as 'price' | 'speed')}
                options={[
                  { value: 'price', label: 'Price' },
                  { value: 'speed', label: 'Speed' },
                ]}
              />
            </div>
            {quotes.length === 0 ? <Alert>No courier serves this route.</Alert> : <QuoteList quotes={quotes} />}
            {answer.unserviceable.length > 0 && (
              <details className="small-print">
                <summary>
                  {countOf(answer.unserviceable.length, 'couriers')} {answer.unserviceable.length === 1 ? 'does' : 'do'}{' '}
                  not serve this parcel
                </summary>
                <ul>
                  {answer.unserviceable.map((u) => (
                    <li key={u.carrierCode}>{u.reason}</li>
                  ))}
                </ul>
              </details>
            )}
          </section>
        )}
      </div>
    </SellerShell>
  );
}
