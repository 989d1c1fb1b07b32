import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import {
  effectiveBrandColour,
  labelItemLines,
  labelPageCount,
  labelSlot,
  labelsPerPage,
  printedMessage,
  returnAddressChoice,
  textColourOn,
} from '../../src/domain/documents/template-rules';
import {
  DEFAULT_BRAND_COLOUR,
  DEFAULT_TEMPLATES,
  InvoiceTemplateSchema,
  LabelTemplateSchema,
} from '../../src/domain/documents/template-settings';
import { issueText } from '../../src/domain/schemas/labels';
import { PLAN_CODES, planAllowsFeature } from '../../src/domain/plans';

describe('label sheets', () => {
  it.each([
    ['THERMAL_4X6', 0, 0],
    ['THERMAL_4X6', 1, 1],
    ['THERMAL_4X6', 5, 5],
    ['A4_FOUR_UP', 1, 1],
    ['A4_FOUR_UP', 2, 1],
    ['A4_FOUR_UP', 4, 1],
    ['A4_FOUR_UP', 5, 2],
    ['A4_FOUR_UP', 9, 3],
  ] as const)('%s: %i labels take %i sheets', (layout, labels, sheets) => {
    expect(labelPageCount(labels, layout)).toBe(sheets);
  });
  it.each([
    ['A4_FOUR_UP', 0, { page: 0, column: 0, row: 0 }],
    ['A4_FOUR_UP', 1, { page: 0, column: 1, row: 0 }],
    ['A4_FOUR_UP', 2, { page: 0, column: 0, row: 1 }],
    ['A4_FOUR_UP', 3, { page: 0, column: 1, row: 1 }],
    ['A4_FOUR_UP', 4, { page: 1, column: 0, row: 0 }],
    ['THERMAL_4X6', 3, { page: 3, column: 0, row: 0 }],
  ] as const)('%s: label %i sits at %j', (layout, index, slot) => {
    expect(labelSlot(index, layout)).toEqual(slot);
  });
  it('prints one thermal label or four A4 labels a sheet', () => {
    expect([labelsPerPage('THERMAL_4X6'), labelsPerPage('A4_FOUR_UP')]).toEqual([1, 4]);
  });
});

describe('brand colour', () => {
  it.each([
    ['#1F4FD1', true, '#1f4fd1'],
    ['#1f4fd1', false, DEFAULT_BRAND_COLOUR],
    ['red', true, DEFAULT_BRAND_COLOUR],
    [DEFAULT_BRAND_COLOUR, true, DEFAULT_BRAND_COLOUR],
  ])('%s with branding %s prints %s', (chosen, branded, printed) => {
    expect(effectiveBrandColour(chosen, branded)).toBe(printed);
  });
  it.each([
    ['#000000', '#ffffff'],
    ['#1f2937', '#ffffff'],
    ['#ffffff', '#000000'],
    ['#ffd700', '#000000'],
    ['#1f4fd1', '#ffffff'],
  ])('text on %s is %s', (background, ink) => {
    expect(textColourOn(background)).toBe(ink);
  });
});

describe('item lines on a label', () => {
  const item = (n: number, hasImage = true) => ({ name: `Item ${n}`, sku: `SKU-${n}`, quantity: n, hasImage });
  it.each([
    [{ showProductDetails: false, showItemImages: false }, [item(1), item(2)], ['3 pieces'], 0],
    [{ showProductDetails: false, showItemImages: true }, [item(1)], ['1 piece'], 0],
    [
      { showProductDetails: true, showItemImages: false },
      [item(1), item(2)],
      ['1 × Item 1 (SKU-1)', '2 × Item 2 (SKU-2)'],
      0,
    ],
    [
      { showProductDetails: true, showItemImages: false },
      [1, 2, 3, 4, 5, 6].map((n) => item(n)),
      ['1 × Item 1 (SKU-1)', '2 × Item 2 (SKU-2)', '3 × Item 3 (SKU-3)', '4 × Item 4 (SKU-4)'],
      2,
    ],
    [
      { showProductDetails: true, showItemImages: true },
      [1, 2, 3, 4].map((n) => item(n)),
      ['1 × Item 1 (SKU-1)', '2 × Item 2 (SKU-2)', '3 × Item 3 (SKU-3)'],
      1,
    ],
  ])('%j', (template, items, texts, more) => {
    const out = labelItemLines(items, template);
    expect(out.lines.map((l) => l.text)).toEqual(texts);
    expect(out.more).toBe(more);
  });
  it('puts an image only beside items that have one, and only when asked', () => {
    const items = [item(1, true), item(2, false)];
    expect(
      labelItemLines(items, { showProductDetails: true, showItemImages: true }).lines.map((l) => l.withImage),
    ).toEqual([true, false]);
    expect(
      labelItemLines(items, { showProductDetails: true, showItemImages: false }).lines.some((l) => l.withImage),
    ).toBe(false);
  });
});

describe('return address', () => {
  it.each([
    [
      { returnAddress: 'ORDER_PICKUP', returnPickupAddressId: null },
      [1, 2],
      { source: 'ORDER_PICKUP', pickupAddressId: null },
    ],
    [
      { returnAddress: 'PICKUP_ADDRESS', returnPickupAddressId: 2 },
      [1, 2],
      { source: 'PICKUP_ADDRESS', pickupAddressId: 2 },
    ],
    // the chosen address was deleted since: each order's own pickup address prints
    [
      { returnAddress: 'PICKUP_ADDRESS', returnPickupAddressId: 3 },
      [1, 2],
      { source: 'ORDER_PICKUP', pickupAddressId: null },
    ],
    [{ returnAddress: 'RTO', returnPickupAddressId: 2 }, [1, 2], { source: 'RTO', pickupAddressId: null }],
  ] as const)('%j of %j → %j', (template, live, choice) => {
    expect(returnAddressChoice(template, live)).toEqual(choice);
  });
});

describe('custom message', () => {
  it.each([
    ['', 10, ''],
    ['  Thank   you!  ', 20, 'Thank you!'],
    ['Thanks for shopping with us', 10, 'Thanks fo…'],
  ])('%j in %i characters → %j', (message, max, printed) => {
    expect(printedMessage(message, max)).toBe(printed);
  });
});

describe('template settings', () => {
  const label = DEFAULT_TEMPLATES.LABEL;
  const problem = (input: unknown) => {
    const r = v.safeParse(LabelTemplateSchema, input);
    return r.success ? null : issueText(r.issues[0]);
  };
  it.each([
    [label, null],
    [{ ...label, pageLayout: 'A5' }, 'Page layout must be THERMAL_4X6 or A4_FOUR_UP'],
    [{ ...label, brandColour: 'blue' }, 'Brand colour must be a colour like #1f4fd1'],
    [{ ...label, customMessage: 'x'.repeat(121) }, 'Custom message must be at most 120 characters'],
    [{ ...label, returnAddress: 'PICKUP_ADDRESS' }, 'Return pickup address is required'],
    [{ ...label, returnAddress: 'RTO' }, 'RTO contact name is required'],
    [
      {
        ...label,
        returnAddress: 'RTO',
        rtoName: 'Returns desk',
        rtoPhone: '12345',
        rtoLine1: 'Plot 4',
        rtoCity: 'Pune',
        rtoState: 'Maharashtra',
        rtoPincode: '411001',
      },
      'RTO phone number must be a 10-digit mobile number',
    ],
    [
      {
        ...label,
        returnAddress: 'RTO',
        rtoName: 'Returns desk',
        rtoPhone: '9876543210',
        rtoLine1: 'Plot 4',
        rtoCity: 'Pune',
        rtoState: 'Maharashtra',
        rtoPincode: '4110',
      },
      'RTO pincode must be 6 digits',
    ],
  ])('%j → %s', (input, message) => {
    expect(problem(input)).toBe(message);
  });
  it('keeps a colour in lower case and a message on one line', () => {
    expect(
      v.parse(LabelTemplateSchema, { ...label, brandColour: ' #1F4FD1 ', customMessage: ' Thank\n you ' }),
    ).toMatchObject({
      brandColour: '#1f4fd1',
      customMessage: 'Thank you',
    });
  });
  it('limits the invoice terms note', () => {
    const r = v.safeParse(InvoiceTemplateSchema, { ...DEFAULT_TEMPLATES.INVOICE, termsNote: 'x'.repeat(401) });
    expect(r.success ? null : issueText(r.issues[0])).toBe('Terms note must be at most 400 characters');
  });
  it('document templates come with every plan', () => {
    expect(PLAN_CODES.map((p) => planAllowsFeature(p, 'documentTemplates'))).toEqual([true, true, true, true]);
  });
});
