import { useEffect, useRef, type ClipboardEvent, type KeyboardEvent } from 'react';

// One-time-code entry (spec section 5): a box per character; digits-only rejects and clears
// non-digits; letter case applies when digits-only is off; pasted text loses its whitespace and
// spreads across the boxes (digits-only accepts all-digit text only); Space is blocked;
// Backspace/Delete clear and move back; arrows move; optional masking; optional auto-focus.

export interface OtpInputProps {
  value: string;
  onChange: (value: string) => void;
  length?: number;
  digitsOnly?: boolean;
  letterCase?: 'upper' | 'lower';
  masked?: boolean;
  autoFocus?: boolean;
  label: string;
  disabled?: boolean;
  invalid?: boolean;
}

export function OtpInput({
  value,
  onChange,
  length = 4,
  digitsOnly = true,
  letterCase,
  masked = false,
  autoFocus = true,
  label,
  disabled,
  invalid,
}: OtpInputProps) {
  const boxes = useRef<(HTMLInputElement | null)[]>([]);
  const chars = Array.from({ length }, (_, i) => value[i] ?? '');

  useEffect(() => {
    if (autoFocus) boxes.current[0]?.focus();
  }, [autoFocus]);

  const normalise = (ch: string) =>
    digitsOnly ? ch : letterCase === 'upper' ? ch.toUpperCase() : letterCase === 'lower' ? ch.toLowerCase() : ch;
  const setAt = (i: number, ch: string) => {
    const next = chars.slice();
    next[i] = ch;
    onChange(next.join('').slice(0, length));
  };
  const focus = (i: number) => boxes.current[Math.max(0, Math.min(length - 1, i))]?.focus();

  const onInput = (i: number, raw: string) => {
    const ch = raw.slice(-1);
    if (!ch) return setAt(i, '');
    if (digitsOnly && !/\d/.test(ch)) return setAt(i, '');
    setAt(i, normalise(ch));
    focus(i + 1);
  };

  const onKeyDown = (i: number, e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === ' ') e.preventDefault();
    else if (e.key === 'Backspace' || e.key === 'Delete') {
      e.preventDefault();
      setAt(i, '');
      focus(i - 1);
    } else if (e.key === 'ArrowLeft') {
      e.preventDefault();
      focus(i - 1);
    } else if (e.key === 'ArrowRight') {
      e.preventDefault();
      focus(i + 1);
    }
  };

  const onPaste = (i: number, e: ClipboardEvent<HTMLInputElement>) => {
    e.preventDefault();
    const text = e.clipboardData.getData('text').replace(/\s+/g, '');
    if (!text || (digitsOnly && !/^\d+$/.test(text))) return;
    const next = chars.slice();
    [...text].slice(0, length - i).forEach((ch, k) => (next[i + k] = normalise(ch)));
    onChange(next.join('').slice(0, length));
    focus(i + text.length);
  };

  return (
    <fieldset className="otp" aria-invalid={invalid || undefined}>
      <legend className="otp-legend">{label}</legend>
      <div className="otp-boxes">
        {chars.map((ch, i) => (
          <input
            key={i}
            ref={(el) => {
              boxes.current[i] = el;
            }}
            className="otp-box"
            type={masked ? 'password' : 'text'}
            inputMode={digitsOnly ? 'numeric' : 'text'}
            autoComplete={i === 0 ? 'one-time-code' : 'off'}
            aria-label={`${label} character ${i + 1} of ${length}`}
            value={ch}
            maxLength={2}
            disabled={disabled}
            onChange={(e) => onInput(i, e.target.value)}
            onKeyDown={(e) => onKeyDown(i, e)}
            onPaste={(e) => onPaste(i, e)}
          />
        ))}
      </div>
    </fieldset>
  );
}
