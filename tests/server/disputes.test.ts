import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_SHIPPING } from '../../src/domain/shipping-contract';
import { pathOf } from '../../src/domain/operation';
import { API_WALLET } from '../../src/domain/wallet-contract';
import { API_DISPUTES } from '../../src/domain/disputes-contract';
import { journalEntries, ledgerAccounts, postings, sandboxCourierClaims } from '../../server/db/schema';
import type { CourierStatus } from '../../src/domain/shipping/courier-status';
import { ingestScans } from '../../server/modules/courier-inlet/ingest';
import { solidPng } from './pdf-reader';
import { errorOf, type TestServer } from './harness';
import { answer, answerOf } from './call';
import { creditWallet, demoTokens, newShippableOrder, startDemoServer, verifiedPickup } from './helpers';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

describe('delivery disputes', () => {
  let s: TestServer;
  let seller: string;
  let meera: string;
  let staff: string;
  let pickupId: number;
  let meeraOrg: number;
  beforeAll(async () => {
    s = await startDemoServer();
    ({ seller, meera, staff } = await demoTokens(s));
    ({ pickupId, orgId: meeraOrg } = await verifiedPickup(s, meera));
    await creditWallet(s, staff, meeraOrg, 20000, 'Float for dispute tests');
  });
  afterAll(() => s.close());

  const balance = async () => (await answer(s, API_WALLET.wallet, { token: meera })).balancePaise;

  /** A new order shipped with the first courier and reported through to `end` at the clock's time. */
  async function shipped(end: 'DLV' | 'RTO_DLV' | 'INT') {
    const o = await newShippableOrder(s, meera, pickupId, { paymentMethod: 'PPD' });
    const { quotes } = await answer(s, API_SHIPPING.courierQuotes, { params: { orderId: o.orderId }, token: meera });
    const info = await answer(s, API_SHIPPING.ship, {
      params: { orderId: o.orderId },
      body: { carrierCode: quotes[0].carrierCode },
      token: meera,
    });
    const path: CourierStatus[] =
      end === 'DLV'
        ? ['PICKED_UP', 'IN_TRANSIT', 'OUT_FOR_DELIVERY', 'DELIVERED']
        : end === 'RTO_DLV'
          ? ['PICKED_UP', 'IN_TRANSIT', 'UNDELIVERED', 'RTO_INITIATED', 'RTO_DELIVERED']
          : ['PICKED_UP', 'IN_TRANSIT'];
    const t0 = s.clock.now.getTime() - path.length * HOUR;
    await ingestScans(
      s.deps,
      path.map((courierStatus, i) => ({
        awb: info.awb,
        at: new Date(t0 + (i + 1) * HOUR),
        courierStatus,
        location: 'Bengaluru',
        remark: courierStatus,
      })),
    );
    return { orderId: o.orderId, awb: info.awb, info, deliveredAt: new Date(t0 + path.length * HOUR), order: o };
  }

  const upload = async (token: string, bytes: Uint8Array, name = 'box.png') => {
    const form = new FormData();
    form.set('file', new File([new Uint8Array(bytes)], name, { type: 'image/png' }));
    return s.request(API_DISPUTES.evidence.path, { method: 'POST', body: form, token });
  };
  const photo = async () => answerOf(API_DISPUTES.evidence, await upload(meera, solidPng(8, 8, [200, 40, 40])));
  const raise = (json: unknown, token = meera) => s.request(API_DISPUTES.raise.path, { method: 'POST', json, token });
  const describe20 = 'The buyer opened the box and found it empty, seal broken';

  it('raises a dispute with an image, sends it to the courier, accepts it and credits the wallet once', async () => {
    const d = await shipped('DLV');
    const before = await balance();
    const eligible = await answer(s, API_DISPUTES.eligibility, { params: { orderId: d.orderId }, token: meera });
    expect(eligible).toMatchObject({ eligible: true, reason: null, awb: d.awb, deliveryStatus: 'DLV', dispute: null });
    expect(eligible.deliveredAt).toBe(d.deliveredAt.toISOString());
    expect(eligible.deadline).toBe(new Date(d.deliveredAt.getTime() + 3 * DAY).toISOString());
    // order value plus what shipping it cost
    expect(eligible.maxCreditPaise).toBe(d.order.totalPaise + d.info.totalPaise);

    const image = await photo();
    // a private file: a signed link for this image alone (tests/server/file-access.test.ts)
    expect(image.url).toMatch(new RegExp(`^/api/v1/files/${image.fileId}\\?expires=\\d+&signature=`));
    const raised = await answerOf(
      API_DISPUTES.raise,
      await raise({ orderId: d.orderId, category: 'EMPTY_BOX', description: describe20, evidence: [image.fileId] }),
    );
    expect(raised).toMatchObject({
      awb: d.awb,
      status: 'OPEN',
      statusText: 'Open',
      category: 'EMPTY_BOX',
      categoryText: 'Empty box',
      description: describe20,
      evidence: [{ fileId: image.fileId, url: image.url, name: 'box.png' }],
      creditedPaise: null,
      staffNote: null,
    });
    expect(raised.companyName).toBeUndefined();
    const again = await answer(s, API_DISPUTES.eligibility, { params: { orderId: d.orderId }, token: meera });
    expect(again).toMatchObject({ eligible: false, reason: 'A dispute is already open for this shipment' });
    expect(again.dispute?.disputeId).toBe(raised.disputeId);

    // staff: listed with counts, opened, sent to the courier (the sandbox records one claim)
    const list = await answer(s, API_DISPUTES.staffList, {
      query: { status: 'OPEN', searchPattern: d.awb },
      token: staff,
    });
    expect(list.items.map((x) => x.disputeId)).toEqual([raised.disputeId]);
    expect(list.items[0].companyName).toBeTruthy();
    expect(list.counts.OPEN).toBe(1);
    const accepted0 = await errorOf(
      await s.request(pathOf(API_DISPUTES.accept, { disputeId: raised.disputeId }), {
        method: 'POST',
        json: { amount: 100, note: 'Courier agreed' },
        token: staff,
      }),
    );
    expect(accepted0).toMatchObject({ status: 409, message: 'Send the dispute to the courier before accepting it' });
    const sent = await answer(s, API_DISPUTES.sendToCourier, { params: { disputeId: raised.disputeId }, token: staff });
    expect(sent.status).toBe('WITH_COURIER');
    expect(sent.courierClaimRef).toMatch(/^CLM-/);
    const claims = await s.deps.db.select().from(sandboxCourierClaims).where(eq(sandboxCourierClaims.awb, d.awb));
    expect(claims).toHaveLength(1);
    expect(claims[0]).toMatchObject({ claimRef: sent.courierClaimRef, category: 'EMPTY_BOX' });
    // the courier gets a link of its own that opens the image for a week
    expect(claims[0].evidenceUrls).toEqual([
      expect.stringMatching(new RegExp(`^http://dakiya.test/api/v1/files/${image.fileId}\\?expires=\\d+&signature=`)),
    ]);
    const courierLink = claims[0].evidenceUrls[0].slice('http://dakiya.test'.length);
    expect(Number(new URL(courierLink, 'http://x').searchParams.get('expires')) * 1000).toBe(
      Math.floor(s.clock.now.getTime() / 1000) * 1000 + 7 * 86_400_000,
    );
    expect((await s.request(courierLink)).status).toBe(200);
    expect(
      (
        await errorOf(
          await s.request(pathOf(API_DISPUTES.sendToCourier, { disputeId: raised.disputeId }), {
            method: 'POST',
            token: staff,
          }),
        )
      ).status,
    ).toBe(409);

    // over the bound is refused, naming the field
    const over = await errorOf(
      await s.request(pathOf(API_DISPUTES.accept, { disputeId: raised.disputeId }), {
        method: 'POST',
        json: { amount: (eligible.maxCreditPaise! + 1) / 100, note: 'Courier agreed' },
        token: staff,
      }),
    );
    expect(over.status).toBe(400);
    expect(over.message).toMatch(/^Amount must be at most ₹/);
    const done = await answer(s, API_DISPUTES.accept, {
      params: { disputeId: raised.disputeId },
      body: { amount: 1450.5, note: 'Courier accepted the claim' },
      token: staff,
    });
    expect(done).toMatchObject({ status: 'ACCEPTED', creditedPaise: 145050, staffNote: 'Courier accepted the claim' });
    expect(await balance()).toBe(before + 145050);
    const mine = await answer(s, API_DISPUTES.disputes, { token: meera });
    expect(mine.items.find((x) => x.disputeId === raised.disputeId)).toMatchObject({
      status: 'ACCEPTED',
      staffNote: 'Courier accepted the claim',
    });
    expect(mine.counts.ACCEPTED).toBeGreaterThanOrEqual(1);
    // a page at a time, searched by AWB, with counts that ignore the status tab
    const byAwb = await answer(s, API_DISPUTES.disputes, {
      query: { searchPattern: raised.awb, status: 'ACCEPTED', recordsPerPage: '5' },
      token: meera,
    });
    expect(byAwb).toMatchObject({ pageNumber: 0, recordsPerPage: 5, total: 1 });
    expect(byAwb.items.map((x) => x.disputeId)).toEqual([raised.disputeId]);
    // one entry, keyed by the shipment, balanced
    const entries = await s.deps.db
      .select()
      .from(journalEntries)
      .where(eq(journalEntries.externalKey, `shipment:${d.awb}:dispute`));
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ kind: 'DISPUTE_CREDIT', reference: d.awb });
    const lines = await s.deps.db.select().from(postings).where(eq(postings.entryId, entries[0].id));
    expect(lines.map((l) => l.amountPaise).sort((a, b) => a - b)).toEqual([-145050, 145050]);
    // an accepted shipment cannot be disputed again
    const after = await answer(s, API_DISPUTES.eligibility, { params: { orderId: d.orderId }, token: meera });
    expect(after).toMatchObject({ eligible: false, reason: 'A dispute for this shipment was accepted already' });
    expect(
      (await errorOf(await raise({ orderId: d.orderId, category: 'NOT_RECEIVED', description: describe20 }))).status,
    ).toBe(409);
  });

  it('takes a dispute on an RTO delivered parcel, and rejects it with a note the seller reads', async () => {
    const d = await shipped('RTO_DLV');
    const eligible = await answer(s, API_DISPUTES.eligibility, { params: { orderId: d.orderId }, token: meera });
    const rto = d.info.rtoChargePaise + Math.round(d.info.rtoChargePaise * 0.18);
    expect(eligible).toMatchObject({ eligible: true, deliveryStatus: 'RTO_DLV' });
    expect(eligible.maxCreditPaise).toBe(d.order.totalPaise + d.info.totalPaise + rto);
    // not received needs no photo
    const raised = await answerOf(
      API_DISPUTES.raise,
      await raise({
        orderId: d.orderId,
        category: 'NOT_RECEIVED',
        description: 'The returned parcel never reached our warehouse',
      }),
    );
    const rejected = await answer(s, API_DISPUTES.reject, {
      params: { disputeId: raised.disputeId },
      body: { note: 'The courier has a signed proof of return' },
      token: staff,
    });
    expect(rejected).toMatchObject({ status: 'REJECTED', staffNote: 'The courier has a signed proof of return' });
    const seen = await answer(s, API_DISPUTES.dispute, { params: { disputeId: raised.disputeId }, token: meera });
    expect(seen).toMatchObject({
      status: 'REJECTED',
      statusText: 'Rejected',
      staffNote: 'The courier has a signed proof of return',
    });
    // settled: neither accepted nor rejected again
    for (const [path, json] of [
      [pathOf(API_DISPUTES.reject, { disputeId: raised.disputeId }), { note: 'again please' }],
      [pathOf(API_DISPUTES.accept, { disputeId: raised.disputeId }), { amount: 10, note: 'again please' }],
    ] as const)
      expect((await errorOf(await s.request(path, { method: 'POST', json, token: staff }))).status).toBe(409);
    // a rejected dispute may be raised again within the window, with more to say
    expect(
      (
        await raise({
          orderId: d.orderId,
          category: 'NOT_RECEIVED',
          description: 'Still missing: gate register shows no entry',
        })
      ).status,
    ).toBe(200);
  });

  it.each([
    [{ category: 'EMPTY_BOX', description: describe20 }, 'orderId', 'Order is required'],
    [
      { orderId: 1, category: 'LOST', description: describe20 },
      'category',
      'Category must be one of Not received by the buyer, Empty box, Damaged box, Wrong item',
    ],
    [{ orderId: 1, category: 'EMPTY_BOX' }, 'description', 'Description is required'],
    [
      { orderId: 1, category: 'EMPTY_BOX', description: 'too short' },
      'description',
      'Description must be 20 to 1000 characters',
    ],
    [
      { orderId: 1, category: 'EMPTY_BOX', description: 'x'.repeat(1001) },
      'description',
      'Description must be 20 to 1000 characters',
    ],
    [
      { orderId: 1, category: 'EMPTY_BOX', description: describe20, evidence: 'abc' },
      'evidence',
      'Evidence must be a list of uploaded images',
    ],
    [
      { orderId: 1, category: 'EMPTY_BOX', description: describe20, evidence: ['../etc'] },
      'evidence',
      'Evidence: not an uploaded image',
    ],
    [
      {
        orderId: 1,
        category: 'EMPTY_BOX',
        description: describe20,
        evidence: Array.from({ length: 6 }, (_, i) => `abcdefgh${i}`),
      },
      'evidence',
      'Evidence: at most 5 images',
    ],
  ])('refuses a raise with a bad %#: %s', async (json, _field, message) => {
    const e = await errorOf(await raise(json));
    expect(e).toMatchObject({ status: 400, message });
    expect(e.header).toBeTruthy();
  });

  it('refuses a claim that needs a photo without one, an image of another seller, and an unknown image', async () => {
    const d = await shipped('DLV');
    const base = { orderId: d.orderId, category: 'DAMAGED_BOX', description: describe20 };
    expect(await errorOf(await raise(base))).toMatchObject({
      status: 400,
      message: 'Evidence: add at least one image of the parcel',
    });
    const theirs = await answerOf(API_DISPUTES.evidence, await upload(seller, solidPng(4, 4, [0, 0, 0])));
    for (const fileId of [theirs.fileId, 'abcdefghijkl'])
      expect(await errorOf(await raise({ ...base, evidence: [fileId] }))).toMatchObject({
        status: 400,
        message: 'Evidence: an image was not found; upload it again',
      });
  });

  it('checks evidence uploads by content and size', async () => {
    const text = await errorOf(await upload(meera, new TextEncoder().encode('not an image at all'), 'x.png'));
    expect(text).toMatchObject({ status: 415, message: 'Only PNG, JPEG or WEBP images are accepted' });
    const big = new Uint8Array(1024 * 1024 + 10);
    big.set(solidPng(2, 2, [1, 2, 3]));
    expect((await errorOf(await upload(meera, big))).status).toBe(413);
    const none = await s.request(API_DISPUTES.evidence.path, { method: 'POST', body: new FormData(), token: meera });
    expect((await errorOf(none)).message).toMatch(/^File: /);
  });

  it('refuses after 3 days, before delivery, and with a window the clock moves', async () => {
    const d = await shipped('DLV');
    const image = await photo();
    const body = { orderId: d.orderId, category: 'WRONG_ITEM', description: describe20, evidence: [image.fileId] };
    const start = s.clock.now;
    try {
      // the access tokens of the suite expire meanwhile: log in again at the later time
      s.clock.now = new Date(d.deliveredAt.getTime() + 3 * DAY + 1000);
      const later = (await demoTokens(s)).meera;
      const late = await errorOf(await raise(body, later));
      expect(late.status).toBe(422);
      expect(late.message).toMatch(
        /^Disputes can be raised within 3 days of delivery; this one closed on \d{2} \w{3} 2026, /,
      );
      const e = await answer(s, API_DISPUTES.eligibility, { params: { orderId: d.orderId }, token: later });
      expect(e.eligible).toBe(false);
      expect(e.reason).toBe(late.message);
      s.clock.now = new Date(d.deliveredAt.getTime() + 3 * DAY - 1000);
      expect((await raise(body, later)).status).toBe(200);
    } finally {
      s.clock.now = start;
    }
    const moving = await shipped('INT');
    const notYet = await errorOf(await raise({ ...body, orderId: moving.orderId }));
    expect(notYet).toMatchObject({
      status: 422,
      message: 'Only a delivered or RTO delivered shipment can be disputed',
    });
    expect(
      await answer(s, API_DISPUTES.eligibility, { params: { orderId: moving.orderId }, token: meera }),
    ).toMatchObject({
      eligible: false,
      reason: 'Only a delivered or RTO delivered shipment can be disputed',
      awb: null,
    });
  });

  it("answers 404 for another seller's order and dispute, and 403 to a seller on staff routes", async () => {
    const d = await shipped('DLV');
    const image = await photo();
    const raised = await answerOf(
      API_DISPUTES.raise,
      await raise({ orderId: d.orderId, category: 'DAMAGED_BOX', description: describe20, evidence: [image.fileId] }),
    );
    expect(
      (await errorOf(await s.request(pathOf(API_DISPUTES.eligibility, { orderId: d.orderId }), { token: seller })))
        .status,
    ).toBe(404);
    expect(
      (await errorOf(await s.request(pathOf(API_DISPUTES.dispute, { disputeId: raised.disputeId }), { token: seller })))
        .status,
    ).toBe(404);
    expect(
      (await errorOf(await raise({ orderId: d.orderId, category: 'NOT_RECEIVED', description: describe20 }, seller)))
        .status,
    ).toBe(404);
    const theirs = await answer(s, API_DISPUTES.disputes, { token: seller });
    expect(theirs.items.some((x) => x.disputeId === raised.disputeId)).toBe(false);
    for (const [method, path, json] of [
      ['GET', API_DISPUTES.staffList.path, undefined],
      ['GET', pathOf(API_DISPUTES.staffDispute, { disputeId: raised.disputeId }), undefined],
      ['POST', pathOf(API_DISPUTES.sendToCourier, { disputeId: raised.disputeId }), undefined],
      ['POST', pathOf(API_DISPUTES.accept, { disputeId: raised.disputeId }), { amount: 10, note: 'pay me now' }],
      ['POST', pathOf(API_DISPUTES.reject, { disputeId: raised.disputeId }), { note: 'nope nope' }],
    ] as const) {
      expect((await errorOf(await s.request(path, { method, json, token: meera }))).status, path).toBe(403);
      expect((await s.request(path, { method, json })).status, path).toBe(401);
    }
    // staff are not sellers
    expect((await errorOf(await s.request(API_DISPUTES.disputes.path, { token: staff }))).status).toBe(403);
    expect(
      (await errorOf(await s.request(pathOf(API_DISPUTES.staffDispute, { disputeId: 999999 }), { token: staff })))
        .status,
    ).toBe(404);
    // staff inputs are named by label
    expect(
      await errorOf(
        await s.request(pathOf(API_DISPUTES.accept, { disputeId: raised.disputeId }), {
          method: 'POST',
          json: { amount: -1, note: 'fine' },
          token: staff,
        }),
      ),
    ).toMatchObject({ status: 400, message: 'Amount must be a positive number' });
    expect(
      await errorOf(
        await s.request(pathOf(API_DISPUTES.reject, { disputeId: raised.disputeId }), {
          method: 'POST',
          json: { note: 'no' },
          token: staff,
        }),
      ),
    ).toMatchObject({ status: 400, message: 'Note must be 5 to 500 characters' });
    expect(
      await errorOf(await s.request(`${API_DISPUTES.staffList.path}?status=DONE`, { token: staff })),
    ).toMatchObject({
      status: 400,
      message: 'Status must be one of Open, With courier, Accepted, Rejected',
    });
  });

  it('makes one dispute of concurrent raises', async () => {
    const d = await shipped('DLV');
    const image = await photo();
    const body = { orderId: d.orderId, category: 'EMPTY_BOX', description: describe20, evidence: [image.fileId] };
    const answers = await Promise.all(Array.from({ length: 4 }, () => raise(body)));
    expect(answers.map((r) => r.status).sort()).toEqual([200, 409, 409, 409]);
    const mine = await answer(s, API_DISPUTES.disputes, { token: meera });
    expect(mine.items.filter((x) => x.awb === d.awb)).toHaveLength(1);
  });

  it('credits once when staff approve one dispute concurrently, and the ledger stays balanced', async () => {
    const d = await shipped('DLV');
    const image = await photo();
    const raised = await answerOf(
      API_DISPUTES.raise,
      await raise({ orderId: d.orderId, category: 'EMPTY_BOX', description: describe20, evidence: [image.fileId] }),
    );
    const sends = await Promise.all(
      [1, 2, 3].map(() =>
        s.request(pathOf(API_DISPUTES.sendToCourier, { disputeId: raised.disputeId }), {
          method: 'POST',
          token: staff,
        }),
      ),
    );
    expect(sends.map((r) => r.status).sort()).toEqual([200, 409, 409]);
    expect(await s.deps.db.select().from(sandboxCourierClaims).where(eq(sandboxCourierClaims.awb, d.awb))).toHaveLength(
      1,
    );
    const before = await balance();
    const answers = await Promise.all(
      [900, 900, 800, 700].map((amount) =>
        s.request(pathOf(API_DISPUTES.accept, { disputeId: raised.disputeId }), {
          method: 'POST',
          json: { amount, note: 'Courier accepted the claim' },
          token: staff,
        }),
      ),
    );
    expect(answers.map((r) => r.status).sort()).toEqual([200, 409, 409, 409]);
    const winner = await answerOf(
      API_DISPUTES.accept,
      answers.find((r) => r.status === 200)!,
    );
    expect(await balance()).toBe(before + winner.creditedPaise!);
    const entries = await s.deps.db
      .select()
      .from(journalEntries)
      .where(and(eq(journalEntries.kind, 'DISPUTE_CREDIT'), eq(journalEntries.reference, d.awb)));
    expect(entries).toHaveLength(1);
    // the wallet's balance is the sum of its postings, and every entry sums to zero
    const [wallet] = await s.deps.db
      .select()
      .from(ledgerAccounts)
      .where(and(eq(ledgerAccounts.orgId, meeraOrg), eq(ledgerAccounts.kind, 'SELLER_WALLET')));
    const walletLines = await s.deps.db.select().from(postings).where(eq(postings.accountId, wallet.id));
    expect(walletLines.reduce((a, l) => a + l.amountPaise, 0)).toBe(wallet.balancePaise);
    const all = await s.deps.db.select().from(postings);
    expect(all.reduce((a, l) => a + l.amountPaise, 0)).toBe(0);
  });

  it('lists for staff with filters and counts, and pages', async () => {
    const all = await answer(s, API_DISPUTES.staffList, { token: staff });
    const total = Object.values(all.counts).reduce((a, n) => a + n, 0);
    expect(all.total).toBe(total);
    expect(all.counts.ACCEPTED).toBeGreaterThanOrEqual(2);
    expect(all.counts.REJECTED).toBe(1);
    const rejected = await answer(s, API_DISPUTES.staffList, { query: { status: 'REJECTED' }, token: staff });
    expect(rejected.items.every((x) => x.status === 'REJECTED')).toBe(true);
    expect(rejected.counts).toEqual(all.counts);
    const empty = await answer(s, API_DISPUTES.staffList, { query: { category: 'WRONG_ITEM' }, token: staff });
    expect(empty.items.every((x) => x.category === 'WRONG_ITEM')).toBe(true);
    const page = await answer(s, API_DISPUTES.staffList, {
      query: { recordsPerPage: '2', pageNumber: '1' },
      token: staff,
    });
    expect(page.items.map((x) => x.disputeId)).toEqual(all.items.slice(2, 4).map((x) => x.disputeId));
    expect((await answer(s, API_DISPUTES.staffList, { query: { searchPattern: '%' }, token: staff })).total).toBe(0);
  });
});
