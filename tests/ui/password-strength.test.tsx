// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { TextField } from '../../src/ui/kit';

// A new password's field names its strength under it, and the field is described by it.

afterEach(cleanup);

describe('password strength under a new password', () => {
  it.each([
    ['', 'Enter a password'],
    ['abcdefgh', 'Password strength: Weak'],
    ['Abcdefg1', 'Password strength: Medium'],
    ['Abcdefg1!', 'Password strength: Strong'],
  ])('%s reads “%s”', (value, text) => {
    render(<TextField label="Password" type="password" strength value={value} onChange={() => undefined} />);
    const line = screen.getByText(text);
    expect(screen.getByLabelText('Password').getAttribute('aria-describedby')).toContain(line.id);
  });

  it('is absent from other fields', () => {
    render(<TextField label="Email" value="a@b.in" onChange={() => undefined} />);
    expect(screen.queryByText(/Password strength|Enter a password/)).toBeNull();
  });
});
