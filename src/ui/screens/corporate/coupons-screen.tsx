import { API_STAFF, type StaffCouponRow } from '../../../domain/staff-contract';
import { BILLING_FREQUENCIES, PLAN_CODES } from '../../../domain/plans';
import { labelOf } from '../../../domain/display-labels';
import { formatDate, formatRupeesWhole } from '../../../domain/format';
import { useOnInvalidate } from '../../../services/invalidate';
import { useOperation } from '../../hooks/use-operation';
import { Badge, Button, DataTable, Loadable, SelectField, TextField, type Column } from '../../kit';
import { StaffShell } from '../shell/staff-shell';
import { SavedNotice, StaffFormDialog, useStaffDialog } from './staff-form-dialog';

// /dakiya/coupons: recharge coupons with their terms (plan, billing, least recharge, bonus,
// validity in IST days, usage cap) and how many sellers used each; create, edit, switch on or off.
// A seller meets the same terms where coupons are checked and credited.

const EMPTY = {
  couponCode: '',
  description: '',
  subscriptionType: '',
  billingFrequency: '',
  rechargeAmount: '',
  bonusPercent: '',
  bonusFlat: '',
  maxBonus: '',
  validFrom: '',
  validUntil: '',
  usageLimit: '',
};

const draftOf = (c: StaffCouponRow) => ({
  couponCode: c.couponCode,
  description: c.description,
  subscriptionType: c.subscriptionType ?? '',
  billingFrequency: c.billingFrequency ?? '',
  rechargeAmount: String(c.rechargeAmount),
  bonusPercent: String(c.bonusPercent),
  bonusFlat: String(c.bonusFlat),
  maxBonus: String(c.maxBonus),
  validFrom: c.validFrom,
  validUntil: c.validUntil,
  usageLimit: c.usageLimit === null ? '' : String(c.usageLimit),
});

function CouponForm({
  coupon,
  onClose,
  onSaved,
}: {
  coupon: StaffCouponRow | null;
  onClose: () => void;
  onSaved: (notice: string) => void;
}) {
  return (
    <StaffFormDialog
      title={coupon ? `Edit ${coupon.couponCode}` : 'New coupon'}
      input={{
        kind: coupon ? 'COUPON_UPDATE' : 'COUPON_CREATE',
        target: coupon?.couponCode ?? '',
        initial: coupon ? draftOf(coupon) : EMPTY,
      }}
      submitLabel={coupon ? 'Save coupon' : 'Create coupon'}
      wide
      onClose={onClose}
      onSaved={onSaved}
    >
      {(f) => (
        <div className="grid-2">
          {!coupon && <TextField label="Coupon code" hint="3 to 20 letters and digits" {...f('couponCode')} />}
          <TextField label="Description" hint="What the seller reads" {...f('description')} />
          <SelectField
            label="Plan"
            placeholder="Any plan"
            options={PLAN_CODES.map((p) => ({ value: p, label: labelOf('plan', p) }))}
            {...f('subscriptionType')}
          />
          <SelectField
            label="Billing frequency"
            placeholder="Any billing"
            options={BILLING_FREQUENCIES.map((b) => ({ value: b, label: labelOf('billingFrequency', b) }))}
            {...f('billingFrequency')}
          />
          <TextField
            label="Recharge amount"
            prefix="₹"
            inputMode="numeric"
            hint="The least recharge it applies to"
            {...f('rechargeAmount')}
          />
          <TextField label="Bonus (%)" inputMode="numeric" {...f('bonusPercent')} />
          <TextField label="Flat bonus" prefix="₹" inputMode="numeric" {...f('bonusFlat')} />
          <TextField label="Maximum bonus" prefix="₹" inputMode="numeric" {...f('maxBonus')} />
          <TextField label="Valid from" type="date" {...f('validFrom')} />
          <TextField label="Valid until" type="date" hint="To the end of the day, IST" {...f('validUntil')} />
          <TextField
            label="Usage cap"
            inputMode="numeric"
            hint="How many sellers in all; empty for no cap"
            {...f('usageLimit')}
          />
        </div>
      )}
    </StaffFormDialog>
  );
}

/** Switches a coupon off (sellers can no longer apply it) or on again, with a reason the audit keeps. */
function StatusToggle({
  coupon,
  onClose,
  onSaved,
}: {
  coupon: StaffCouponRow;
  onClose: () => void;
  onSaved: (notice: string) => void;
}) {
  const verb = coupon.active ? 'Switch off' : 'Switch on';
  return (
    <StaffFormDialog
      title={`${verb} ${coupon.couponCode}`}
      input={{
        kind: 'COUPON_STATUS',
        target: coupon.couponCode,
        initial: { active: coupon.active ? 'false' : 'true', reason: '' },
      }}
      withReason
      submitLabel={verb}
      onClose={onClose}
      onSaved={onSaved}
    />
  );
}

export function StaffCouponsScreen() {
  const coupons = useOperation(API_STAFF.coupons, {}, { load: true });
  useOnInvalidate('staffConsole', () => coupons.run());
  const dialog = useStaffDialog<{ edit: StaffCouponRow | null } | { toggle: StaffCouponRow }>();
  const columns: Column<StaffCouponRow>[] = [
    { header: 'Code', cell: (r) => <strong>{r.couponCode}</strong> },
    { header: 'Description', cell: (r) => r.description },
    {
      header: 'For',
      cell: (r) =>
        [
          r.subscriptionType ? labelOf('plan', r.subscriptionType) : 'Any plan',
          r.billingFrequency ? labelOf('billingFrequency', r.billingFrequency) : null,
        ]
          .filter(Boolean)
          .join(', '),
    },
    { header: 'Least recharge', cell: (r) => formatRupeesWhole(r.rechargeAmount) },
    {
      header: 'Bonus',
      cell: (r) =>
        `${[r.bonusPercent ? `${r.bonusPercent}%` : null, r.bonusFlat ? formatRupeesWhole(r.bonusFlat) : null].filter(Boolean).join(' + ')}, up to ${formatRupeesWhole(r.maxBonus)}`,
    },
    { header: 'Valid', cell: (r) => `${formatDate(r.validFrom)} to ${formatDate(r.validUntil)}` },
    { header: 'Used', cell: (r) => `${r.used}${r.usageLimit === null ? '' : ` of ${r.usageLimit}`}` },
    { header: 'Status', cell: (r) => (r.active ? <Badge tone="success">On</Badge> : <Badge tone="danger">Off</Badge>) },
    {
      header: 'Actions',
      cell: (r) => (
        <div className="row">
          <Button variant="secondary" onClick={() => dialog.show({ edit: r })} aria-label={`Edit ${r.couponCode}`}>
            Edit
          </Button>
          <Button
            variant="ghost"
            onClick={() => dialog.show({ toggle: r })}
            aria-label={`${r.active ? 'Switch off' : 'Switch on'} ${r.couponCode}`}
          >
            {r.active ? 'Switch off' : 'Switch on'}
          </Button>
        </div>
      ),
    },
  ];
  return (
    <StaffShell>
      <div className="page stack">
        <header className="page-head row">
          <div>
            <h1>Coupons</h1>
            <p>Recharge bonuses: each seller may use a coupon once, up to its usage cap.</p>
          </div>
          <Button onClick={() => dialog.show({ edit: null })}>New coupon</Button>
        </header>
        <Loadable loading={coupons.loading && !coupons.data} error={coupons.error} onRetry={coupons.retry}>
          {() => (
            <DataTable
              caption="Coupons"
              columns={columns}
              rows={coupons.data ?? []}
              rowKey={(r) => r.couponCode}
              empty="No coupons yet"
            />
          )}
        </Loadable>
        <SavedNotice notice={dialog.notice} />
        {dialog.open && 'edit' in dialog.open && (
          <CouponForm
            key={dialog.open.edit?.couponCode ?? 'new'}
            coupon={dialog.open.edit}
            onClose={dialog.close}
            onSaved={dialog.onSaved}
          />
        )}
        {dialog.open && 'toggle' in dialog.open && (
          <StatusToggle
            key={dialog.open.toggle.couponCode}
            coupon={dialog.open.toggle}
            onClose={dialog.close}
            onSaved={dialog.onSaved}
          />
        )}
      </div>
    </StaffShell>
  );
}
