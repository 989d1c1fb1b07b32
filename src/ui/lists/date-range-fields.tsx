import { useId } from 'react';
import { dayRangeError } from '../../domain/schemas/fields';
import { fieldLabel } from '../../domain/schemas/labels';
import { TextField } from '../kit';

// A list's from/to day filter. A from-day after the to-day is said at the To field, where the seller
// is looking, in the server's own sentence; give the same text to ListView's filterError so the list
// keeps its last rows instead of asking the server and showing the refusal in place of the table.

/** The error of a from/to pair named by their request keys ('fromDate', 'toDate'), or null. */
export function dayRangeText(fromKey: string, from: string, toKey: string, to: string): string | null {
  return dayRangeError(from, to, fieldLabel(fromKey), fieldLabel(toKey));
}

export interface DateRangeFieldsProps {
  fromKey: string;
  toKey: string;
  from: string;
  to: string;
  onFromChange: (day: string) => void;
  onToChange: (day: string) => void;
  error: string | null;
}

/** Two date fields (a fragment, so they sit in the screen's filter grid); the error shows under To. */
export function DateRangeFields({ fromKey, toKey, from, to, onFromChange, onToChange, error }: DateRangeFieldsProps) {
  const toId = useId();
  return (
    <>
      <TextField
        label={fieldLabel(fromKey)}
        type="date"
        value={from}
        onChange={(e) => onFromChange(e.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${toId}-error` : undefined}
      />
      <TextField
        id={toId}
        label={fieldLabel(toKey)}
        type="date"
        value={to}
        onChange={(e) => onToChange(e.target.value)}
        error={error}
      />
    </>
  );
}
