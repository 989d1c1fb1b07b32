// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import { FailureText } from '../../src/ui/screens/kyc/failure-text';

// Where booking is refused for KYC (the ship, auto-ship, split and change-courier dialogs, a
// return's pickup), the refusal names what is missing and links to that KYC step.

afterEach(cleanup);

const shown = (text: string) =>
  render(
    <MemoryRouter>
      <FailureText text={text} />
    </MemoryRouter>,
  );

describe('a KYC refusal on a booking dialog', () => {
  it.each([
    ['PAN not verified: verify your PAN in KYC to ship.', 'Verify PAN', '/kyc?step=pan'],
    ['Aadhaar not verified: verify your Aadhaar number by OTP in KYC to ship.', 'Verify Aadhaar', '/kyc?step=aadhaar'],
    ['KYC documents missing: upload the Photograph to ship.', 'Upload documents', '/kyc?step=documents'],
    ['KYC not submitted: everything is ready, submit it for verification to ship.', 'Submit KYC', '/kyc?step=review'],
    ['KYC sent back: upload again PAN card to ship.', 'Upload documents', '/kyc?step=documents'],
  ])('%s links to its step', (text, name, href) => {
    shown(text);
    expect(screen.getByText(text, { exact: false })).toBeTruthy();
    expect(screen.getByRole('link', { name }).getAttribute('href')).toBe(href);
  });

  it('while waiting for review it says why and links to the KYC status, never "complete your KYC"', () => {
    const text =
      "KYC submitted, awaiting review because the name on the PAN, 'PRIYA NAIR', differs from the account holder's name, 'Anil Kumar'. You can ship as soon as our team verifies it.";
    shown(text);
    expect(screen.getByRole('link', { name: 'View KYC status' }).getAttribute('href')).toBe('/kyc');
    expect(document.body.textContent).not.toMatch(/complete your KYC/i);
  });

  it('any other refusal is shown as it is, with no link', () => {
    shown('Wallet balance is too low for this shipment');
    expect(screen.queryByRole('link')).toBeNull();
  });
});
