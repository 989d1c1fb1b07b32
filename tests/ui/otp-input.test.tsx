// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { OtpInput } from '../../src/ui/kit/otp-input';

function Harness(props: { length?: number; digitsOnly?: boolean; letterCase?: 'upper' | 'lower' }) {
  const [value, setValue] = useState('');
  return (
    <>
      <OtpInput label="OTP" value={value} onChange={setValue} {...props} />
      <output data-testid="value">{value}</output>
    </>
  );
}

const boxes = () => screen.getAllByRole('textbox') as HTMLInputElement[];
const value = () => screen.getByTestId('value').textContent;

describe('one-time-code input (spec section 5)', () => {
  afterEach(cleanup);

  it('has four boxes by default and six when asked, the first focused', () => {
    render(<Harness />);
    expect(boxes()).toHaveLength(4);
    expect(document.activeElement).toBe(boxes()[0]);
    cleanup();
    render(<Harness length={6} />);
    expect(boxes()).toHaveLength(6);
  });

  it('takes digits, moves on, and rejects and clears a non-digit', () => {
    render(<Harness />);
    fireEvent.change(boxes()[0], { target: { value: '4' } });
    expect(value()).toBe('4');
    expect(document.activeElement).toBe(boxes()[1]);
    fireEvent.change(boxes()[1], { target: { value: 'a' } });
    expect(value()).toBe('4');
  });

  it('spreads a pasted code across the boxes, stripping whitespace; refuses non-digits when digits-only', () => {
    render(<Harness length={6} />);
    fireEvent.paste(boxes()[0], { clipboardData: { getData: () => ' 123 456 ' } });
    expect(value()).toBe('123456');
    cleanup();
    render(<Harness length={6} />);
    fireEvent.paste(boxes()[0], { clipboardData: { getData: () => '12ab56' } });
    expect(value()).toBe('');
  });

  it('applies letter case when digits-only is off', () => {
    render(<Harness digitsOnly={false} letterCase="upper" />);
    fireEvent.paste(boxes()[0], { clipboardData: { getData: () => 'ab1c' } });
    expect(value()).toBe('AB1C');
  });

  it('blocks Space; Backspace clears and moves back; arrows move', () => {
    render(<Harness />);
    fireEvent.paste(boxes()[0], { clipboardData: { getData: () => '1234' } });
    boxes()[3].focus();
    const space = fireEvent.keyDown(boxes()[3], { key: ' ' });
    expect(space).toBe(false);
    fireEvent.keyDown(boxes()[3], { key: 'Backspace' });
    expect(value()).toBe('123');
    expect(document.activeElement).toBe(boxes()[2]);
    fireEvent.keyDown(boxes()[2], { key: 'ArrowLeft' });
    expect(document.activeElement).toBe(boxes()[1]);
    fireEvent.keyDown(boxes()[1], { key: 'ArrowRight' });
    expect(document.activeElement).toBe(boxes()[2]);
  });
});
