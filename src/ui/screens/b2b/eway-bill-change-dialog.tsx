import type { B2bInvoiceRow } from '../../../domain/b2b-contract';
import { EXTEND_REASONS, PART_B_REASONS } from '../../../domain/b2b/eway-bill-lifecycle';
import { INDIAN_STATES } from '../../../domain/indian-states';
import { TRANSPORT_MODES } from '../../../domain/schemas/b2b';
import type {
  EwayBillChangeDraft,
  EwayBillChangeField,
  EwayBillChangeMode,
} from '../../../machines/eway-bill-change.machine';
import { useEwayBillChange } from '../../../services/use-eway-bill-change';
import { FormDialog, SelectField, TextField } from '../../kit';

// The dialog that updates an e-way bill's Part B or extends its validity, with NIC's reasons.
// The ewayBillChange machine holds it; this only draws its fields and the server's refusal.

const STATE_OPTIONS = INDIAN_STATES.map((s) => ({ value: s.name, label: s.name }));
const optionsOf = (o: Record<string, string>) => Object.entries(o).map(([value, label]) => ({ value, label }));

export function EwayBillChangeDialog({
  orderId,
  invoice,
  mode,
  draft,
  onDone,
  onClose,
}: {
  orderId: number;
  invoice: B2bInvoiceRow;
  mode: EwayBillChangeMode;
  draft: EwayBillChangeDraft;
  onDone: (invoice: B2bInvoiceRow) => void;
  onClose: () => void;
}) {
  const [state, send] = useEwayBillChange({ orderId, invoiceId: invoice.invoiceId, mode, draft }, onDone);
  const c = state.context;
  const d = c.draft;
  const e = c.errors;
  const partB = mode === 'PART_B';
  const set = (field: EwayBillChangeField) => (ev: { target: { value: string } }) =>
    send({ type: 'SET', field, value: ev.target.value });
  const byRoad = !partB || d.transMode === 'ROAD';
  return (
    <FormDialog
      title={`${partB ? 'Update Part B of' : 'Extend'} e-way bill ${invoice.ewayBill?.ewayBillNumber ?? ''}`}
      wide
      onClose={() => {
        send({ type: 'CANCEL' });
        onClose();
      }}
      onSubmit={() => send({ type: 'SAVE' })}
      saving={state.matches('saving')}
      saveLabel={partB ? 'Update Part B' : 'Extend validity'}
      error={c.refusal}
    >
      <p className="small-print">
        Invoice {invoice.invoiceNumber} · {invoice.ewayBill?.validityText}
      </p>
      <div className="grid-2">
        {partB && (
          <SelectField
            label="Mode of transport"
            options={optionsOf(TRANSPORT_MODES)}
            value={d.transMode}
            error={e.transMode}
            onChange={set('transMode')}
          />
        )}
        {byRoad ? (
          <TextField
            label="Vehicle number"
            value={d.vehicleNumber}
            error={e.vehicleNumber}
            hint="As on its registration, such as KA01AB1234"
            onChange={set('vehicleNumber')}
          />
        ) : (
          <>
            <TextField
              label="Transport document number"
              value={d.transportDocNumber}
              error={e.transportDocNumber}
              hint="The railway receipt, airway bill or bill of lading"
              onChange={set('transportDocNumber')}
            />
            <TextField
              label="Transport document date"
              type="date"
              value={d.transportDocDate}
              error={e.transportDocDate}
              onChange={set('transportDocDate')}
            />
          </>
        )}
        <TextField
          label={partB ? 'From place' : 'Current place'}
          value={d.place}
          error={partB ? e.fromPlace : e.currentPlace}
          onChange={set('place')}
        />
        <SelectField
          label={partB ? 'From state' : 'Current state'}
          options={STATE_OPTIONS}
          placeholder="Choose a state"
          value={d.state}
          error={partB ? e.fromState : e.currentState}
          onChange={set('state')}
        />
        <TextField
          label="Current pincode"
          inputMode="numeric"
          value={d.pincode}
          error={e.currentPincode}
          onChange={set('pincode')}
        />
        {!partB && (
          <TextField
            label="Distance left (km)"
            inputMode="numeric"
            value={d.remainingDistance}
            error={e.remainingDistance}
            hint="The road distance still to go decides the days added"
            onChange={set('remainingDistance')}
          />
        )}
        <SelectField
          label={partB ? 'Reason for the vehicle change' : 'Reason for extension'}
          options={optionsOf(partB ? PART_B_REASONS : EXTEND_REASONS)}
          placeholder="Choose NIC's reason"
          value={d.reason}
          error={partB ? e.vehicleReason : e.extendReason}
          onChange={set('reason')}
        />
        <TextField
          label="Remarks"
          value={d.remarks}
          error={partB ? e.vehicleRemarks : e.extendRemarks}
          onChange={set('remarks')}
        />
      </div>
    </FormDialog>
  );
}
