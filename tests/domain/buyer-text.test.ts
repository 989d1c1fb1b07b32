import { describe, expect, it } from 'vitest';
import { BUYER_EN } from '../../src/domain/buyer-text/en';
import { BUYER_HI } from '../../src/domain/buyer-text/hi';
import {
  BUYER_TEXT,
  buyerDay,
  buyerShortDay,
  failureInWords,
  inPageWords,
  pickBuyerLang,
} from '../../src/domain/buyer-text/language';
import {
  ndrAnswerText,
  ndrParcelText,
  ndrProblemText,
  ndrRefusalText,
  NDR_TEXT,
} from '../../src/domain/buyer-text/ndr';
import { codSentence, COD_TEXT } from '../../src/domain/buyer-text/cod';
import { advanceSentence, ADVANCE_TEXT } from '../../src/domain/buyer-text/advance';
import { returnProblemText, RETURN_TEXT } from '../../src/domain/buyer-text/returns';
import { buyerAnswerProblems, NDR_PROBLEMS } from '../../src/domain/ndr-forms';
import { BUYER_NDR_ANSWERS, buyerAnswerTooLate, NDR_ACTIONS, NDR_REASON_CODES } from '../../src/domain/ndr-contract';
import { ndrNoAnswerRule } from '../../src/domain/ndr-rules';
import {
  ANSWERED_ALREADY,
  BUYER_COD_PROBLEMS,
  CANCEL_REASONS,
  SHIPPED_ALREADY,
} from '../../src/domain/cod-verification';
import { BUYER_ADVANCE_PROBLEMS } from '../../src/domain/payment-modes-contract';
import { itemsProblem, reasonProblem, RETURN_PROBLEMS } from '../../src/domain/return-draft';
import { RETURN_REASONS, ALL_SUB_REASON_CODES } from '../../src/domain/returns';
import { MSG } from '../../src/domain/messages';

// The buyer's pages in English and Hindi: every catalogue has the same keys in both languages
// (the type checks the shape, this the contents: no key left out, none empty, Hindi in
// Devanagari), and the rules' and the server's English sentences are found by key and said in Hindi.

/** Every leaf of a catalogue by its path; a function is called with sample arguments. */
function leaves(value: unknown, path = ''): Map<string, string> {
  const out = new Map<string, string>();
  if (typeof value === 'string') out.set(path, value);
  else if (typeof value === 'function') {
    const sample = (value as (...a: unknown[]) => unknown)('ORD-7', 3, true);
    for (const [k, v] of leaves(sample, `${path}()`)) out.set(k, v);
  } else if (Array.isArray(value)) value.forEach((v, i) => leaves(v, `${path}[${i}]`).forEach((s, k) => out.set(k, s)));
  else if (value && typeof value === 'object')
    for (const [k, v] of Object.entries(value)) leaves(v, `${path}.${k}`).forEach((s, p) => out.set(p, s));
  return out;
}

const DEVANAGARI = /[\u0900-\u097F]/;

const CATALOGUES = {
  'tracking and lookup': { en: BUYER_EN, hi: BUYER_HI },
  'NDR answer': NDR_TEXT,
  'COD confirmation': COD_TEXT,
  'advance payment': ADVANCE_TEXT,
  'return request': RETURN_TEXT,
};

describe('the buyer pages’ catalogues', () => {
  for (const [page, { en, hi }] of Object.entries(CATALOGUES))
    it(`${page}: every key in both languages, none empty, the Hindi in Devanagari`, () => {
      // statuses: English shows the server's words, Hindi has its own for every code
      const english = new Map([...leaves(en)].filter(([k]) => !k.startsWith('.status.')));
      const hindi = new Map([...leaves(hi)].filter(([k]) => !k.startsWith('.status.')));
      expect([...hindi.keys()].sort()).toEqual([...english.keys()].sort());
      for (const [key, text] of hindi) {
        expect(text.trim(), key).not.toBe('');
        expect(english.get(key)!.trim(), key).not.toBe('');
      }
      // names and terms stay as they are (English, glossary terms, AWBs); the page's own words are Hindi
      const kept = (key: string) =>
        key === '.languageName' ||
        /^\.(glossary|returnGlossary)\[\d+\]\.term$/.test(key) ||
        key.startsWith('.dayOfMonth');
      for (const [key, text] of hindi) if (!kept(key)) expect(text, key).toMatch(DEVANAGARI);
    });

  it('Hindi has every status, NDR reason, COD cancel reason and return reason and sub-reason', () => {
    for (const code of NDR_REASON_CODES) expect(NDR_TEXT.hi.reasons[code]).toMatch(DEVANAGARI);
    for (const code of Object.keys(CANCEL_REASONS)) expect(COD_TEXT.hi.reasons).toHaveProperty(code);
    for (const code of Object.keys(RETURN_REASONS)) expect(RETURN_TEXT.hi.reasons).toHaveProperty(code);
    for (const code of ALL_SUB_REASON_CODES) expect(RETURN_TEXT.hi.subReasons[code]).toMatch(DEVANAGARI);
    expect(RETURN_TEXT.en.subReasons.BROKEN).toBe(RETURN_REASONS.DAMAGED.subReasons.BROKEN);
  });

  it('English is the rules’ and the server’s own words', () => {
    expect(NDR_TEXT.en.problems).toBe(NDR_PROBLEMS);
    expect(NDR_TEXT.en.noAnswer.RTO).toBe(ndrNoAnswerRule('RTO', 'BUYER'));
    expect(NDR_TEXT.en.answers).toEqual(BUYER_NDR_ANSWERS);
    expect(COD_TEXT.en.problems).toBe(BUYER_COD_PROBLEMS);
    expect(ADVANCE_TEXT.en.problems).toBe(BUYER_ADVANCE_PROBLEMS);
    expect(RETURN_TEXT.en.problems).toBe(RETURN_PROBLEMS);
    expect(BUYER_EN.common.failures.generic).toBe(MSG.genericError);
  });
});

describe('the language of a buyer page', () => {
  it('is the switch’s choice, else the first Hindi or English of the browser, else English', () => {
    expect(pickBuyerLang('en', ['hi-IN'])).toBe('en');
    expect(pickBuyerLang(null, ['ta-IN', 'hi-IN', 'en-IN'])).toBe('hi');
    expect(pickBuyerLang(null, ['fr-FR'])).toBe('en');
    expect(pickBuyerLang('fr', [])).toBe('en');
  });

  it('says days dd MMM yyyy, and a delivery day with its short weekday', () => {
    expect(buyerDay('2026-11-30', BUYER_TEXT.hi)).toBe('30 नवंबर 2026');
    expect(buyerShortDay('2026-11-30', BUYER_TEXT.en)).toBe('Mon, 30 Nov');
    expect(buyerShortDay('2026-12-06', BUYER_TEXT.hi)).toBe('रवि, 06 दिसंबर');
  });

  it('finds a sentence by its key in the English table, and leaves an unknown one as it came', () => {
    expect(inPageWords('b', { x: 'a', y: 'b' }, { x: 'A', y: 'B' })).toBe('B');
    expect(inPageWords('c', { x: 'a' }, { x: 'A' })).toBe('c');
    expect(failureInWords(MSG.offline, BUYER_HI)).toBe('इंटरनेट कनेक्शन नहीं है');
    expect(failureInWords('Order not found', BUYER_HI)).toBe('Order not found');
  });
});

describe('the NDR answer page’s problems in Hindi', () => {
  const dates = { min: '2026-11-29', max: '2026-12-04' };
  const address = {
    line1: '12 Indiranagar 100 Feet Road',
    line2: '',
    pincode: '560038',
    city: 'Bengaluru',
    state: 'KA',
  };
  const hi = (message: string) => ndrProblemText(message, dates, NDR_TEXT.hi, BUYER_HI);

  it('says every problem the rules give the buyer’s form in Hindi', () => {
    const cases = [
      buyerAnswerProblems(
        'UPDATE_DETAILS',
        { addressLine1: '12 Indiranagar 100 Feet Road', pincode: '560038' },
        dates,
        address,
      ),
      buyerAnswerProblems(
        'UPDATE_DETAILS',
        { addressLine1: 'Flat 4', landmark: 'ab', pincode: '060038', phone: '12345' },
        dates,
        address,
      ),
      buyerAnswerProblems(
        'UPDATE_DETAILS',
        { addressLine1: '', pincode: '', phone: '', landmark: 'Opposite temple' },
        dates,
        address,
      ),
      buyerAnswerProblems('REATTEMPT', {}, dates, address),
      buyerAnswerProblems('REATTEMPT', { reattemptDate: '2026-11-01' }, dates, address),
      buyerAnswerProblems('REATTEMPT', { reattemptDate: '2027-01-01' }, dates, address),
      buyerAnswerProblems('REATTEMPT', { reattemptDate: 'soon' }, dates, address),
    ];
    const messages = cases.flatMap((c) => Object.values(c));
    expect(messages.length).toBeGreaterThanOrEqual(10);
    for (const m of messages) {
      expect(hi(m), m).toMatch(DEVANAGARI);
      expect(ndrProblemText(m, dates, NDR_TEXT.en, BUYER_EN)).toBe(m);
    }
    expect(hi(NDR_PROBLEMS.pincode)).toBe('पिनकोड 6 अंकों का हो और 0 से शुरू न हो');
    expect(hi(NDR_PROBLEMS.required('Pincode'))).toBe('पिनकोड भरना ज़रूरी है');
    expect(hi(NDR_PROBLEMS.dateTooEarly('Delivery date', '29 Nov 2026'))).toBe(
      'डिलीवरी का दिन 29 नवंबर 2026 या उसके बाद का होना चाहिए',
    );
    expect(hi('Something the server said')).toBe('Something the server said');
  });

  it('says the server’s parcel, answer and refusal in Hindi', () => {
    expect(ndrParcelText('Your parcel', NDR_TEXT.hi)).toBe('आपका पार्सल');
    expect(ndrParcelText('Blue Pottery Vase and 2 more', NDR_TEXT.hi)).toBe('Blue Pottery Vase और 2 अन्य');
    expect(ndrParcelText('Blue Pottery Vase', NDR_TEXT.hi)).toBe('Blue Pottery Vase');
    expect(ndrAnswerText(BUYER_NDR_ANSWERS.DECLINE, NDR_TEXT.hi)).toBe('मुझे यह पार्सल नहीं चाहिए');
    expect(ndrAnswerText(NDR_ACTIONS.CHANGE_PHONE, NDR_TEXT.hi)).toBe('फ़ोन नंबर बदला');
    expect(ndrAnswerText(NDR_ACTIONS.REATTEMPT, NDR_TEXT.en)).toBe(NDR_ACTIONS.REATTEMPT);
    expect(ndrRefusalText(buyerAnswerTooLate('SELLER'), NDR_TEXT.hi)).toMatch(/^विक्रेता ने/);
    expect(NDR_TEXT.hi.attemptFailed(2)).toBe('डिलीवरी की दूसरी कोशिश नाकाम रही');
  });
});

describe('the COD, advance and return pages’ sentences in Hindi', () => {
  it('COD: the machine’s problems and the server’s answered sentences by key', () => {
    expect(codSentence(BUYER_COD_PROBLEMS.noReason, COD_TEXT.hi)).toBe('एक कारण चुनें');
    for (const text of [...Object.values(ANSWERED_ALREADY), SHIPPED_ALREADY])
      expect(codSentence(text, COD_TEXT.hi)).toMatch(DEVANAGARI);
    expect(codSentence(ANSWERED_ALREADY.CONFIRMED, COD_TEXT.en)).toBe(ANSWERED_ALREADY.CONFIRMED);
  });

  it('advance: a failed payment', () => {
    expect(advanceSentence(BUYER_ADVANCE_PROBLEMS.paymentFailed, ADVANCE_TEXT.hi)).toBe(
      'भुगतान नहीं हो पाया। कृपया फिर कोशिश करें।',
    );
  });

  it('return: each step’s problem from the rules', () => {
    const item = { key: '1', orderItemId: 1, sku: 'S', name: 'Kurta', ordered: 2, unitPricePaise: 0 };
    const reasons = [{ code: 'DAMAGED', label: 'Product damaged', subReasons: [{ code: 'BROKEN', label: 'Broken' }] }];
    for (const problem of [
      itemsProblem([item], {}),
      reasonProblem(reasons, null, null),
      reasonProblem(reasons, 'DAMAGED', null),
    ])
      expect(returnProblemText(problem!, RETURN_TEXT.hi)).toMatch(DEVANAGARI);
  });
});
