import { forwardRef, useId, useRef, useState, type ChangeEvent, type InputHTMLAttributes } from 'react';
import { isRealDay } from '../../domain/schemas/fields';
import { readTypedDay, shownDay, typedDayError } from '../../domain/typed-day';

// A day field that reads and shows the day the Indian way (dd/mm/yyyy typed, dd MMM yyyy shown)
// whatever the browser's language, with the browser's own calendar behind a button. The form gets
// yyyy-mm-dd as before: the day once the typed text is a whole day, '' while it is not.

export type DateFieldProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'type'> & {
  label: string;
  error?: string | null;
  hint?: string;
};

/** The change a form's handlers read (`e.target.value`), carrying the day rather than the typed text. */
function dayChange(day: string): ChangeEvent<HTMLInputElement> {
  const target = { value: day } as HTMLInputElement;
  return { target, currentTarget: target } as ChangeEvent<HTMLInputElement>;
}

function CalendarIcon() {
  return (
    <svg viewBox="0 0 20 20" width="18" height="18" aria-hidden="true" focusable="false">
      <rect x="2.5" y="4" width="15" height="13.5" rx="2" fill="none" stroke="currentColor" strokeWidth="1.6" />
      <path d="M2.5 8.5h15M6.5 2v4M13.5 2v4" fill="none" stroke="currentColor" strokeWidth="1.6" />
    </svg>
  );
}

export const DateField = forwardRef<HTMLInputElement, DateFieldProps>(function DateField(
  { label, error, hint, id, className = '', value, onChange, onBlur, min, max, disabled, readOnly, ...rest },
  ref,
) {
  const autoId = useId();
  const inputId = id ?? autoId;
  const picker = useRef<HTMLInputElement>(null);
  const day = typeof value === 'string' ? value : '';
  // what the seller is typing, and the value it sent: a value set from elsewhere (a reset, the
  // calendar) differs from it and shows instead
  const [typing, setTyping] = useState<{ text: string; sent: string } | null>(null);
  const [left, setLeft] = useState(false);
  const draft = typing && typing.sent === day ? typing.text : null;
  const unreadable = draft !== null && draft.trim() !== '' && readTypedDay(draft) === null;
  const ownError = unreadable && left ? typedDayError(label) : null;
  // what was typed is the nearer trouble: the form's own error (required, a range) follows it
  const shownError = ownError ?? error;
  const describedBy =
    [shownError ? `${inputId}-error` : null, hint ? `${inputId}-hint` : null].filter(Boolean).join(' ') || undefined;

  // the calendar's input holds only a day it allows: one outside min and max would make it invalid,
  // and a form the browser checks would then refuse to submit over an input nobody can see
  const pickable =
    isRealDay(day) && (min === undefined || day >= String(min)) && (max === undefined || day <= String(max));
  const send = (next: string) => {
    if (next !== day) onChange?.(dayChange(next));
  };
  const typeText = (text: string) => {
    const next = readTypedDay(text) ?? '';
    setTyping({ text, sent: next });
    setLeft(false);
    send(next);
  };
  const openCalendar = () => {
    // a browser that cannot open its calendar here (no showPicker, or it refuses) still takes the
    // typed day: the seller is put back in the text box, never in the unseen input
    const calendar = picker.current;
    try {
      if (calendar?.showPicker) return calendar.showPicker();
    } catch {
      // refused (no user gesture, or a frame that may not): the text box below
    }
    document.getElementById(inputId)?.focus();
  };

  return (
    <div className={`field ${className}`}>
      <label htmlFor={inputId}>{label}</label>
      <div className="field-control date-control">
        <input
          ref={ref}
          id={inputId}
          className="input"
          type="text"
          autoComplete="off"
          placeholder="dd/mm/yyyy"
          disabled={disabled}
          readOnly={readOnly}
          aria-invalid={shownError ? true : undefined}
          aria-describedby={describedBy}
          {...rest}
          value={draft ?? shownDay(day)}
          onChange={(e) => typeText(e.target.value)}
          onBlur={(e) => {
            setLeft(true);
            if (!unreadable) setTyping(null);
            onBlur?.(e);
          }}
        />
        <button
          type="button"
          className="date-control-button"
          aria-label="Open the calendar"
          disabled={disabled || readOnly}
          onClick={openCalendar}
        >
          <CalendarIcon />
        </button>
        <input
          ref={picker}
          className="date-control-picker"
          type="date"
          tabIndex={-1}
          aria-hidden="true"
          disabled={disabled || readOnly}
          value={pickable ? day : ''}
          min={min}
          max={max}
          onChange={(e) => {
            setTyping(null);
            send(e.target.value);
          }}
        />
      </div>
      {hint && (
        <span id={`${inputId}-hint`} className="field-hint">
          {hint}
        </span>
      )}
      {shownError && (
        <span id={`${inputId}-error`} className="field-error" role="alert">
          {shownError}
        </span>
      )}
    </div>
  );
});
