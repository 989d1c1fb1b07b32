import { useState } from 'react';
import type { B2bOrderDetail } from '../../../domain/b2b-contract';
import {
  FREIGHT_PICKUP_CUTOFF,
  FREIGHT_PICKUP_SLOTS,
  freightPickupDays,
  freightPickupSlots,
  slotText,
  slotTime,
} from '../../../domain/b2b/freight-pickup';
import { formatDay } from '../../../domain/format';
import { useB2bPickupRequest } from '../../../services/use-b2b-pickup-request';
import { FormDialog, SelectField } from '../../kit';

// The dialog that asks the carrier to collect a booked consignment's boxes from the warehouse.
// The b2bPickupRequest machine holds it; this only draws the day and time choices, what will be
// collected, and the errors and refusal the machine keeps.

export function B2bPickupDialog({
  order,
  onDone,
  onClose,
}: {
  order: B2bOrderDetail;
  onDone: (order: B2bOrderDetail) => void;
  onClose: () => void;
}) {
  const [now] = useState(() => Date.now());
  const days = freightPickupDays(new Date(now));
  const first = days[0] ?? '';
  const [state, send] = useB2bPickupRequest(
    {
      orderId: order.orderId,
      now,
      draft: { pickupDate: first, readyAt: freightPickupSlots(first, new Date(now))[0] ?? FREIGHT_PICKUP_SLOTS[0] },
    },
    onDone,
  );
  const c = state.context;
  const weightKg = order.boxes.reduce((sum, b) => sum + b.weightKg * b.count, 0);
  return (
    <FormDialog
      title={`Request pickup of ${order.orderNumber}`}
      onClose={() => {
        send({ type: 'CANCEL' });
        onClose();
      }}
      onSubmit={() => send({ type: 'SAVE' })}
      saving={state.matches('saving')}
      saveLabel="Request pickup"
      error={c.refusal}
    >
      <p className="small-print">
        {order.booking.carrierName} collects {order.boxCount} boxes ({weightKg.toLocaleString('en-IN')} kg) of LR{' '}
        {order.lrNumber} from {order.origin.warehouseName}. No pickups on Sundays; today&apos;s close at{' '}
        {slotTime(FREIGHT_PICKUP_CUTOFF)}.
      </p>
      <div className="grid-2">
        <SelectField
          label="Pickup date"
          options={days.map((d) => ({ value: d, label: formatDay(d) }))}
          value={c.draft.pickupDate}
          error={c.errors.pickupDate}
          onChange={(e) => send({ type: 'SET', field: 'pickupDate', value: e.target.value })}
        />
        <SelectField
          label="Ready from"
          options={FREIGHT_PICKUP_SLOTS.map((s) => ({ value: s, label: slotText(s) }))}
          value={c.draft.readyAt}
          error={c.errors.readyAt}
          onChange={(e) => send({ type: 'SET', field: 'readyAt', value: e.target.value })}
        />
      </div>
    </FormDialog>
  );
}
