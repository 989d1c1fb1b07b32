import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_ACCOUNT } from '../../src/domain/account-contract';
import { pathOf } from '../../src/domain/operation';
import { API_DOCUMENT_TEMPLATES } from '../../src/domain/document-templates-contract';
import {
  DEFAULT_BRAND_COLOUR,
  DEFAULT_TEMPLATES,
  type LabelTemplate,
} from '../../src/domain/documents/template-settings';
import { API_PRODUCTS, API_SETUP } from '../../src/domain/setup-contract';
import { API_SHIPPING, type ShipmentInfo } from '../../src/domain/shipping-contract';
import { PLAN_CODES, planFeatureRefusal } from '../../src/domain/plans';
import { organisations } from '../../server/db/schema';
import { documentTemplateFor } from '../../server/modules/document-templates/template-for';
import { readPdf, solidPng } from './pdf-reader';
import { answer, answerOf, send } from './call';
import { errorOf, type TestServer } from './harness';
import { creditWallet, demoTokens, newShippableOrder, startDemoServer, verifiedPickup } from './helpers';

/** Whether a page of the PDF shows a colour (within a small tolerance), read from pdftoppm's raw PPM. */
function pdfShowsColour(pdf: Uint8Array, hex: string): boolean {
  const dir = mkdtempSync(join(tmpdir(), 'dakiya-colour-'));
  try {
    writeFileSync(join(dir, 'doc.pdf'), pdf);
    execFileSync('pdftoppm', ['-r', '40', '-f', '1', '-l', '1', join(dir, 'doc.pdf'), join(dir, 'page')]);
    const file = execFileSync('ls', [dir])
      .toString()
      .split('\n')
      .find((f) => f.endsWith('.ppm'))!;
    const bytes = readFileSync(join(dir, file));
    // P6 header: magic, width, height, max value, each followed by whitespace
    let offset = 0;
    for (let fields = 0; fields < 4; offset++) if (/\s/.test(String.fromCharCode(bytes[offset]))) fields++;
    const want = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16));
    for (let i = offset; i + 2 < bytes.length; i += 3)
      if (want.every((c, k) => Math.abs(bytes[i + k] - c) <= 6)) return true;
    return false;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

describe('document templates', () => {
  let s: TestServer;
  let seller: string;
  let meera: string;
  let staff: string;
  let pickupId: number;
  let meeraOrg: number;
  const shipped: ShipmentInfo[] = [];
  const orderIds: number[] = [];

  const view = async (token = meera) => answer(s, API_DOCUMENT_TEMPLATES.templates, { token });
  const save = (kind: 'LABEL' | 'INVOICE' | 'POD', json: unknown, token = meera) =>
    s.request(API_DOCUMENT_TEMPLATES.save[kind].path, { method: 'PUT', json, token });
  const pdf = async (res: Response) => {
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    return new Uint8Array(await res.arrayBuffer());
  };
  const setPlan = (plan: string) =>
    s.deps.db.update(organisations).set({ subscriptionType: plan }).where(eq(organisations.id, meeraOrg));
  const labels = async (ids: number[]) =>
    readPdf(
      await pdf(await s.request(API_SHIPPING.labels.path, { method: 'POST', json: { orderIds: ids }, token: meera })),
      150,
    );

  beforeAll(async () => {
    s = await startDemoServer();
    ({ seller, meera, staff } = await demoTokens(s));
    ({ pickupId, orgId: meeraOrg } = await verifiedPickup(s, meera));
    await creditWallet(s, staff, meeraOrg, 5000, 'Float for label tests');
    for (let i = 0; i < 5; i++) {
      const o = await newShippableOrder(s, meera, pickupId, { buyerName: `Template Buyer ${i}` });
      const { quotes } = await answer(s, API_SHIPPING.courierQuotes, { params: { orderId: o.orderId }, token: meera });
      shipped.push(
        await answer(s, API_SHIPPING.ship, {
          params: { orderId: o.orderId },
          body: { carrierCode: quotes[0].carrierCode },
          token: meera,
        }),
      );
      orderIds.push(o.orderId);
    }
  });
  afterAll(() => s.close());

  it('answers the defaults until the seller saves, with the pickup addresses to choose from', async () => {
    const v = await view();
    expect(v).toMatchObject({
      LABEL: DEFAULT_TEMPLATES.LABEL,
      INVOICE: DEFAULT_TEMPLATES.INVOICE,
      POD: DEFAULT_TEMPLATES.POD,
      hasLogo: false,
      productsWithImages: 0,
    });
    expect(v.pickupAddresses).toContainEqual({ addressId: pickupId, name: 'Meera Jaipur', city: 'Jaipur' });
    // without a template, bulk labels print 4x6, one a page
    expect((await labels(orderIds.slice(0, 2))).pages).toBe(2);
  });

  it('opens templates on every plan (the plan table), the lowest included', async () => {
    for (const plan of PLAN_CODES) {
      await setPlan(plan);
      expect((await s.request(API_DOCUMENT_TEMPLATES.templates.path, { token: meera })).status).toBe(200);
    }
    expect(planFeatureRefusal('documentTemplates')).toContain('Label, invoice and proof-of-delivery templates');
    await setPlan('LITE');
  });

  it('prints bulk labels four to an A4 sheet with the custom message once the seller chooses A4 four-up', async () => {
    const saved = await answerOf(
      API_DOCUMENT_TEMPLATES.save.LABEL,
      await save('LABEL', {
        ...DEFAULT_TEMPLATES.LABEL,
        pageLayout: 'A4_FOUR_UP',
        customMessage: 'Thank you for shopping with Meera Crafts',
      }),
    );
    expect(saved.LABEL).toMatchObject({
      pageLayout: 'A4_FOUR_UP',
      customMessage: 'Thank you for shopping with Meera Crafts',
    });
    const two = await labels(orderIds.slice(0, 2));
    expect(two.pages).toBe(1);
    expect(two.text).toContain('Template Buyer 0');
    expect(two.text).toContain('Template Buyer 1');
    expect(two.text.match(/Thank you for shopping with Meera Crafts/g)).toHaveLength(2);
    expect(two.barcodes).toEqual(expect.arrayContaining([shipped[0].awb, shipped[1].awb]));
    const five = await labels(orderIds);
    expect(five.pages).toBe(2);
    expect(five.barcodes.filter((b) => shipped.some((x) => x.awb === b))).toHaveLength(5);
    // a layout asked in the request still wins
    const thermal = readPdf(
      await pdf(
        await s.request(API_SHIPPING.labels.path, {
          method: 'POST',
          json: { orderIds: orderIds.slice(0, 2), layout: '4x6' },
          token: meera,
        }),
      ),
    );
    expect(thermal.pages).toBe(2);
  });

  it('prints product details or only the piece count, and item images from the catalogue', async () => {
    const product = await answer(s, API_PRODUCTS.addProduct, {
      token: meera,
      body: {
        productName: 'Blue Pottery Vase',
        sku: 'BPV-12',
        price: 1450,
        inventoryManagementEnabled: false,
        availableInventory: 0,
        notifyThreshold: 0,
        weightKg: 1.2,
        lengthCm: 20,
        breadthCm: 20,
        heightCm: 30,
        hsnCode: '6913',
        taxRatePercent: 12,
      },
    });
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(solidPng(40, 40, [200, 30, 30]))]), 'vase.png');
    expect(
      (
        await s.request(pathOf(API_DOCUMENT_TEMPLATES.productImage, { productId: product.productId }), {
          method: 'POST',
          body: form,
          token: meera,
        })
      ).status,
    ).toBe(200);
    expect(
      (
        await s.request(pathOf(API_DOCUMENT_TEMPLATES.productImage, { productId: product.productId }), {
          method: 'POST',
          body: form,
          token: seller,
        })
      ).status,
    ).toBe(404);
    expect((await view()).productsWithImages).toBe(1);

    await save('LABEL', { ...DEFAULT_TEMPLATES.LABEL, showProductDetails: false });
    const plain = await labels([orderIds[0]]);
    expect(plain.text).not.toContain('Blue Pottery Vase');
    expect(plain.text).toContain('1 piece');
    expect(plain.images).toBe(0);

    await save('LABEL', { ...DEFAULT_TEMPLATES.LABEL, showItemImages: true });
    const withImages = await labels([orderIds[0]]);
    expect(withImages.text).toContain('1 × Blue Pottery Vase (BPV-12)');
    expect(withImages.images).toBe(1);
  });

  it('prints the return address the seller chose: a pickup address or the RTO address', async () => {
    await save('LABEL', {
      ...DEFAULT_TEMPLATES.LABEL,
      returnAddress: 'RTO',
      rtoName: 'Meera Returns Desk',
      rtoPhone: '9811122233',
      rtoLine1: 'Plot 7, Sitapura Industrial Area',
      rtoLine2: '',
      rtoCity: 'Jaipur',
      rtoState: 'Rajasthan',
      rtoPincode: '302022',
    });
    const rto = await labels([orderIds[0]]);
    expect(rto.text).toContain('Meera Returns Desk');
    expect(rto.text).toContain('302022');

    // a second pickup address (the plan that allows more than one) prints on every label
    await setPlan('PRO');
    const second = await answer(s, API_SETUP.addAddress, {
      body: {
        entityName: 'Meera Returns Godown',
        phoneNumber: '9123456781',
        email: 'g@m.in',
        addressLine1: 'Tonk Road',
        pincode: '302015',
      },
      token: meera,
    });
    await setPlan('LITE');
    expect((await view()).pickupAddresses.map((a) => a.name)).toContain('Meera Returns Godown');
    await save('LABEL', {
      ...DEFAULT_TEMPLATES.LABEL,
      returnAddress: 'PICKUP_ADDRESS',
      returnPickupAddressId: second.addressId,
    });
    const chosen = await labels([orderIds[0]]);
    expect(chosen.text).toContain('Meera Returns Godown');
    expect(chosen.text).toContain('302015');

    // another seller's pickup address cannot be chosen
    const { pickupId: theirs } = await verifiedPickup(s, seller);
    expect(
      await errorOf(
        await save('LABEL', {
          ...DEFAULT_TEMPLATES.LABEL,
          returnAddress: 'PICKUP_ADDRESS',
          returnPickupAddressId: theirs,
        }),
      ),
    ).toMatchObject({ status: 400, message: 'Return pickup address is not one of your pickup addresses' });
  });

  it('refuses each invalid setting naming the field by its label', async () => {
    const cases: [unknown, string][] = [
      [{ ...DEFAULT_TEMPLATES.LABEL, pageLayout: 'A5' }, 'Page layout must be THERMAL_4X6 or A4_FOUR_UP'],
      [{ ...DEFAULT_TEMPLATES.LABEL, brandColour: 'blue' }, 'Brand colour must be a colour like #1f4fd1'],
      [{ ...DEFAULT_TEMPLATES.LABEL, customMessage: 'x'.repeat(121) }, 'Custom message must be at most 120 characters'],
      [{ ...DEFAULT_TEMPLATES.LABEL, showItemImages: 'yes' }, 'Item images must be true or false'],
      [{ ...DEFAULT_TEMPLATES.LABEL, returnAddress: 'PICKUP_ADDRESS' }, 'Return pickup address is required'],
      [
        { ...DEFAULT_TEMPLATES.LABEL, returnAddress: 'RTO', rtoName: 'Desk' },
        'RTO phone number must be a 10-digit mobile number',
      ],
    ];
    for (const [json, message] of cases) {
      const e = await errorOf(await save('LABEL', json));
      expect(e.status).toBe(400);
      expect(e.message).toContain(message);
    }
    const terms = await errorOf(await save('INVOICE', { ...DEFAULT_TEMPLATES.INVOICE, termsNote: 'x'.repeat(401) }));
    expect(terms).toMatchObject({ status: 400 });
    expect(terms.message).toContain('Terms note must be at most 400 characters');
  });

  it('prints the brand colour only on a plan with custom branding (LITE refused, PRO allowed)', async () => {
    const brand = '#e0115f';
    await save('LABEL', { ...DEFAULT_TEMPLATES.LABEL, brandColour: brand });
    await setPlan('LITE');
    const lite = await pdf(await s.request(pathOf(API_SHIPPING.label, { orderId: orderIds[0] }), { token: meera }));
    expect(pdfShowsColour(lite, brand)).toBe(false);
    expect(pdfShowsColour(lite, DEFAULT_BRAND_COLOUR)).toBe(true);
    expect((await view()).brandColourApplies).toBe(false);
    expect((await documentTemplateFor(s.deps.db, meeraOrg, 'LABEL')).brandColour).toBe(DEFAULT_BRAND_COLOUR);
    await setPlan('PRO');
    const pro = await pdf(await s.request(pathOf(API_SHIPPING.label, { orderId: orderIds[0] }), { token: meera }));
    expect(pdfShowsColour(pro, brand)).toBe(true);
    expect((await view()).brandColourApplies).toBe(true);
    expect((await documentTemplateFor(s.deps.db, meeraOrg, 'LABEL')).brandColour).toBe(brand);
    await setPlan('LITE');
  });

  it('prints the invoice with or without logo and signature, with the message and terms note', async () => {
    for (const name of ['logo', 'sign'] as const) {
      const form = new FormData();
      form.append('file', new Blob([new Uint8Array(solidPng(60, 30, [31, 79, 209]))]), `${name}.png`);
      expect(
        (
          await s.request(pathOf(API_ACCOUNT.companyImage, { name: name }), {
            method: 'POST',
            body: form,
            token: meera,
          })
        ).status,
      ).toBe(200);
    }
    const invoice = async () =>
      readPdf(await pdf(await s.request(pathOf(API_SHIPPING.invoice, { orderId: orderIds[0] }), { token: meera })), 72);
    expect((await invoice()).images).toBe(2);
    await save('INVOICE', {
      ...DEFAULT_TEMPLATES.INVOICE,
      showLogo: false,
      showSignature: false,
      customMessage: 'Handmade in Jaipur',
      termsNote: 'Returns accepted within 7 days of delivery.',
    });
    const plain = await invoice();
    expect(plain.images).toBe(0);
    expect(plain.text).toContain('Handmade in Jaipur');
    expect(plain.text).toContain('Returns accepted within 7 days of delivery.');
    await save('INVOICE', { ...DEFAULT_TEMPLATES.INVOICE, showSignature: false, showItemImages: true });
    // the logo and the vase's image
    expect((await invoice()).images).toBe(2);
  });

  it('previews unsaved settings with the real documents', async () => {
    const before = await view();
    const sheet = readPdf(
      await pdf(
        await send(s, API_DOCUMENT_TEMPLATES.preview.LABEL, {
          body: { ...DEFAULT_TEMPLATES.LABEL, pageLayout: 'A4_FOUR_UP', customMessage: 'Preview message' },
          token: meera,
        }),
      ),
      150,
    );
    expect(sheet.pages).toBe(1);
    expect(sheet.text.match(/Preview message/g)).toHaveLength(4);
    expect(sheet.barcodes).toEqual(expect.arrayContaining(['SAMPLE1001', 'SAMPLE1004']));
    const thermal = readPdf(
      await pdf(await send(s, API_DOCUMENT_TEMPLATES.preview.LABEL, { body: DEFAULT_TEMPLATES.LABEL, token: meera })),
    );
    expect(thermal.pages).toBe(1);
    expect(thermal.text).toContain('Blue Pottery Vase');
    const invoice = readPdf(
      await pdf(
        await send(s, API_DOCUMENT_TEMPLATES.preview.INVOICE, {
          body: { ...DEFAULT_TEMPLATES.INVOICE, termsNote: 'No returns on sale items.' },
          token: meera,
        }),
      ),
    );
    expect(invoice.text).toContain('Tax Invoice');
    expect(invoice.text).toContain('No returns on sale items.');
    // the page shows the first page as an image: an A4 sheet, or a 4 × 6 inch label, at 96 dpi
    const image = async (body: LabelTemplate) => {
      const res = await send(s, API_DOCUMENT_TEMPLATES.previewImage.LABEL, { body, token: meera });
      expect(res.headers.get('content-type')).toBe('image/png');
      const png = Buffer.from(await res.arrayBuffer());
      return [png.readUInt32BE(16), png.readUInt32BE(20)];
    };
    expect(await image({ ...DEFAULT_TEMPLATES.LABEL, pageLayout: 'A4_FOUR_UP' })).toEqual([794, 1123]);
    expect(await image(DEFAULT_TEMPLATES.LABEL)).toEqual([384, 576]);
    // a preview saves nothing
    expect(await view()).toEqual(before);
    const bad = await errorOf(
      await s.request(API_DOCUMENT_TEMPLATES.preview.LABEL.path, {
        method: 'POST',
        json: { ...DEFAULT_TEMPLATES.LABEL, brandColour: '#12' },
        token: meera,
      }),
    );
    expect(bad).toMatchObject({ status: 400, message: 'Brand colour must be a colour like #1f4fd1' });
  });

  it('keeps each seller’s templates its own; staff and strangers are refused', async () => {
    await save('POD', { ...DEFAULT_TEMPLATES.POD, showItemList: false, customMessage: 'Signed for by the buyer' });
    expect((await view()).POD).toMatchObject({ showItemList: false, customMessage: 'Signed for by the buyer' });
    expect((await view(seller)).POD).toEqual(DEFAULT_TEMPLATES.POD);
    expect(await documentTemplateFor(s.deps.db, meeraOrg, 'POD')).toEqual({
      showLogo: true,
      showItemList: false,
      brandColour: DEFAULT_BRAND_COLOUR,
      customMessage: 'Signed for by the buyer',
    });
    expect((await s.request(API_DOCUMENT_TEMPLATES.templates.path, { token: staff })).status).toBe(403);
    expect((await s.request(API_DOCUMENT_TEMPLATES.templates.path)).status).toBe(401);
  });

  it('saves concurrent repeats as one template', async () => {
    const json = { ...DEFAULT_TEMPLATES.POD, customMessage: 'Same again' };
    const answers = await Promise.all([1, 2, 3, 4].map(() => save('POD', json)));
    expect(answers.map((r) => r.status)).toEqual([200, 200, 200, 200]);
    expect((await view()).POD.customMessage).toBe('Same again');
  });
});
