import { useState } from 'react';
import { formatDate } from '../../../domain/format';
import { pickupDayChoices } from '../../../domain/pickup-days';
import type { PickupRequestRow } from '../../../domain/pickups-contract';
import { usePickupReschedule } from '../../../services/use-pickup-reschedule';
import { Alert, Button, Dialog, SelectField } from '../../kit';
import { FailureText } from '../kyc/failure-text';

// "Change date" on a pickup: the pickup-reschedule machine drives it; this only draws its states.
// The button is the dialog's trigger, so closing it puts focus back there.

export function PickupDateAction({ pickup, today }: { pickup: PickupRequestRow; today: string }) {
  const [open, setOpen] = useState(false);
  return (
    <Dialog
      open={open}
      onOpenChange={setOpen}
      title={`Change the pickup date of ${pickup.addressName} with ${pickup.carrierName}`}
      description={`${pickup.parcels} ${pickup.parcels === 1 ? 'parcel' : 'parcels'}, now on ${formatDate(pickup.pickupDate)}. The courier is asked again for the new day.`}
      trigger={
        <Button
          variant="secondary"
          aria-label={`Change date of the pickup on ${formatDate(pickup.pickupDate)} from ${pickup.addressName}`}
        >
          Change date
        </Button>
      }
    >
      {open && <PickupDateBody pickup={pickup} today={today} onClose={() => setOpen(false)} />}
    </Dialog>
  );
}

function PickupDateBody({ pickup, today, onClose }: { pickup: PickupRequestRow; today: string; onClose: () => void }) {
  const [state, send] = usePickupReschedule({
    pickupRequestId: pickup.pickupRequestId,
    currentDate: pickup.pickupDate,
    today,
  });
  const ctx = state.context;
  const options = pickupDayChoices(today)
    .filter((day) => day !== pickup.pickupDate)
    .map((day) => ({ value: day, label: formatDate(day) }));
  if (state.matches('moved') && ctx.moved)
    return (
      <div className="stack">
        <Alert tone="info">
          <span>
            Pickup moved to {formatDate(ctx.moved.pickupDate)}: {ctx.moved.parcels}{' '}
            {ctx.moved.parcels === 1 ? 'parcel' : 'parcels'} with {ctx.moved.carrierName}.
          </span>
        </Alert>
        <div className="row dialog-actions">
          <Button onClick={onClose}>Done</Button>
        </div>
      </div>
    );
  return (
    <form
      className="stack"
      onSubmit={(e) => {
        e.preventDefault();
        send({ type: 'SAVE' });
      }}
    >
      <SelectField
        label="Pickup date"
        placeholder="Choose a day"
        options={options}
        value={ctx.chosen ?? ''}
        disabled={!state.matches('choosing')}
        onChange={(e) => send({ type: 'CHOOSE', date: e.target.value })}
      />
      {state.matches('failed') && (
        <Alert>
          <FailureText text={ctx.error} />
          <Button variant="secondary" onClick={() => send({ type: 'RETRY' })}>
            Try again
          </Button>
          <Button variant="ghost" onClick={() => send({ type: 'BACK' })}>
            Choose another day
          </Button>
        </Alert>
      )}
      {!state.matches('failed') && (
        <div className="row dialog-actions">
          <Button type="submit" disabled={!ctx.chosen} busy={state.matches('saving')}>
            Move pickup
          </Button>
          <Button variant="secondary" disabled={state.matches('saving')} onClick={onClose}>
            Cancel
          </Button>
        </div>
      )}
    </form>
  );
}
