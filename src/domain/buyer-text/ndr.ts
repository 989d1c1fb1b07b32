import { formatDay } from '../format';
import { BUYER_NDR_ANSWERS, buyerAnswerTooLate, NDR_ACTIONS, NDR_REASONS, type NdrReason } from '../ndr-contract';
import { BUYER_DATE_LABEL, NDR_FIELD_LABELS, NDR_PROBLEMS, type NdrTextField } from '../ndr-forms';
import { MAX_DELIVERY_ATTEMPTS, NDR_WINDOW_HOURS, ndrNoAnswerRule } from '../ndr-rules';
import type { BuyerText, Words } from './en';
import { buyerDay, inPageWords, type BuyerLang } from './language';

// The buyer's answer page after a failed delivery (/ndr/{token}) in English and Hindi: loaded with
// that page only. The rules' problems (ndr-forms.ts) and the server's words (the reason, the
// answer that stands, a late answer) are found by their key and said in the page's language.

/** Fields the buyer fills, as the page labels them. */
type BuyerField = Exclude<NdrTextField, 'reattemptDate' | 'remarks'>;

const EN = {
  title: 'Your delivery: tell us what to do',
  attemptFailed: (attempt: number) => `Delivery attempt ${attempt} failed`,
  heading: (orderNumber: string) => `We missed you: order ${orderNumber}`,
  couldNotDeliver: (carrier: string, parcel: string) => `${carrier} could not deliver your parcel (${parcel}):`,
  /** the parcel as the server names it ('Your parcel', '<first item> and 2 more') */
  parcel: { none: 'Your parcel', more: (first: string, more: number) => `${first} and ${more} more` },
  reasons: NDR_REASONS as Record<NdrReason, string>,
  noAnswer: { REATTEMPT: ndrNoAnswerRule('REATTEMPT', 'BUYER'), RTO: ndrNoAnswerRule('RTO', 'BUYER') },
  keepCash: (amount: string) => `Keep ${amount} ready to pay on delivery.`,
  thanks: 'Thank you, we have told the courier',
  yourAnswer: (answer: string) => `Your answer: ${answer}.`,
  sellerReturns: 'The seller has asked the courier to return the parcel to them.',
  sellerActed: (action: string) => `The seller has acted: ${action}.`,
  /** a late answer refused by the server (409) */
  tooLate: { BUYER: buyerAnswerTooLate('BUYER'), SELLER: buyerAnswerTooLate('SELLER') },
  expiredText: 'The time to answer has passed; the courier follows the seller’s instructions now.',
  ask: 'What should we do?',
  answers: { ...BUYER_NDR_ANSWERS } as Record<keyof typeof BUYER_NDR_ANSWERS, string>,
  answerHelp: {
    REATTEMPT: 'Pick a day and the courier brings it again.',
    UPDATE_DETAILS: 'Fix the address, add a landmark, or give another phone number.',
    DECLINE: 'The parcel goes back to the seller.',
  },
  /** the seller's actions, as the server names the one that stands */
  actions: { ...NDR_ACTIONS } as Record<keyof typeof NDR_ACTIONS, string>,
  courierHas: 'The courier has:',
  courierCalls: (phone: string) => `The courier calls ${phone}.`,
  labels: {
    addressLine1: 'House, building and street',
    addressLine2: 'Area or locality (optional)',
    landmark: 'Landmark',
    pincode: 'Pincode',
    phone: 'Another phone number (optional)',
  } satisfies Record<BuyerField, string>,
  /** each field named in what changes and in the problems */
  fieldNames: {
    addressLine1: 'House, building and street',
    addressLine2: 'Area or locality',
    landmark: 'Landmark',
    pincode: 'Pincode',
    phone: 'Phone number',
  } satisfies Record<BuyerField, string>,
  changes: { title: 'What changes', becomes: 'becomes', empty: '(none)', removed: '(removed)' },
  deliverOn: 'Deliver on',
  dayGroup: 'Delivery day',
  declined: (brand: string) => `The parcel goes back to ${brand}. You can still order again later.`,
  sendBack: 'Send it back',
  confirm: 'Confirm',
  dateName: BUYER_DATE_LABEL,
  problems: NDR_PROBLEMS,
};

export type NdrText = Words<typeof EN>;

const HI: NdrText = {
  title: 'आपकी डिलीवरी: बताइए अब क्या करें',
  attemptFailed: (attempt: number) =>
    `डिलीवरी की ${['पहली', 'दूसरी', 'तीसरी', 'चौथी'][attempt - 1] ?? `${attempt}वीं`} कोशिश नाकाम रही`,
  heading: (orderNumber: string) => `हम आप तक नहीं पहुँच पाए: ऑर्डर ${orderNumber}`,
  couldNotDeliver: (carrier: string, parcel: string) => `${carrier} आपका पार्सल (${parcel}) नहीं पहुँचा सका:`,
  parcel: { none: 'आपका पार्सल', more: (first: string, more: number) => `${first} और ${more} अन्य` },
  reasons: {
    CONSIGNEE_UNAVAILABLE: 'पाने वाला घर पर नहीं मिला',
    REFUSED: 'ख़रीदार ने पार्सल लेने से मना किया',
    ADDRESS_ISSUE: 'पता अधूरा या ग़लत है',
    NOT_CONTACTABLE: 'ख़रीदार से संपर्क नहीं हो पाया',
    FUTURE_DELIVERY: 'ख़रीदार ने किसी और दिन डिलीवरी माँगी',
    COD_NOT_READY: 'COD की रकम तैयार नहीं थी',
    AREA_NOT_REACHABLE: 'इलाक़े तक पहुँचा नहीं जा सका',
    COURIER_FAILURE: 'कूरियर की अपनी चूक या फ़र्ज़ी कोशिश का शक',
    OTHER: 'अन्य',
  },
  noAnswer: {
    REATTEMPT: `${NDR_WINDOW_HOURS} घंटे में जवाब न मिलने पर कूरियर फिर कोशिश करेगा, कुल ${MAX_DELIVERY_ATTEMPTS} कोशिशों तक; आख़िरी कोशिश के बाद पार्सल विक्रेता के पास वापस चला जाएगा।`,
    RTO: `${NDR_WINDOW_HOURS} घंटे में जवाब न मिलने पर पार्सल विक्रेता के पास वापस चला जाएगा।`,
  },
  keepCash: (amount: string) => `डिलीवरी पर देने के लिए ${amount} तैयार रखें।`,
  thanks: 'धन्यवाद, हमने कूरियर को बता दिया है',
  yourAnswer: (answer: string) => `आपका जवाब: ${answer}।`,
  sellerReturns: 'विक्रेता ने कूरियर से पार्सल उन्हें वापस भेजने को कहा है।',
  sellerActed: (action: string) => `विक्रेता ने कार्रवाई की है: ${action}।`,
  tooLate: {
    BUYER: 'आप इस डिलीवरी का जवाब पहले ही दे चुके हैं: आपका नया जवाब दर्ज हुआ, पर लागू नहीं हुआ',
    SELLER: 'विक्रेता ने इस डिलीवरी पर पहले ही कार्रवाई कर दी: आपका जवाब दर्ज हुआ, पर लागू नहीं हुआ',
  },
  expiredText: 'जवाब देने का समय निकल गया; अब कूरियर विक्रेता के निर्देश पर चलेगा।',
  ask: 'हम क्या करें?',
  answers: {
    REATTEMPT: 'मुझे पार्सल अब भी चाहिए',
    UPDATE_DETAILS: 'मेरा पता या फ़ोन नंबर ठीक करें',
    DECLINE: 'मुझे यह पार्सल नहीं चाहिए',
  },
  answerHelp: {
    REATTEMPT: 'एक दिन चुनें, कूरियर उस दिन फिर लाएगा।',
    UPDATE_DETAILS: 'पता ठीक करें, कोई निशानी जोड़ें या दूसरा फ़ोन नंबर दें।',
    DECLINE: 'पार्सल विक्रेता के पास वापस चला जाएगा।',
  },
  actions: {
    REATTEMPT: 'फिर से डिलीवरी की कोशिश',
    CHANGE_ADDRESS: 'पता बदला',
    CHANGE_PHONE: 'फ़ोन नंबर बदला',
    RTO: 'विक्रेता को वापसी',
    FAKE_ATTEMPT: 'फ़र्ज़ी कोशिश की शिकायत',
  },
  courierHas: 'कूरियर के पास यह पता है:',
  courierCalls: (phone: string) => `कूरियर ${phone} पर फ़ोन करेगा।`,
  labels: {
    addressLine1: 'मकान, बिल्डिंग और गली',
    addressLine2: 'इलाक़ा या मोहल्ला (वैकल्पिक)',
    landmark: 'निशानी (लैंडमार्क)',
    pincode: 'पिनकोड',
    phone: 'दूसरा फ़ोन नंबर (वैकल्पिक)',
  },
  fieldNames: {
    addressLine1: 'मकान, बिल्डिंग और गली',
    addressLine2: 'इलाक़ा या मोहल्ला',
    landmark: 'निशानी (लैंडमार्क)',
    pincode: 'पिनकोड',
    phone: 'फ़ोन नंबर',
  },
  changes: { title: 'क्या बदलेगा', becomes: 'बनेगा', empty: '(कुछ नहीं)', removed: '(हटाया गया)' },
  deliverOn: 'डिलीवरी का दिन',
  dayGroup: 'डिलीवरी का दिन',
  declined: (brand: string) => `पार्सल ${brand} के पास वापस चला जाएगा। आप बाद में फिर से ऑर्डर कर सकते हैं।`,
  sendBack: 'वापस भेज दें',
  confirm: 'पक्का करें',
  dateName: 'डिलीवरी का दिन',
  problems: {
    required: (label: string) => `${label} भरना ज़रूरी है`,
    addressTooShort: 'मकान, बिल्डिंग और गली कम से कम 10 अक्षरों में लिखें',
    landmarkTooShort: 'निशानी कम से कम 3 अक्षरों में लिखें',
    pincode: 'पिनकोड 6 अंकों का हो और 0 से शुरू न हो',
    phone: 'फ़ोन नंबर 10 अंकों का हो और 6, 7, 8 या 9 से शुरू हो',
    notADate: (label: string) => `${label} एक तारीख़ होनी चाहिए`,
    dateTooEarly: (label: string, min: string) => `${label} ${min} या उसके बाद का होना चाहिए`,
    dateTooLate: (label: string, max: string) => `${label} ${max} तक का होना चाहिए`,
    pickADay: 'डिलीवरी के लिए एक दिन चुनें',
    nothingChanged: 'पता बदलें या दूसरा फ़ोन नंबर दें: अभी सब कुछ वही है जो कूरियर के पास है',
    chooseAnswer: 'एक जवाब चुनें',
  },
};

export const NDR_TEXT: Record<BuyerLang, NdrText> = { en: EN, hi: HI };

/**
 * A problem of the buyer's form (ndr-forms.ts) in the page's words: its key found among the
 * problems the rules can give this page (a field required, too short, a day outside the courier's
 * window), then said with the same key. Anything else stays as it came.
 */
export function ndrProblemText(message: string, dates: { min: string; max: string }, w: NdrText, t: BuyerText): string {
  if (w === EN) return message;
  const en = NDR_PROBLEMS;
  const p = w.problems;
  const pairs: [string, string][] = [
    [en.addressTooShort, p.addressTooShort],
    [en.landmarkTooShort, p.landmarkTooShort],
    [en.pincode, p.pincode],
    [en.phone, p.phone],
    [en.pickADay, p.pickADay],
    [en.nothingChanged, p.nothingChanged],
    [en.chooseAnswer, p.chooseAnswer],
    [en.notADate(BUYER_DATE_LABEL), p.notADate(w.dateName)],
    [en.dateTooEarly(BUYER_DATE_LABEL, formatDay(dates.min)), p.dateTooEarly(w.dateName, buyerDay(dates.min, t))],
    [en.dateTooLate(BUYER_DATE_LABEL, formatDay(dates.max)), p.dateTooLate(w.dateName, buyerDay(dates.max, t))],
    ...(Object.keys(w.fieldNames) as BuyerField[]).map((f): [string, string] => [
      en.required(NDR_FIELD_LABELS[f]),
      p.required(w.fieldNames[f]),
    ]),
  ];
  return pairs.find(([english]) => english === message)?.[1] ?? message;
}

/** The parcel as the server names it, in the page's words. */
export function ndrParcelText(parcel: string, w: NdrText): string {
  if (parcel === EN.parcel.none) return w.parcel.none;
  const more = / and (\d+) more$/.exec(parcel);
  return more ? w.parcel.more(parcel.slice(0, more.index), Number(more[1])) : parcel;
}

/** The answer that stands (the buyer's, or the seller's action), as the server names it, in the page's words. */
export const ndrAnswerText = (answer: string, w: NdrText) =>
  inPageWords(inPageWords(answer, EN.answers, w.answers), EN.actions, w.actions);

/** A refusal of a late answer, in the page's words. */
export const ndrRefusalText = (message: string, w: NdrText) => inPageWords(message, EN.tooLate, w.tooLate);
