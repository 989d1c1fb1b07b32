import { ANSWERED_ALREADY, BUYER_COD_PROBLEMS, CANCEL_REASONS, SHIPPED_ALREADY } from '../cod-verification';
import type { Words } from './en';
import { inPageWords, type BuyerLang } from './language';

// The buyer's COD confirmation page (/cod/{token}) in English and Hindi: loaded with that page
// only. The machine's problems and the server's sentences are found by their key and said in the
// page's language.

const EN = {
  title: 'Confirm your order',
  cod: 'Cash on delivery',
  prepaid: 'Prepaid',
  toPayOnDelivery: 'to pay on delivery',
  paid: 'paid',
  deliverTo: (name: string, address: string) => `Deliver to ${name}, ${address}`,
  /** the heading once the link is answered, by the order's state */
  done: {
    PENDING: 'Thank you',
    CONFIRMED: 'Order confirmed: it ships soon',
    CANCELLED: 'Order cancelled',
    SWITCHED: 'Paid: your order is prepaid now',
    EXPIRED: 'This link has expired',
  },
  /** the server's sentence for an answered link (or a refused answer) */
  answered: { ...ANSWERED_ALREADY, SHIPPED: SHIPPED_ALREADY },
  ask: 'Did you place this order?',
  shipsOnConfirm: (brand: string) => `${brand} ships it once you confirm.`,
  confirm: 'Yes, confirm my order',
  confirming: 'Confirming…',
  payInstead: (amount: string) => `Pay ${amount} now instead`,
  cancel: 'No, cancel it',
  whyCancel: 'Why cancel?',
  reasonGroup: 'Reason',
  reasons: { ...CANCEL_REASONS } as Record<keyof typeof CANCEL_REASONS, string>,
  cancelOrder: 'Cancel my order',
  cancelling: 'Cancelling…',
  problems: BUYER_COD_PROBLEMS,
};

export type CodText = Words<typeof EN>;

const HI: CodText = {
  title: 'अपना ऑर्डर पक्का करें',
  cod: 'कैश ऑन डिलीवरी',
  prepaid: 'पहले से भुगतान',
  toPayOnDelivery: 'डिलीवरी पर देने हैं',
  paid: 'चुका दिए गए',
  deliverTo: (name: string, address: string) => `डिलीवरी: ${name}, ${address}`,
  done: {
    PENDING: 'धन्यवाद',
    CONFIRMED: 'ऑर्डर पक्का हो गया: जल्द ही भेजा जाएगा',
    CANCELLED: 'ऑर्डर रद्द हो गया',
    SWITCHED: 'भुगतान हो गया: अब आपके ऑर्डर का भुगतान पहले ही हो चुका है',
    EXPIRED: 'इस लिंक का समय ख़त्म हो गया है',
  },
  answered: {
    CONFIRMED: 'आप यह ऑर्डर पहले ही पक्का कर चुके हैं',
    CANCELLED: 'आप यह ऑर्डर पहले ही रद्द कर चुके हैं',
    SWITCHED: 'आप इस ऑर्डर का भुगतान पहले ही कर चुके हैं: अब इसका भुगतान हो चुका है',
    EXPIRED: 'इस लिंक का समय ख़त्म हो गया है: कृपया विक्रेता से संपर्क करें',
    SHIPPED: 'विक्रेता यह ऑर्डर पहले ही भेज चुके हैं: कृपया उनसे संपर्क करें',
  },
  ask: 'क्या यह ऑर्डर आपने दिया है?',
  shipsOnConfirm: (brand: string) => `आपके पक्का करते ही ${brand} इसे भेज देगा।`,
  confirm: 'हाँ, मेरा ऑर्डर पक्का करें',
  confirming: 'पक्का किया जा रहा है…',
  payInstead: (amount: string) => `इसके बजाय अभी ${amount} चुकाएँ`,
  cancel: 'नहीं, इसे रद्द करें',
  whyCancel: 'रद्द क्यों करना है?',
  reasonGroup: 'कारण',
  reasons: {
    NOT_ORDERED: 'मैंने यह ऑर्डर नहीं दिया',
    CHANGED_MIND: 'मेरा इरादा बदल गया',
    WRONG_DETAILS: 'पता या सामान ग़लत है',
    BETTER_PRICE: 'मुझे कहीं और सस्ता मिल गया',
    OTHER: 'कोई और कारण',
  },
  cancelOrder: 'मेरा ऑर्डर रद्द करें',
  cancelling: 'रद्द किया जा रहा है…',
  problems: {
    noReason: 'एक कारण चुनें',
    paymentFailed: 'भुगतान नहीं हो पाया। आप फिर कोशिश कर सकते हैं, या ऑर्डर पक्का करके डिलीवरी पर नकद दे सकते हैं।',
  },
};

export const COD_TEXT: Record<BuyerLang, CodText> = { en: EN, hi: HI };

/** The machine's problem or the server's sentence, in the page's words (else as it came). */
export const codSentence = (message: string, w: CodText) =>
  inPageWords(inPageWords(message, EN.problems, w.problems), EN.answered, w.answered);
