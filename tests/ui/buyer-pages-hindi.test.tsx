// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { BUYER_LANG_KEY } from '../../src/domain/buyer-text/language';
import type { BuyerVerificationView } from '../../src/domain/cod-verification-contract';
import type { BuyerAdvanceView } from '../../src/domain/payment-modes-contract';
import { RETURN_REASONS } from '../../src/domain/returns';
import type { BuyerReturnOffer } from '../../src/domain/returns-contract';
import { AdvancePaymentScreen } from '../../src/track/advance-payment-screen';
import { CodConfirmationScreen } from '../../src/track/cod-confirmation-screen';
import { BuyerLanguage, LanguageSwitch } from '../../src/track/language';
import { ReturnRequestSection } from '../../src/track/return-request-section';

// The COD confirmation, advance payment and return request pages for a buyer whose choice is
// Hindi: the page's words, the machine's problems and the reasons in Hindi; amounts stay ₹ with
// Indian grouping; the switch turns the page to English.

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
});

function serve(data: unknown) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response(JSON.stringify({ data }), { headers: { 'content-type': 'application/json' } })),
  );
}

function inHindi(page: ReactNode) {
  localStorage.setItem(BUYER_LANG_KEY, 'hi');
  render(
    <BuyerLanguage>
      <LanguageSwitch />
      {page}
    </BuyerLanguage>,
  );
}

describe('the buyer pages in Hindi', () => {
  it('COD confirmation: the order, the question and a cancel without a reason', async () => {
    const view: BuyerVerificationView = {
      brandName: 'Meera Crafts',
      logoUrl: null,
      orderNumber: 'ORD-000042',
      items: [{ name: 'Blue Pottery Vase', quantity: 1 }],
      amountPaise: 1_24_500_00,
      paymentMethod: 'COD',
      addressText: '12 Indiranagar, Bengaluru 560038',
      buyerName: 'Asha Rao',
      state: 'PENDING',
      answeredText: null,
      dueAt: '2099-11-21T10:00:00.000Z',
      offerPrepaid: false,
    };
    serve(view);
    inHindi(<CodConfirmationScreen token="tok.en" />);
    expect(await screen.findByRole('heading', { name: 'आपका ऑर्डर ORD-000042' })).toBeTruthy();
    expect(document.title).toBe('अपना ऑर्डर पक्का करें');
    expect(screen.getByText('कैश ऑन डिलीवरी')).toBeTruthy();
    expect(screen.getByText('₹1,24,500.00')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'क्या यह ऑर्डर आपने दिया है?' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'नहीं, इसे रद्द करें' }));
    expect(screen.getByText('मेरा इरादा बदल गया')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'मेरा ऑर्डर रद्द करें' }));
    expect(await screen.findByText('एक कारण चुनें')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'English' }));
    expect(screen.getByText('Choose a reason')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Cancel my order' })).toBeTruthy();
  });

  it('advance payment: the amounts and the pay button', async () => {
    const view: BuyerAdvanceView = {
      brandName: 'Meera Crafts',
      orderNumber: 'ORD-000043',
      buyerName: 'Asha Rao',
      modeName: 'Partial COD',
      totalPaise: 2_50_000_00,
      advancePaise: 25_000_00,
      codAmountPaise: 2_25_000_00,
      paid: false,
      mayPay: true,
    };
    serve(view);
    inHindi(<AdvancePaymentScreen token="tok.en" />);
    expect(await screen.findByRole('heading', { name: 'आपका ऑर्डर ORD-000043' })).toBeTruthy();
    expect(screen.getByText('ऑर्डर की कुल रकम')).toBeTruthy();
    expect(screen.getByText('₹2,50,000.00')).toBeTruthy();
    expect(screen.getByText('डिलीवरी पर देने हैं')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'अभी ₹25,000.00 चुकाएँ' })).toBeTruthy();
    // the seller's own mode name stays as written
    expect(screen.getByText('Partial COD')).toBeTruthy();
  });

  it('return request: the window’s last day, the items step’s problem and the reasons', async () => {
    const offer: BuyerReturnOffer = {
      orderNumber: 'ORD-000044',
      companyName: 'Meera Crafts',
      deliveredAt: '2099-11-20T10:00:00.000Z',
      lastDay: '2099-11-27',
      canRequest: true,
      reason: '',
      items: [{ orderItemId: 7, name: 'Kurta', sku: 'K-1', returnableQuantity: 2 }],
      reasons: [
        {
          code: 'DAMAGED',
          label: RETURN_REASONS.DAMAGED.label,
          subReasons: Object.entries(RETURN_REASONS.DAMAGED.subReasons).map(([code, label]) => ({ code, label })),
        },
      ],
      request: null,
    };
    serve(offer);
    inHindi(<ReturnRequestSection trackingRef="SF1" linkKey="k" />);
    expect(await screen.findByText('आप 27 नवंबर 2099 तक यह ऑर्डर लौटाने के लिए कह सकते हैं।')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'रिटर्न का अनुरोध करें' }));
    expect(screen.getByText('Kurta (ज़्यादा से ज़्यादा 2)')).toBeTruthy();
    fireEvent.change(screen.getByRole('spinbutton'), { target: { value: '0' } });
    fireEvent.click(screen.getByRole('button', { name: 'आगे' }));
    expect(screen.getByRole('alert').textContent).toBe('लौटाने के लिए कम से कम एक सामान चुनें');
    fireEvent.change(screen.getByRole('spinbutton'), { target: { value: '1' } });
    fireEvent.click(screen.getByRole('button', { name: 'आगे' }));
    expect(screen.getByRole('option', { name: 'सामान टूटा-फूटा मिला' })).toBeTruthy();
  });
});
