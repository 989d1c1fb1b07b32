import { MSG } from '../messages';
import { GLOSSARY, RETURN_GLOSSARY } from '../tracking/display';
import { FORWARD_WORDS, MSG_TRACKING, RETURN_WORDS, type TrackingWords } from '../tracking/messages';

// The buyer's pages in English: the tracking texts of spec section 2 (messages.ts, display.ts)
// and the page's own words. hi.ts has the same keys in Hindi.

export const BUYER_EN = {
  languageName: 'English',
  switchLabel: 'Language',
  months: [
    'January',
    'February',
    'March',
    'April',
    'May',
    'June',
    'July',
    'August',
    'September',
    'October',
    'November',
    'December',
  ],
  shortMonths: ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'],
  weekdays: ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'],
  shortWeekdays: ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'],
  /** 28 → '28th' */
  dayOfMonth: (n: number) => {
    const teen = n % 100 >= 11 && n % 100 <= 13;
    return `${n}${teen ? 'th' : (({ 1: 'st', 2: 'nd', 3: 'rd' } as Record<number, string>)[n % 10] ?? 'th')}`;
  },
  tracking: {
    ...MSG_TRACKING,
    fetching: 'Fetching your order…',
    lookupSubtitle: 'Find out where your parcel is and when it will reach you.',
    track: 'Track',
    pitchTitle: 'Selling online?',
    pitch:
      'Ship with 13 couriers from one wallet, print labels in bulk and let your buyers track every parcel on your own branded page.',
    pitchLink: 'Start free with Dakiya',
    estimated: 'Estimated delivery',
    delayed: (day: string) => `Order Delayed: support has updated the expected delivery to ${day}`,
    journey: 'Shipment journey',
    journeyLine: (carrier: string, number: string) => `${carrier} · Tracking number ${number}`,
    updates: 'Tracking updates',
    reference: 'Reference number',
    placedOn: 'Placed on',
    phone: 'Phone',
    address: 'Address',
    glossaryTitle: 'What these words mean',
    rateSeller: (company: string) => `Rate ${company}`,
    rateDelivery: 'Rate your delivery experience',
    scaleLabel: (title: string) => `${title}, 0 to 10`,
    faces: { 1: 'very unhappy', 2: 'unhappy', 3: 'neutral', 4: 'happy', 5: 'very happy' },
    tellMore: 'Tell us more (optional)',
    submit: 'Submit',
    sending: 'Sending…',
    orderConfirmed: 'Order confirmed',
    returnConfirmed: 'Return confirmed',
  },
  /** the answer pages' shared words (NDR answer, COD confirmation, advance payment, return request) */
  common: {
    back: 'Back',
    tryAgain: 'Try again',
    loadFailed: 'We could not load your order',
    linkNotValid: 'This link is not valid',
    openLatest: 'Open the link from the latest SMS or email about your order.',
    checkingPayment: 'Checking your payment…',
    redirecting: 'Taking you to the payment page…',
    doNotClose: 'Do not close this page.',
    openingPayment: 'Opening payment…',
    sending: 'Sending…',
    alreadyAnswered: 'Already answered',
    linkExpired: 'This link has expired',
    yourOrder: (orderNumber: string) => `Your order ${orderNumber}`,
    /** the words of a failed call, as the HTTP layer gives them */
    failures: { generic: MSG.genericError, offline: MSG.offline },
  },
  forward: FORWARD_WORDS as TrackingWords,
  returns: RETURN_WORDS as TrackingWords,
  glossary: GLOSSARY,
  returnGlossary: RETURN_GLOSSARY,
  /** the buyer's status titles by code; the server's words when a code is not here */
  status: {} as Partial<Record<string, string>>,
};

/** A catalogue's shape with any text in place of the English words. */
export type Words<T> = T extends string
  ? string
  : T extends (...args: infer A) => infer R
    ? (...args: A) => Words<R>
    : T extends readonly (infer E)[]
      ? readonly Words<E>[]
      : { [K in keyof T]: Words<T[K]> };

export type BuyerText = Words<typeof BUYER_EN>;
