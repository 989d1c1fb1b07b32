import { BUYER_ADVANCE_PROBLEMS } from '../payment-modes-contract';
import type { Words } from './en';
import { inPageWords, type BuyerLang } from './language';

// The buyer's advance payment page (/advance/{token}, a seller's partial-COD mode) in English and
// Hindi: loaded with that page only. The seller's mode name stays as the seller wrote it.

const EN = {
  title: 'Pay the advance for your order',
  orderTotal: 'Order total',
  advancePaid: 'Advance paid',
  advanceToPay: 'Advance to pay now',
  onDelivery: 'To pay on delivery',
  paidTitle: 'Advance paid: thank you',
  paidText: (brand: string, amount: string) =>
    `${brand} will ship your order now. Please keep ${amount} ready for the delivery.`,
  ask: 'Pay the advance',
  shipsOncePaid: (brand: string) => `${brand} ships your order once the advance is paid.`,
  payNow: (amount: string) => `Pay ${amount} now`,
  notAvailable: (brand: string) => `Paying online is not available for this order now: please contact ${brand}.`,
  problems: BUYER_ADVANCE_PROBLEMS,
};

export type AdvanceText = Words<typeof EN>;

const HI: AdvanceText = {
  title: 'अपने ऑर्डर का एडवांस चुकाएँ',
  orderTotal: 'ऑर्डर की कुल रकम',
  advancePaid: 'चुकाया गया एडवांस',
  advanceToPay: 'अभी चुकाने वाला एडवांस',
  onDelivery: 'डिलीवरी पर देने हैं',
  paidTitle: 'एडवांस चुका दिया गया: धन्यवाद',
  paidText: (brand: string, amount: string) => `${brand} अब आपका ऑर्डर भेजेगा। कृपया डिलीवरी के लिए ${amount} तैयार रखें।`,
  ask: 'एडवांस चुकाएँ',
  shipsOncePaid: (brand: string) => `एडवांस चुकाते ही ${brand} आपका ऑर्डर भेज देगा।`,
  payNow: (amount: string) => `अभी ${amount} चुकाएँ`,
  notAvailable: (brand: string) => `इस ऑर्डर के लिए अभी ऑनलाइन भुगतान नहीं हो सकता: कृपया ${brand} से संपर्क करें।`,
  problems: { paymentFailed: 'भुगतान नहीं हो पाया। कृपया फिर कोशिश करें।' },
};

export const ADVANCE_TEXT: Record<BuyerLang, AdvanceText> = { en: EN, hi: HI };

/** The machine's problem in the page's words (else as it came). */
export const advanceSentence = (message: string, w: AdvanceText) => inPageWords(message, EN.problems, w.problems);
