// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { API_NDR, buyerAnswerTooLate, type BuyerNdrView } from '../../src/domain/ndr-contract';
import { pathOf } from '../../src/domain/operation';
import { NdrResponseScreen } from '../../src/track/ndr-response-screen';
import { BuyerLanguage, LanguageSwitch } from '../../src/track/language';
import { BUYER_LANG_KEY } from '../../src/domain/buyer-text/language';

// The buyer's NDR page when the server refuses a late answer with 409: it says the delivery was
// answered already and why, and never thanks the buyer as if the courier had been told. In
// Hindi: the page's words, the rules' problems and the days, until the switch turns it to English.

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
        expect(url).toBe(pathOf(API_NDR.buyer, { token: 'tok.en' }));
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

describe('the buyer’s NDR page in Hindi', () => {
  it('speaks Hindi, with the rules’ problems in Hindi, and the switch turns it to English and keeps it', async () => {
    localStorage.setItem(BUYER_LANG_KEY, 'hi');
    vi.stubGlobal(
      'fetch',
      vi.fn(
        async () =>
          new Response(JSON.stringify({ data: { ...VIEW, options: ['REATTEMPT', 'UPDATE_DETAILS', 'DECLINE'] } }), {
            headers: { 'content-type': 'application/json' },
          }),
      ),
    );
    render(
      <BuyerLanguage>
        <LanguageSwitch />
        <NdrResponseScreen token="tok.en" />
      </BuyerLanguage>,
    );
    expect(await screen.findByRole('heading', { name: 'हम आप तक नहीं पहुँच पाए: ऑर्डर ORD-000007' })).toBeTruthy();
    expect(document.title).toBe('आपकी डिलीवरी: बताइए अब क्या करें');
    expect(screen.getByText('पाने वाला घर पर नहीं मिला')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /मेरा पता या फ़ोन नंबर ठीक करें/ }));
    // sent unchanged: nothing differs, said in Hindi
    fireEvent.click(screen.getByRole('button', { name: 'पक्का करें' }));
    expect(await screen.findByText(/अभी सब कुछ वही है जो कूरियर के पास है/)).toBeTruthy();
    fireEvent.change(screen.getByLabelText('पिनकोड'), { target: { value: '060038' } });
    fireEvent.click(screen.getByRole('button', { name: 'पक्का करें' }));
    expect(await screen.findByText('पिनकोड 6 अंकों का हो और 0 से शुरू न हो')).toBeTruthy();
    // the days in Hindi: short weekday, day, month
    const days = screen.getByRole('radiogroup', { name: 'डिलीवरी का दिन' });
    expect(days.textContent).toContain('21 नवंबर');
    // English: the same form and its problem in English, the choice kept
    fireEvent.click(screen.getByRole('button', { name: 'English' }));
    expect(screen.getByText('Pincode must be 6 digits and not start with 0')).toBeTruthy();
    expect(screen.getByLabelText('Pincode')).toBeTruthy();
    expect(document.documentElement.lang).toBe('en-IN');
    expect(localStorage.getItem(BUYER_LANG_KEY)).toBe('en');
    localStorage.clear();
  });
});
