// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useState } from 'react';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { TextField } from '../../src/ui/kit';

// A day field types and shows the day the Indian way whatever the browser's language, and the form
// behind it still gets yyyy-mm-dd.

afterEach(cleanup);

/** A form's field: keeps what the field sends, as the screens' machines do, and records each value. */
function Form({ start = '', seen, error }: { start?: string; seen: (day: string) => void; error?: string }) {
  const [day, setDay] = useState(start);
  return (
    <TextField
      label="Order date"
      type="date"
      value={day}
      error={error}
      hint="The day the buyer ordered"
      onChange={(e) => {
        seen(e.target.value);
        setDay(e.target.value);
      }}
    />
  );
}

const field = () => screen.getByLabelText('Order date') as HTMLInputElement;

describe('a day field', () => {
  it('shows the form’s day as dd MMM yyyy in a text box, whatever the browser shows for dates', () => {
    render(<Form start="2026-12-05" seen={() => undefined} />);
    expect(field().type).toBe('text');
    expect(field().value).toBe('05 Dec 2026');
    expect(field().placeholder).toBe('dd/mm/yyyy');
    expect(field().getAttribute('aria-describedby')).toBe(screen.getByText('The day the buyer ordered').id);
  });

  it('sends yyyy-mm-dd once the typed text is a whole day, and keeps the text while it is typed', () => {
    const seen = vi.fn();
    render(<Form seen={seen} />);
    fireEvent.change(field(), { target: { value: '25/12/20' } });
    expect(seen).not.toHaveBeenCalled();
    expect(field().value).toBe('25/12/20');
    fireEvent.change(field(), { target: { value: '25/12/2026' } });
    expect(seen).toHaveBeenLastCalledWith('2026-12-25');
    expect(field().value).toBe('25/12/2026');
    fireEvent.blur(field());
    expect(field().value).toBe('25 Dec 2026');
    expect(field().getAttribute('aria-invalid')).toBeNull();
  });

  it('clears the form’s day while the text is not a day, and says how to type it once the seller leaves', () => {
    const seen = vi.fn();
    render(<Form start="2026-12-05" seen={seen} />);
    fireEvent.change(field(), { target: { value: '12/31/2026' } });
    expect(seen).toHaveBeenLastCalledWith('');
    expect(screen.queryByRole('alert')).toBeNull();
    fireEvent.blur(field());
    expect(field().value).toBe('12/31/2026');
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toBe('Order date must be a date as dd/mm/yyyy, for example 25/12/2026');
    expect(field().getAttribute('aria-invalid')).toBe('true');
    expect(field().getAttribute('aria-describedby')).toContain(alert.id);
    fireEvent.change(field(), { target: { value: '31/12/2026' } });
    expect(seen).toHaveBeenLastCalledWith('2026-12-31');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('sends nothing while the text stays off a day, and clears the day when the text is emptied', () => {
    const seen = vi.fn();
    render(<Form start="2026-12-05" seen={seen} />);
    fireEvent.change(field(), { target: { value: '05 Dec' } });
    fireEvent.change(field(), { target: { value: '05 De' } });
    expect(seen.mock.calls).toEqual([['']]);
    fireEvent.change(field(), { target: { value: '' } });
    expect(seen.mock.calls).toEqual([['']]);
    fireEvent.blur(field());
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('shows the form’s own error when the text is a day', () => {
    render(<Form start="2026-12-05" seen={() => undefined} error="Order date cannot be in the future" />);
    expect(screen.getByRole('alert').textContent).toBe('Order date cannot be in the future');
    expect(field().getAttribute('aria-invalid')).toBe('true');
  });

  it('takes a day from the browser’s calendar, and shows a day set from elsewhere over the typed text', () => {
    const seen = vi.fn();
    const { container, rerender } = render(<Form seen={seen} />);
    const calendar = container.querySelector('input[type="date"]') as HTMLInputElement;
    expect(calendar.getAttribute('aria-hidden')).toBe('true');
    expect(calendar.tabIndex).toBe(-1);
    fireEvent.change(calendar, { target: { value: '2026-11-14' } });
    expect(seen).toHaveBeenLastCalledWith('2026-11-14');
    expect(field().value).toBe('14 Nov 2026');
    expect(calendar.value).toBe('2026-11-14');

    // a calendar button, in the tab order, named for what it does; it asks the browser for its
    // calendar, and where the browser has none, puts the seller back in the text box
    const button = screen.getByRole('button', { name: 'Open the calendar' });
    const showPicker = vi.fn();
    calendar.showPicker = showPicker;
    fireEvent.click(button);
    expect(showPicker).toHaveBeenCalledTimes(1);
    calendar.showPicker = () => {
      throw new DOMException('not now', 'NotAllowedError');
    };
    button.focus();
    fireEvent.click(button);
    expect(document.activeElement).toBe(field());
    rerender(<Form seen={seen} />);
    expect(field().value).toBe('14 Nov 2026');
  });

  it('passes the calendar its first and last days, and shuts both when the field is disabled', () => {
    const { container } = render(
      <TextField
        label="Re-attempt date"
        type="date"
        min="2026-12-04"
        max="2026-12-09"
        value=""
        disabled
        onChange={() => undefined}
      />,
    );
    const calendar = container.querySelector('input[type="date"]') as HTMLInputElement;
    expect([calendar.min, calendar.max]).toEqual(['2026-12-04', '2026-12-09']);
    expect(calendar.disabled).toBe(true);
    expect((screen.getByLabelText('Re-attempt date') as HTMLInputElement).disabled).toBe(true);
    expect((screen.getByRole('button', { name: 'Open the calendar' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('never makes a form the browser checks refuse to submit over the calendar nobody sees', () => {
    const window = { min: '2026-12-04', max: '2026-12-09' };
    const day = (value: string) => (
      <form aria-label="Re-attempt">
        <TextField label="Re-attempt date" type="date" {...window} value={value} onChange={() => undefined} />
      </form>
    );
    const { container, rerender } = render(day('2026-12-01'));
    const calendar = container.querySelector('input[type="date"]') as HTMLInputElement;
    const form = screen.getByRole('form', { name: 'Re-attempt' }) as HTMLFormElement;
    // a day before the window is the form's to refuse, in words: the calendar holds no day then
    expect(calendar.value).toBe('');
    expect(form.checkValidity()).toBe(true);
    expect((screen.getByLabelText('Re-attempt date') as HTMLInputElement).value).toBe('01 Dec 2026');
    rerender(day('2026-12-10'));
    expect(calendar.value).toBe('');
    expect(form.checkValidity()).toBe(true);
    rerender(day('2026-12-05'));
    expect(calendar.value).toBe('2026-12-05');
    expect(form.checkValidity()).toBe(true);
  });

  it('is one field when a screen turns a text field into a day field', () => {
    const { rerender } = render(<TextField label="From" type="text" value="abc" onChange={() => undefined} />);
    expect((screen.getByLabelText('From') as HTMLInputElement).value).toBe('abc');
    rerender(<TextField label="From" type="date" value="2026-12-05" onChange={() => undefined} />);
    expect((screen.getByLabelText('From') as HTMLInputElement).value).toBe('05 Dec 2026');
    expect(screen.getAllByRole('textbox')).toHaveLength(1);
  });
});
