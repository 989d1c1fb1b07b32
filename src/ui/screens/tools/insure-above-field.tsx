import { INSURE_ABOVE_LABEL } from '../../../domain/schemas/shipping';
import { DEFAULT_INSURE_ABOVE_PAISE } from '../../../domain/shipping/cover';
import { Checkbox, TextField } from '../../kit';

// The seller's blanket insurance: every shipment whose order value is above the line starts
// insured in the ship dialog (and auto-ship insures it). Empty means "only when I choose".

export function InsureAboveField({ value, onChange }: { value: string; onChange: (v: string) => void }) {
  const on = value !== '';
  return (
    <fieldset className="stack">
      <legend>Insurance</legend>
      <Checkbox
        label="Insure shipments above a value automatically"
        checked={on}
        onChange={(e) => onChange(e.target.checked ? String(DEFAULT_INSURE_ABOVE_PAISE / 100) : '')}
      />
      {on && (
        <TextField
          label={INSURE_ABOVE_LABEL}
          inputMode="numeric"
          prefix="₹"
          value={value}
          onChange={(e) => onChange(e.target.value.replace(/[^\d]/g, ''))}
          hint="0.55% of the order value (at least ₹15) plus 18% GST, charged with the freight"
        />
      )}
    </fieldset>
  );
}
