import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_B2B } from '../../src/domain/b2b-contract';
import { API_TEAM } from '../../src/domain/team-contract';
import { invitedUser } from './team-helpers';
import { followConsignment, followConsignments } from '../../server/modules/b2b-freight/tracking';
import { errorOf, startTestServer, type TestServer } from './harness';
import { answer, send } from './call';
import { readPdf } from './pdf-reader';
import { b2bSeller, bookedB2bOrder, later, newB2bOrder, type B2bSeller } from './b2b-freight-setup';

// A booked consignment's tracking at LR level and its documents: the carrier's scans with the
// boxes delivered; the job that follows it moving the order through the status gate and keeping
// the proof of delivery; the LR copy, box labels, invoice set and proof of delivery as PDFs.

let s: TestServer;
let seller: B2bSeller;

beforeAll(async () => {
  s = await startTestServer();
  seller = await b2bSeller(s);
});
afterAll(() => s.close());

const DAY = 24 * 3600_000;
const pdfOf = async (res: Response) => readPdf(new Uint8Array(await res.arrayBuffer()));

describe('tracking', () => {
  it('answers the LR’s scans and the boxes delivered; the job moves the order to Delivered and keeps the proof', async () => {
    const booked = await bookedB2bOrder(s, seller);
    const first = await answer(s, API_B2B.tracking, { token: seller.token, params: { orderId: booked.orderId } });
    expect(first).toMatchObject({
      lrNumber: booked.lrNumber,
      boxCount: 3,
      boxesDelivered: 0,
      summary: '0 of 3 boxes delivered',
    });
    expect(first.scans[0]).toMatchObject({
      carrierStatus: 'MANIFESTED',
      status: 'PKP_SCH',
      statusText: 'Pickup Scheduled',
    });
    const pod = () => send(s, API_B2B.pod, { token: seller.token, params: { orderId: booked.orderId } });
    expect(await errorOf(await pod())).toMatchObject({
      status: 404,
      message: expect.stringContaining('no proof of delivery yet'),
    });

    await later(s, seller, 10 * DAY, async () => {
      // a sandbox lane is followed on the sandbox's tick, not among the live carriers' polls
      expect(await followConsignments(s.deps, 'live')).toBe(0);
      expect(await followConsignments(s.deps, 'sandbox')).toBeGreaterThanOrEqual(1);
      const done = await answer(s, API_B2B.tracking, { token: seller.token, params: { orderId: booked.orderId } });
      expect(done).toMatchObject({ boxesDelivered: 3, summary: '3 of 3 boxes delivered' });
      expect(done.scans.at(-1)).toMatchObject({ carrierStatus: 'DELIVERED', status: 'DLV' });
      const detail = await answer(s, API_B2B.one, { token: seller.token, params: { orderId: booked.orderId } });
      expect(detail.status).toBe('DLV');
      expect(detail.history.filter((h) => h.kind === 'STATUS').map((h) => h.toStatus)).toEqual([
        'PKP_SCH',
        'PKD',
        'INT',
        'OFD',
        'DLV',
      ]);
      const proof = await pdfOf(await pod());
      expect(proof.barcodes).toEqual([booked.lrNumber]);
      expect(proof.text.replace(/\s+/g, ' ')).toContain('Boxes delivered 3 of 3');
      // the carrier's proof: the consignee's stamp, not the line saying there is none
      expect(proof.text).toContain("Consignee's stamp");
      expect(proof.text).not.toContain('gave no stamp or signature');
      // followed again, nothing moves twice
      await followConsignment(s.deps, booked.orderId);
      const again = await answer(s, API_B2B.one, { token: seller.token, params: { orderId: booked.orderId } });
      expect(again.history.length).toBe(detail.history.length);
    });
  });

  it('a part delivery is Partially Delivered until the last box, then Delivered', async () => {
    const booked = await bookedB2bOrder(s, seller);
    const carrier = s.deps.carriers.freight('GT')!(s.deps);
    const real = s.deps.carriers.freight;
    const track = carrier.track.bind(carrier);
    let delivered = 2;
    s.deps.carriers = {
      ...s.deps.carriers,
      // Gati's sandbox lane, delivering `delivered` boxes of the three
      freight: (code) =>
        code !== 'GT'
          ? real(code)
          : () =>
              Object.assign(Object.create(Object.getPrototypeOf(carrier)), carrier, {
                track: async (lr: string) => {
                  const t = await track(lr);
                  return t && { ...t, boxesDelivered: t.scans.some((x) => x.status === 'DELIVERED') ? delivered : 0 };
                },
              }),
    };
    try {
      await later(s, seller, 10 * DAY, async () => {
        await followConsignment(s.deps, booked.orderId);
        const part = await answer(s, API_B2B.one, { token: seller.token, params: { orderId: booked.orderId } });
        expect(part).toMatchObject({ status: 'PART_DLV', tracking: { boxesDelivered: 2 } });
        const partProof = await pdfOf(
          await send(s, API_B2B.pod, { token: seller.token, params: { orderId: booked.orderId } }),
        );
        expect(partProof.text.replace(/\s+/g, ' ')).toContain('Boxes delivered 2 of 3 (1 not yet delivered)');
        delivered = 3;
        await followConsignment(s.deps, booked.orderId);
        const whole = await answer(s, API_B2B.one, { token: seller.token, params: { orderId: booked.orderId } });
        expect(whole).toMatchObject({ status: 'DLV', tracking: { boxesDelivered: 3 } });
      });
    } finally {
      s.deps.carriers = { ...s.deps.carriers, freight: real };
    }
  });

  it('an order not booked answers its box count and no scans; another seller’s is 404', async () => {
    const order = await newB2bOrder(s, seller);
    expect(await answer(s, API_B2B.tracking, { token: seller.token, params: { orderId: order.orderId } })).toEqual({
      lrNumber: null,
      boxCount: 3,
      boxesDelivered: 0,
      summary: 'Not booked yet',
      scans: [],
    });
    const other = await b2bSeller(s);
    expect(
      (await errorOf(await send(s, API_B2B.tracking, { token: other.token, params: { orderId: order.orderId } })))
        .status,
    ).toBe(404);
  });
});

describe('documents', () => {
  it('the LR copy, one label a box and the invoice set, in Indian formats', async () => {
    const booked = await bookedB2bOrder(s, seller);
    const params = { orderId: booked.orderId };
    const lr = await pdfOf(await send(s, API_B2B.lrCopy, { token: seller.token, params }));
    expect(lr.barcodes).toEqual([booked.lrNumber]);
    const lrText = lr.text.replace(/\s+/g, ' ');
    expect(lrText).toContain('Kavya Retail Private Limited');
    expect(lrText).toContain('3 boxes · 30 kg in all · Cotton bedsheets');
    expect(lrText).toContain('Consignment value ₹40,000.00');
    expect(lrText).toContain('Booked 20 Nov 2026, 12:00 pm IST');
    const labels = await pdfOf(await send(s, API_B2B.boxLabels, { token: seller.token, params }));
    expect(labels.pages).toBe(3);
    expect(labels.barcodes).toEqual(booked.boxNumbers.map((b) => b.boxAwb));
    expect(labels.text).toContain('Box 3 of 3');
    const invoices = await pdfOf(await send(s, API_B2B.invoiceSet, { token: seller.token, params }));
    const invoiceText = invoices.text.replace(/\s+/g, ' ');
    expect(invoiceText).toContain(`Invoice ${booked.invoices[0].invoiceNumber}`);
    // its goods line by line, and the IGST of a Jaipur to Bengaluru consignment
    expect(invoiceText).toContain('Cotton bedsheets 63040000 200 numbers 30,000.00 12 % 3,600.00');
    // (a narrow cell's text comes out of the PDF without its space)
    expect(invoiceText).toMatch(/Pillow covers 6304 150 pieces 6,095\.24 5 ?% 304\.76/);
    expect(invoiceText).toContain('IGST ₹3,904.76');
    expect(invoiceText).toContain('Goods with GST ₹40,000.00');
  });

  it('the LR and labels wait for the booking (409); another seller’s order is 404', async () => {
    const order = await newB2bOrder(s, seller);
    const params = { orderId: order.orderId };
    for (const op of [API_B2B.lrCopy, API_B2B.boxLabels])
      expect(await errorOf(await send(s, op, { token: seller.token, params }))).toMatchObject({
        status: 409,
        message: expect.stringContaining('not booked yet'),
      });
    const other = await b2bSeller(s);
    for (const op of [API_B2B.lrCopy, API_B2B.boxLabels, API_B2B.invoiceSet, API_B2B.pod])
      expect((await errorOf(await send(s, op, { token: other.token, params }))).status).toBe(404);
    // a login that may not see orders sees neither their documents nor their tracking
    const role = await answer(s, API_TEAM.addRole, {
      token: seller.token,
      body: { roleName: 'Wallet only', permissions: ['wallet.view'] },
    });
    const cashier = await invitedUser(s, seller.token, 'cashier-b2b@team.test', { teamRoleId: role.roleId });
    for (const op of [API_B2B.lrCopy, API_B2B.boxLabels, API_B2B.invoiceSet, API_B2B.pod, API_B2B.tracking])
      expect((await errorOf(await send(s, op, { token: cashier.token, params }))).status).toBe(403);
  });
});
