import { RETURN_PROBLEMS } from '../return-draft';
import { RETURN_REASONS, type ReturnReason } from '../returns';
import type { Words } from './en';
import { inPageWords, type BuyerLang } from './language';

// The buyer's return request on the tracking page of a delivered order, in English and Hindi:
// loaded with that section only. Reasons and sub-reasons by their codes; the rules' problems
// (return-draft.ts) by their key. The seller's own note on a decision stays as the seller wrote it.

const SUB_REASONS_EN: Record<string, string> = Object.assign(
  {},
  ...Object.values(RETURN_REASONS).map((r) => r.subReasons as Record<string, string>),
);

const EN = {
  heading: 'Return',
  mayReturnUntil: (day: string) => `You can ask to return this order until ${day}.`,
  mayReturn: 'You can ask to return this order.',
  request: 'Request a return',
  whatItems: 'What do you want to return?',
  upTo: (name: string, most: number) => `${name} (up to ${most})`,
  why: 'Why are you returning it?',
  chooseReason: 'Choose a reason',
  whatExactly: 'What exactly?',
  chooseOne: 'Choose one',
  comment: 'Anything to add? (optional)',
  photos: (most: number) => `Photos of the product (optional, up to ${most})`,
  uploading: 'Uploading…',
  yourPhoto: (n: number) => `Your photo ${n}`,
  removePhoto: (n: number) => `Remove photo ${n}`,
  remove: 'Remove',
  changeIt: 'Change it',
  send: 'Send request',
  next: 'Next',
  cancel: 'Cancel',
  sending: 'Sending your request…',
  withSeller: (company: string) =>
    `Your return request is with ${company}. We will tell you by SMS and email when they decide.`,
  checkAgain: 'Check again',
  approved: 'Return approved.',
  approvedText: 'The courier will come to collect it.',
  trackReturn: 'Track your return',
  notAccepted: 'Return not accepted.',
  reasons: Object.fromEntries(Object.entries(RETURN_REASONS).map(([code, r]) => [code, r.label])) as Record<
    ReturnReason,
    string
  >,
  subReasons: SUB_REASONS_EN,
  problems: RETURN_PROBLEMS,
};

export type ReturnText = Words<typeof EN>;

const HI: ReturnText = {
  heading: 'रिटर्न',
  mayReturnUntil: (day: string) => `आप ${day} तक यह ऑर्डर लौटाने के लिए कह सकते हैं।`,
  mayReturn: 'आप यह ऑर्डर लौटाने के लिए कह सकते हैं।',
  request: 'रिटर्न का अनुरोध करें',
  whatItems: 'आप क्या लौटाना चाहते हैं?',
  upTo: (name: string, most: number) => `${name} (ज़्यादा से ज़्यादा ${most})`,
  why: 'आप इसे क्यों लौटा रहे हैं?',
  chooseReason: 'कारण चुनें',
  whatExactly: 'ठीक-ठीक क्या?',
  chooseOne: 'एक चुनें',
  comment: 'कुछ और कहना है? (वैकल्पिक)',
  photos: (most: number) => `सामान की फ़ोटो (वैकल्पिक, ज़्यादा से ज़्यादा ${most})`,
  uploading: 'अपलोड हो रहा है…',
  yourPhoto: (n: number) => `आपकी फ़ोटो ${n}`,
  removePhoto: (n: number) => `फ़ोटो ${n} हटाएँ`,
  remove: 'हटाएँ',
  changeIt: 'बदलें',
  send: 'अनुरोध भेजें',
  next: 'आगे',
  cancel: 'रद्द करें',
  sending: 'आपका अनुरोध भेजा जा रहा है…',
  withSeller: (company: string) => `आपका रिटर्न अनुरोध ${company} के पास है। उनके फ़ैसले की जानकारी हम आपको SMS और ईमेल से देंगे।`,
  checkAgain: 'फिर से देखें',
  approved: 'रिटर्न मंज़ूर हो गया।',
  approvedText: 'कूरियर इसे लेने आएगा।',
  trackReturn: 'अपना रिटर्न ट्रैक करें',
  notAccepted: 'रिटर्न मंज़ूर नहीं हुआ।',
  reasons: {
    DAMAGED: 'सामान टूटा-फूटा मिला',
    DEFECTIVE: 'सामान ख़राब है या काम नहीं करता',
    WRONG_ITEM: 'ग़लत सामान भेजा गया',
    SIZE_FIT: 'साइज़ या फ़िटिंग',
    NOT_AS_DESCRIBED: 'जैसा बताया गया था वैसा नहीं',
    NO_LONGER_NEEDED: 'अब ज़रूरत नहीं है',
    OTHER: 'अन्य',
  },
  subReasons: {
    BROKEN: 'टूटा हुआ या दरार वाला',
    TORN_STAINED: 'फटा हुआ या दाग़ वाला',
    LEAKING: 'रिसता हुआ या गिरा हुआ',
    PACKAGING: 'बाहर की पैकिंग ख़राब',
    DEAD_ON_ARRIVAL: 'चालू ही नहीं होता या बिल्कुल काम नहीं करता',
    PART_NOT_WORKING: 'कोई हिस्सा काम नहीं करता',
    MISSING_PARTS: 'पुर्ज़े या एक्सेसरी ग़ायब',
    DIFFERENT_PRODUCT: 'कोई दूसरा सामान',
    WRONG_COLOUR: 'ग़लत रंग',
    WRONG_SIZE: 'ग़लत साइज़',
    WRONG_QUANTITY: 'ग़लत मात्रा',
    TOO_SMALL: 'बहुत छोटा',
    TOO_LARGE: 'बहुत बड़ा',
    FIT_NOT_AS_EXPECTED: 'फ़िटिंग उम्मीद के मुताबिक़ नहीं',
    QUALITY: 'क्वालिटी उम्मीद से कम',
    LOOKS_DIFFERENT: 'तस्वीरों से अलग दिखता है',
    MATERIAL: 'सामग्री अलग है',
    ORDERED_BY_MISTAKE: 'ग़लती से ऑर्डर हो गया',
    BETTER_PRICE: 'कहीं और सस्ता मिल गया',
    ARRIVED_LATE: 'बहुत देर से पहुँचा',
    OTHER: 'अन्य (टिप्पणी देखें)',
  },
  problems: {
    noItems: 'लौटाने के लिए कम से कम एक सामान चुनें',
    noReason: 'रिटर्न का कारण चुनें',
    noSubReason: 'चुनें कि ठीक-ठीक क्या गड़बड़ है',
  },
};

export const RETURN_TEXT: Record<BuyerLang, ReturnText> = { en: EN, hi: HI };

/** A rule's problem in the page's words (else as it came). */
export const returnProblemText = (message: string, w: ReturnText) => inPageWords(message, EN.problems, w.problems);
