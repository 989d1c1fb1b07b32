// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { API_NDR, buyerAnswerTooLate, type BuyerNdrView } from '../../src/domain/ndr-contract';
import { NdrResponseScreen } from '../../src/track/ndr-response-screen';

// The buyer's NDR page when the server refuses a late answer with 409: it says the delivery was
// answered already and why, and never thanks the buyer as if the courier had been told.

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const VIEW: BuyerNdrView = {
  brandName: 'Meera Crafts',
  logoUrl: null,
  orderNumber: 'ORD-000007',
  carrierName: 'Shadowfax',
  parcel: 'Blue Pottery Vase',
  paymentMethod: 'PPD',
  codAmountPaise: 0,
  attempt: 1,
  reason: 'CONSIGNEE_UNAVAILABLE',
  reasonText: 'You were not available',
  addressHint: '••••dranagar, Bengaluru 560038',
  address: { line1: '12 Indiranagar', line2: '', pincode: '560038', city: 'Bengaluru', state: 'Karnataka' },
  phoneHint: '+91 ••••••6655',
  noAnswerAction: 'REATTEMPT',
  options: ['REATTEMPT', 'DECLINE'],
  dates: { min: '2099-11-21', max: '2099-11-23' },
  answered: null,
};

describe('the buyer’s NDR page', () => {
  it('shows a 409 to a late answer as "Already answered" with the server’s reason', async () => {
    const late = buyerAnswerTooLate('SELLER');
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init?: RequestInit) => {
        expect(url).toBe(API_NDR.buyer('tok.en'));
        if (init?.method === 'POST')
          return new Response(JSON.stringify({ errorMessage: late }), {
            status: 409,
            headers: { 'content-type': 'application/json', 'x-error-message': late },
          });
        return new Response(JSON.stringify({ data: VIEW }), { headers: { 'content-type': 'application/json' } });
      }),
    );
    render(<NdrResponseScreen token="tok.en" />);
    fireEvent.click(await screen.findByRole('button', { name: /I do not want it/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Send it back' }));
    expect(await screen.findByRole('heading', { name: 'Already answered' })).toBeTruthy();
    expect(screen.getByText(late)).toBeTruthy();
    expect(screen.queryByText('Thank you, we have told the courier')).toBeNull();
  });
});
