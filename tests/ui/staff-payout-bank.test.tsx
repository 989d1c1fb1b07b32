// @vitest-environment jsdom
import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { API_COD, type PayoutBankDetails } from '../../src/domain/cod-contract';
import { pathOf } from '../../src/domain/operation';
import { PayoutBankDetailsCard } from '../../src/ui/screens/corporate/payout-bank-details';
import { fakeHttp, renderScreen, screensThatSaveFiles } from './helpers';

// The staff payout page's bank details: masked until asked (the server audits each reveal), then
// the whole account the transfer needs; a refusal for another role is said in the card.

screensThatSaveFiles();

const DETAILS: PayoutBankDetails = {
  payoutId: 42,
  holderName: 'Meera Sharma',
  accountNumber: '50100123456789',
  ifsc: 'HDFC0000123',
  bankName: 'HDFC Bank',
  branch: 'Jaipur MI Road',
};

describe('the bank details for a payout’s transfer', () => {
  it('asks the server only when staff choose to see them, then shows the whole account', async () => {
    const { http, calls } = fakeHttp({
      [`GET ${pathOf(API_COD.bankDetails, { payoutId: 42 })}`]: () => ({ data: DETAILS }),
    });
    renderScreen(<PayoutBankDetailsCard payoutId={42} />, { http });
    const card = screen.getByRole('heading', { name: 'Bank details for the transfer' }).parentElement!;
    expect(within(card).queryByText('50100123456789')).toBeNull();
    expect(calls).toEqual([]);
    fireEvent.click(within(card).getByRole('button', { name: 'Show full bank details' }));
    await within(card).findByText('50100123456789');
    for (const text of ['Meera Sharma', 'HDFC0000123', 'HDFC Bank', 'Jaipur MI Road'])
      expect(within(card).getByText(text)).toBeTruthy();
    expect(calls.map((c) => `${c.method} ${c.path}`)).toEqual([`GET ${pathOf(API_COD.bankDetails, { payoutId: 42 })}`]);
  });

  it('says the refusal of a role that may not see them', async () => {
    const { http } = fakeHttp({
      [`GET ${pathOf(API_COD.bankDetails, { payoutId: 42 })}`]: () => {
        throw { status: 403, message: 'Your staff role does not allow this. Ask a Dakiya admin for access.' };
      },
    });
    renderScreen(<PayoutBankDetailsCard payoutId={42} />, { http });
    fireEvent.click(screen.getByRole('button', { name: 'Show full bank details' }));
    await screen.findByText('Your staff role does not allow this. Ask a Dakiya admin for access.');
  });
});
