import { useCallback, useEffect, useState } from 'react';
import type { StaffCouponRow } from '../../../domain/staff-contract';
import { BILLING_FREQUENCIES, PLAN_CODES } from '../../../domain/plans';
import { labelOf } from '../../../domain/display-labels';
import { formatDate, formatRupeesWhole } from '../../../domain/format';
import { useOnInvalidate } from '../../../services/invalidate';
import { useHttp } from '../../../services/screen-services';
import { fetchCoupons } from '../../../services/staff-client';
import { useStaffEditForm } from '../../../services/use-staff-edit-form';
import { useRequest } from '../../hooks/use-request';
import { Alert, Badge, Button, DataTable, Dialog, Loadable, SelectField, TextField, type Column } from '../../kit';
import { StaffShell } from '../shell/staff-shell';
import { fieldProps, StaffDecisionForm } from './staff-decision';

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
  const [state, send] = useStaffEditForm({
    kind: coupon ? 'COUPON_UPDATE' : 'COUPON_CREATE',
    target: coupon?.couponCode ?? '',
    initial: coupon ? draftOf(coupon) : EMPTY,
  });
  // a saved coupon is done with: the dialog closes and the page says what was saved
  const saved = state.matches('saved');
  const notice = state.context.notice;
  useEffect(() => {
    if (saved) onSaved(notice ?? 'Saved');
  }, [saved, notice, onSaved]);
  const f = (name: string) => fieldProps(state, send, name);
  return (
    <Dialog open onOpenChange={(o) => !o && onClose()} title={coupon ? `Edit ${coupon.couponCode}` : 'New coupon'} wide>
      <StaffDecisionForm
        label={coupon ? 'Edit coupon' : 'New coupon'}
        state={state}
        send={send}
        withReason={false}
        submitLabel={coupon ? 'Save coupon' : 'Create coupon'}
      >
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
      </StaffDecisionForm>
      <Button variant="secondary" onClick={onClose}>
        Close
      </Button>
    </Dialog>
  );
}

function StatusToggle({ coupon }: { coupon: StaffCouponRow }) {
  const [state, send] = useStaffEditForm({
    kind: 'COUPON_STATUS',
    target: coupon.couponCode,
    initial: { active: coupon.active ? 'false' : 'true', reason: '' },
  });
  return (
    <StaffDecisionForm
      label={`${coupon.active ? 'Switch off' : 'Switch on'} ${coupon.couponCode}`}
      state={state}
      send={send}
      submitLabel={coupon.active ? 'Switch off' : 'Switch on'}
    />
  );
}

export function StaffCouponsScreen() {
  const http = useHttp();
  const coupons = useRequest(() => fetchCoupons(http), { load: true });
  useOnInvalidate('staffConsole', () => coupons.run());
  const [editing, setEditing] = useState<StaffCouponRow | 'new' | null>(null);
  const [savedNotice, setSavedNotice] = useState<string | null>(null);
  const onSaved = useCallback((notice: string) => {
    setEditing(null);
    setSavedNotice(notice);
  }, []);
  const [toggling, setToggling] = useState<StaffCouponRow | null>(null);
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
          <Button variant="secondary" onClick={() => setEditing(r)} aria-label={`Edit ${r.couponCode}`}>
            Edit
          </Button>
          <Button
            variant="ghost"
            onClick={() => setToggling(r)}
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
          <Button
            onClick={() => {
              setSavedNotice(null);
              setEditing('new');
            }}
          >
            New coupon
          </Button>
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
        {savedNotice && (
          <Alert tone="info">
            <span role="status">{savedNotice}</span>
          </Alert>
        )}
        {editing && (
          <CouponForm coupon={editing === 'new' ? null : editing} onClose={() => setEditing(null)} onSaved={onSaved} />
        )}
        {toggling && (
          <Dialog
            open
            onOpenChange={(o) => !o && setToggling(null)}
            title={`${toggling.active ? 'Switch off' : 'Switch on'} ${toggling.couponCode}`}
          >
            <StatusToggle key={String(toggling.active)} coupon={toggling} />
          </Dialog>
        )}
      </div>
    </StaffShell>
  );
}
