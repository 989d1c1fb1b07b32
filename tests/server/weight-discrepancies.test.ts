import { answer, answerOf, send } from './call';
import { pathOf } from '../../src/domain/operation';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { queryRows } from '../../server/db/rows';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatRupees } from '../../src/domain/format';
import { API_SHIPPING } from '../../src/domain/shipping-contract';
import { API_WALLET } from '../../src/domain/wallet-contract';
import { API_ORDERS } from '../../src/domain/orders-contract';
import { API_PRODUCTS } from '../../src/domain/setup-contract';
import { API_WEIGHT, WEIGHT_COURIER_FILES } from '../../src/domain/weight-contract';
import {
  journalEntries,
  ledgerAccounts,
  postings,
  products,
  sandboxParcels,
  walletHolds,
  weightDiscrepancies,
} from '../../server/db/schema';
import { holdKey } from '../../server/modules/weight/raise';
import { reportDueScans } from '../../server/carriers/sandbox/tick';
import { fetchHubPhoto } from '../../server/modules/weight/raise';
import { weighAtHub } from '../../server/carriers/sandbox/hub-weighing';
import { CARRIER_BY_CODE } from '../../src/domain/shipping/carriers';
import { runWeightDeadlines } from '../../server/modules/weight/service';
import { solidPng } from './pdf-reader';
import { errorOf, type TestServer } from './harness';
import {
  eventually,
  creditWallet,
  demoTokens,
  finishedUpload,
  startUpload,
  latestMessage,
  newShippableOrder,
  startDemoServer,
  verifiedPickup,
} from './helpers';

const MINUTE = 60_000;
const DAY = 86_400_000;
const FILES = WEIGHT_COURIER_FILES;

describe('weight discrepancies', () => {
  let s: TestServer;
  let seller: string;
  let meera: string;
  let staff: string;
  let pickupId: number;
  let meeraOrg: number;
  const relogin = async () => ({ seller, meera, staff } = await demoTokens(s));
  beforeAll(async () => {
    s = await startDemoServer();
    await relogin();
    ({ pickupId, orgId: meeraOrg } = await verifiedPickup(s, meera));
    await creditWallet(s, staff, meeraOrg, 20000, 'Float for weight tests');
  });
  afterAll(() => s.close());

  const wallet = async () => answer(s, API_WALLET.wallet, { token: meera });

  /** A prepaid order of 1.2 kg in a 20×20×30 box (charged 2.5 kg) shipped with the first courier. */
  async function shipped(over: Record<string, unknown> = {}) {
    const o = await newShippableOrder(s, meera, pickupId, { paymentMethod: 'PPD', ...over });
    const { quotes } = await answer(s, API_SHIPPING.courierQuotes, { params: { orderId: o.orderId }, token: meera });
    const info = await answer(s, API_SHIPPING.ship, {
      params: { orderId: o.orderId },
      body: { carrierCode: quotes[0].carrierCode },
      token: meera,
    });
    return { orderId: o.orderId, awb: info.awb, carrierCode: quotes[0].carrierCode, info };
  }

  /** The courier's file of rows: awb, chargedWeightKg, lengthCm, breadthCm, heightCm, hubPhotoUrl. */
  async function importFile(rows: string[][]) {
    const text = ['awb,chargedWeightKg,lengthCm,breadthCm,heightCm,hubPhotoUrl', ...rows.map((r) => r.join(','))].join(
      '\n',
    );
    const up = await startUpload(s, FILES, text, 'courier.csv', staff);
    return finishedUpload(s, FILES, up.uploadId, staff);
  }
  const heavy = (awb: string) => [awb, '4.6', '30', '30', '30', 'https://courier.example/hub.jpg'];
  const idOf = async (awb: string) => {
    const [d] = await s.deps.db.select().from(weightDiscrepancies).where(eq(weightDiscrepancies.awb, awb));
    return d?.id;
  };
  const detail = async (id: number, token = meera) =>
    answer(s, API_WEIGHT.discrepancy, { params: { discrepancyId: id }, token });

  const upload = async (token: string) => {
    const form = new FormData();
    form.set('file', new File([new Uint8Array(solidPng(8, 8, [40, 90, 200]))], 'scale.png', { type: 'image/png' }));
    return answerOf(
      API_WEIGHT.evidence,
      await s.request(API_WEIGHT.evidence.path, { method: 'POST', body: form, token }),
    );
  };
  const evidence = async () => {
    const ids = await Promise.all([0, 1, 2, 3].map(() => upload(meera)));
    return {
      scalePhoto: ids[0].fileId,
      lengthPhoto: ids[1].fileId,
      breadthPhoto: ids[2].fileId,
      heightPhoto: ids[3].fileId,
    };
  };
  const dispute = async (id: number) =>
    s.request(pathOf(API_WEIGHT.dispute, { discrepancyId: id }), {
      method: 'POST',
      json: { productCategory: 'HOME_KITCHEN', note: 'Weighed 1.2 kg on our scale', evidence: await evidence() },
      token: meera,
    });

  it('raises a discrepancy from a sandbox hub scan: the difference is held, the usable balance falls, the seller is told', async () => {
    const d = await shipped();
    const profile = CARRIER_BY_CODE.get(d.carrierCode)!;
    const [p] = await s.deps.db.select().from(sandboxParcels).where(eq(sandboxParcels.awb, d.awb));
    await s.deps.db
      .update(sandboxParcels)
      .set({ plan: weighAtHub(profile, d.awb, p.plan, d.info.chargedWeightKg, true) })
      .where(eq(sandboxParcels.awb, d.awb));
    const before = await wallet();
    s.clock.advance(2 * DAY); // the parcel leaves the origin hub within two days on the sandbox courier's clock
    await reportDueScans(s.deps);
    await relogin();
    const id = (await idOf(d.awb))!;
    expect(id).toBeTruthy();
    // the courier's hub photo is fetched by a queued job
    const one = await eventually(
      () => detail(id),
      (x) => !!x.hubPhoto,
    );
    expect(one).toMatchObject({
      awb: d.awb,
      status: 'NEW',
      source: 'SCAN',
      sellerChargedKg: d.info.chargedWeightKg,
      holdState: 'HELD',
      canAccept: true,
      canDispute: true,
      canEscalate: false,
      platformBorne: false,
    });
    expect(one.courierChargedKg).toBeGreaterThan(one.sellerChargedKg);
    expect(one.amountPaise).toBe(one.forwardPaise + one.rtoPaise + one.gstPaise);
    expect(one.hubPhoto?.url).toMatch(/^\/api\/v1\/files\//);
    const photo = await s.request(one.hubPhoto!.url);
    expect(photo.headers.get('content-type')).toBe('image/png');
    // the photo's job run again keeps the photo it has
    expect(await fetchHubPhoto(s.deps, id)).toBe(false);
    expect(one.timeline.map((t) => t.status)).toEqual(['NEW']);
    // the raise in the words of whoever reads it: the seller's own wallet, and the seller's for staff
    const held = `${formatRupees(one.amountPaise)} is held in`;
    expect(one.timeline[0].note).toBe(
      `The courier charged ${one.courierChargedKg} kg against your ${one.sellerChargedKg} kg; ${held} your wallet`,
    );
    const forStaff = await answer(s, API_WEIGHT.staffDiscrepancy, { params: { discrepancyId: id }, token: staff });
    expect(forStaff.timeline[0].note).toBe(
      `The courier charged ${one.courierChargedKg} kg against the seller's ${one.sellerChargedKg} kg; ${held} the seller's wallet`,
    );
    // held, not spent: the balance stands, the usable part falls
    const after = await wallet();
    expect(after.balancePaise).toBe(before.balancePaise);
    expect(after.heldPaise - before.heldPaise).toBe(one.amountPaise);
    // the same report again changes nothing
    await reportDueScans(s.deps);
    expect((await wallet()).heldPaise).toBe(after.heldPaise);
    const list = await answer(s, API_WEIGHT.discrepancies, { token: meera });
    expect(list.items.map((x) => x.awb)).toContain(d.awb);
    expect(list.counts.NEW).toBeGreaterThanOrEqual(1);
    expect(list.heldPaise).toBe(after.heldPaise);
    const delays = await answer(s, API_ORDERS.delays, { token: meera });
    expect(delays.discrepancy).toBe(
      list.counts.NEW + list.counts.DISPUTED + list.counts.WITH_COURIER + list.counts.REJECTED + list.counts.ESCALATED,
    );
    const mail = await latestMessage(s, 'meera@demo.dakiya.in');
    expect(mail?.subject).toMatch(/charged more weight/);
  });

  it('a hold lowers the usable balance every booking checks', async () => {
    const w = await wallet();
    // hold all but ₹10 of what is usable: a booking then needs more than is left
    const [acct] = await s.deps.db
      .select()
      .from(ledgerAccounts)
      .where(and(eq(ledgerAccounts.orgId, meeraOrg), eq(ledgerAccounts.kind, 'SELLER_WALLET')));
    const { placeHold, releaseHold } = await import('../../server/modules/wallet/ledger');
    await placeHold(s.deps.db, {
      orgId: meeraOrg,
      key: 'test:usable',
      amountPaise: w.balancePaise - w.heldPaise - 1000,
      description: 'Test hold',
    });
    const o = await newShippableOrder(s, meera, pickupId, { paymentMethod: 'PPD' });
    const { quotes } = await answer(s, API_SHIPPING.courierQuotes, { params: { orderId: o.orderId }, token: meera });
    const refused = await errorOf(
      await s.request(pathOf(API_SHIPPING.ship, { orderId: o.orderId }), {
        method: 'POST',
        json: { carrierCode: quotes[0].carrierCode },
        token: meera,
      }),
    );
    expect(refused.status).toBe(422);
    expect(refused.message).toMatch(/Insufficient wallet balance/);
    expect(await releaseHold(s.deps.db, 'test:usable')).toBe(true);
    expect(await releaseHold(s.deps.db, 'test:usable')).toBe(false);
    const [again] = await s.deps.db.select().from(ledgerAccounts).where(eq(ledgerAccounts.id, acct.id));
    expect(again.heldPaise).toBe(acct.heldPaise);
  });

  it('is accepted by itself at the deadline by the job on the sandbox clock, and charged once', async () => {
    const d = await shipped();
    expect((await importFile([heavy(d.awb)])).result).toMatchObject({ created: 1, rejected: 0 });
    const id = (await idOf(d.awb))!;
    const held = await detail(id);
    expect(held.hubPhoto).toEqual({ fileId: null, url: 'https://courier.example/hub.jpg', name: 'Courier hub photo' });
    const before = await wallet();
    s.clock.advance(6 * DAY);
    expect(await runWeightDeadlines(s.deps)).toBe(0);
    s.clock.advance(DAY + MINUTE);
    expect(await runWeightDeadlines(s.deps)).toBeGreaterThanOrEqual(1);
    expect(await runWeightDeadlines(s.deps)).toBe(0);
    await relogin();
    const done = await detail(id);
    expect(done).toMatchObject({
      status: 'ACCEPTED',
      autoAccepted: true,
      outcome: 'COURIER',
      holdState: 'CHARGED',
      canDispute: false,
    });
    expect(done.timeline.at(-1)).toMatchObject({ status: 'ACCEPTED', actor: 'SYSTEM' });
    const after = await wallet();
    expect(before.balancePaise - after.balancePaise).toBeGreaterThanOrEqual(held.amountPaise);
    const charges = await s.deps.db
      .select()
      .from(journalEntries)
      .where(eq(journalEntries.externalKey, `hold:weight:${id}`));
    expect(charges).toHaveLength(1);
    expect(charges[0].kind).toBe('WEIGHT_CHARGE');
    // too late to answer
    const late = await errorOf(await dispute(id));
    expect(late.status).toBe(409);
  });

  it('a dispute won releases the hold once, however many staff decide at once', async () => {
    const d = await shipped();
    await importFile([heavy(d.awb)]);
    const id = (await idOf(d.awb))!;
    const heldBefore = (await wallet()).heldPaise;
    const disputed = await answerOf(API_WEIGHT.dispute, await dispute(id));
    expect(disputed).toMatchObject({ status: 'DISPUTED', productCategory: 'Home and kitchen', holdState: 'HELD' });
    expect(disputed.evidence?.scalePhoto.url).toMatch(/^\/api\/v1\/files\//);
    expect((await errorOf(await dispute(id))).status).toBe(409);
    // staff: deciding before the courier has it is refused
    const early = await errorOf(
      await s.request(pathOf(API_WEIGHT.decide, { discrepancyId: id }), {
        method: 'POST',
        json: { outcome: 'SELLER', note: 'Photos agree' },
        token: staff,
      }),
    );
    expect(early).toMatchObject({ status: 409, message: 'Send the dispute to the courier before deciding it' });
    const sends = await Promise.all(
      [0, 1].map(() => send(s, API_WEIGHT.sendToCourier, { params: { discrepancyId: id }, token: staff })),
    );
    expect(sends.map((r) => r.status).sort()).toEqual([200, 409]);
    const decisions = await Promise.all(
      [0, 1, 2].map(() =>
        s.request(pathOf(API_WEIGHT.decide, { discrepancyId: id }), {
          method: 'POST',
          json: { outcome: 'SELLER', note: 'Photos agree' },
          token: staff,
        }),
      ),
    );
    expect(decisions.map((r) => r.status).sort()).toEqual([200, 409, 409]);
    const won = await detail(id);
    expect(won).toMatchObject({
      status: 'RESOLVED',
      outcome: 'SELLER',
      holdState: 'RELEASED',
      decisionNote: 'Photos agree',
    });
    expect((await wallet()).heldPaise).toBe(heldBefore - won.amountPaise);
    expect(won.timeline.map((t) => t.status)).toEqual(['NEW', 'DISPUTED', 'WITH_COURIER', 'RESOLVED']);
  });

  it('a dispute lost is charged; it may be escalated once, and the escalation decided for the seller refunds once', async () => {
    const d = await shipped();
    await importFile([heavy(d.awb)]);
    const id = (await idOf(d.awb))!;
    await dispute(id);
    await send(s, API_WEIGHT.sendToCourier, { params: { discrepancyId: id }, token: staff });
    const before = await wallet();
    const lost = await answer(s, API_WEIGHT.decide, {
      params: { discrepancyId: id },
      body: { outcome: 'COURIER', note: 'The hub photo shows 4.6 kg' },
      token: staff,
    });
    expect(lost).toMatchObject({ status: 'REJECTED', holdState: 'CHARGED', outcome: 'COURIER' });
    const after = await wallet();
    expect(before.balancePaise - after.balancePaise).toBe(lost.amountPaise);
    expect(before.heldPaise - after.heldPaise).toBe(lost.amountPaise);
    expect((await detail(id)).canEscalate).toBe(true);
    const escalations = await Promise.all(
      [0, 1].map(() =>
        s.request(pathOf(API_WEIGHT.escalate, { discrepancyId: id }), {
          method: 'POST',
          json: { note: 'Please look again' },
          token: meera,
        }),
      ),
    );
    expect(escalations.map((r) => r.status).sort()).toEqual([200, 409]);
    const decided = await Promise.all(
      [0, 1].map(() =>
        s.request(pathOf(API_WEIGHT.decideEscalation, { discrepancyId: id }), {
          method: 'POST',
          json: { outcome: 'SELLER', note: 'Courier accepted our review' },
          token: staff,
        }),
      ),
    );
    expect(decided.map((r) => r.status).sort()).toEqual([200, 409]);
    const final = await detail(id);
    expect(final).toMatchObject({ status: 'FINAL', outcome: 'SELLER', canEscalate: false });
    expect((await wallet()).balancePaise).toBe(before.balancePaise);
    const again = await errorOf(
      await s.request(pathOf(API_WEIGHT.escalate, { discrepancyId: id }), {
        method: 'POST',
        json: { note: 'Once more please' },
        token: meera,
      }),
    );
    expect(again).toMatchObject({
      status: 409,
      message: 'This discrepancy was escalated already; it may be escalated once',
    });
  });

  it('accepting charges the hold; a frozen product raises none for the seller (staff see it as the platform’s)', async () => {
    const d = await shipped();
    await importFile([heavy(d.awb)]);
    const id = (await idOf(d.awb))!;
    const accepted = await answer(s, API_WEIGHT.accept, { params: { discrepancyId: id }, token: meera });
    expect(accepted).toMatchObject({ status: 'ACCEPTED', holdState: 'CHARGED', autoAccepted: false });
    expect(
      (await errorOf(await send(s, API_WEIGHT.accept, { params: { discrepancyId: id }, token: meera }))).status,
    ).toBe(409);

    // the freeze: photos, request, staff approve
    const created = await answer(s, API_PRODUCTS.addProduct, {
      body: {
        productName: 'Brass Diya Set',
        sku: 'DIYA-5',
        price: 500,
        weightKg: 1.2,
        lengthCm: 20,
        breadthCm: 20,
        heightCm: 30,
        taxRatePercent: 5,
      },
      token: meera,
    });
    const product = { id: created.productId, productName: created.productName, sku: created.sku };
    const photo = await upload(meera);
    const freezeBody = { weightKg: 1.2, lengthCm: 20, breadthCm: 20, heightCm: 30, photos: [photo.fileId] };
    const asked = await answer(s, API_WEIGHT.requestFreeze, {
      params: { productId: product.id },
      body: freezeBody,
      token: meera,
    });
    expect(asked).toMatchObject({ status: 'PENDING', chargedKg: 2.5, productId: product.id });
    expect(
      (
        await errorOf(
          await s.request(pathOf(API_WEIGHT.freeze, { productId: product.id }), {
            method: 'POST',
            json: freezeBody,
            token: meera,
          }),
        )
      ).status,
    ).toBe(409);
    const queue = await answer(s, API_WEIGHT.freezes, { query: { status: 'PENDING' }, token: staff });
    expect(queue.items.map((f) => f.freezeId)).toContain(asked.freezeId);
    const approvals = await Promise.all(
      [0, 1].map(() => send(s, API_WEIGHT.approveFreeze, { params: { freezeId: asked.freezeId }, token: staff })),
    );
    expect(approvals.map((r) => r.status).sort()).toEqual([200, 409]);

    const frozen = await shipped({
      items: [
        {
          name: product.productName,
          sku: product.sku,
          productId: product.id,
          quantity: 1,
          unitPrice: 500,
          taxRatePercent: 5,
        },
      ],
    });
    const heldBefore = (await wallet()).heldPaise;
    expect((await importFile([heavy(frozen.awb)])).result).toMatchObject({ created: 1 });
    const fid = (await idOf(frozen.awb))!;
    expect((await wallet()).heldPaise).toBe(heldBefore);
    expect((await send(s, API_WEIGHT.discrepancy, { params: { discrepancyId: fid }, token: meera })).status).toBe(404);
    const mine = await answer(s, API_WEIGHT.discrepancies, { query: { searchPattern: frozen.awb }, token: meera });
    expect(mine.items).toHaveLength(0);
    const theirs = await answer(s, API_WEIGHT.staffList, {
      query: { platformBorne: 'true', searchPattern: frozen.awb },
      token: staff,
    });
    expect(theirs.items).toMatchObject([{ awb: frozen.awb, platformBorne: true }]);
    const staffView = await answer(s, API_WEIGHT.staffDiscrepancy, { params: { discrepancyId: fid }, token: staff });
    expect(staffView).toMatchObject({ holdState: 'NONE', platformBorne: true, canAccept: false });
    s.clock.advance(8 * DAY);
    await runWeightDeadlines(s.deps);
    await relogin();
    expect(
      (await answer(s, API_WEIGHT.staffDiscrepancy, { params: { discrepancyId: fid }, token: staff })).status,
    ).toBe('NEW');
  });

  it("a courier file raises each once on replay, and tells each bad row by its column's label", async () => {
    const a = await shipped();
    const b = await shipped();
    const rows = [
      heavy(a.awb),
      heavy(b.awb),
      ['NOPE0000000001', '2', '10', '10', '10', ''],
      [b.awb, '0.2', '5', '5', '5', ''],
    ];
    const first = await importFile(rows.slice(0, 3));
    expect(first.result).toMatchObject({ created: 2, rejected: 1 });
    const second = await importFile(rows.slice(0, 2));
    expect(second.result).toMatchObject({ created: 0, rejected: 0 });
    const n = await s.deps.db.select().from(weightDiscrepancies).where(eq(weightDiscrepancies.awb, a.awb));
    expect(n).toHaveLength(1);
    const bad = await importFile([
      ['', '2', '10', '10', '10', ''],
      [a.awb, 'heavy', '10', '10', '10', ''],
      [a.awb + 'X', '2', '0', '10', '10', 'ftp://x'],
    ]);
    expect(bad.result).toMatchObject({ created: 0, rejected: 3 });
    const errors = await (await s.request(bad.result!.errorFileUrl!, { token: staff })).text();
    expect(errors).toContain('AWB is required');
    expect(errors).toContain('Charged weight (kg) must be a number');
    expect(errors).toContain('Length (cm)');
    expect(errors).toContain('Hub photo URL must be an http(s) address');
    expect(errors).not.toMatch(/chargedWeightKg must|hubPhotoUrl must/);
    // a seller has no courier files
    expect((await s.request(FILES.history.path, { token: meera })).status).toBe(403);
    // the ledger stays balanced through holds and charges
    const [{ sum }] = await queryRows<{ sum: string }>(
      s.deps.db,
      sql`select coalesce(sum(amount_paise), 0)::text as sum from ${postings}`,
    );
    expect(sum).toBe('0');
  });

  it('two courier files naming the same parcels, imported at once, raise and hold each parcel once', async () => {
    const parcels = await Promise.all([0, 1, 2].map(() => shipped()));
    const before = await wallet();
    const [one, two] = await Promise.all([
      importFile(parcels.map((p) => heavy(p.awb))),
      importFile([...parcels].reverse().map((p) => heavy(p.awb))),
    ]);
    expect(one.result!.created + two.result!.created).toBe(3);
    const raised = await s.deps.db
      .select()
      .from(weightDiscrepancies)
      .where(
        inArray(
          weightDiscrepancies.awb,
          parcels.map((p) => p.awb),
        ),
      );
    expect(raised).toHaveLength(3);
    const holds = await s.deps.db
      .select()
      .from(walletHolds)
      .where(
        inArray(
          walletHolds.key,
          raised.map((d) => holdKey(d.id)),
        ),
      );
    expect(holds).toHaveLength(3);
    const after = await wallet();
    expect(after.heldPaise - before.heldPaise).toBe(raised.reduce((n, d) => n + d.amountPaise, 0));
  });

  it('validation errors name the field by its label; another seller answers 404; a seller on staff routes 403', async () => {
    const d = await shipped();
    await importFile([heavy(d.awb)]);
    const id = (await idOf(d.awb))!;
    const ev = await evidence();
    const cases: [unknown, string][] = [
      [{ productCategory: 'CARS', evidence: ev }, 'Product category must be one of'],
      [{ productCategory: 'BOOKS', evidence: { ...ev, scalePhoto: undefined } }, 'Photo on the scale is required'],
      [{ productCategory: 'BOOKS', evidence: { ...ev, heightPhoto: '!!' } }, 'Height photo: not an uploaded image'],
      [{ productCategory: 'BOOKS' }, 'Evidence is required'],
    ];
    for (const [json, message] of cases) {
      const e = await errorOf(
        await s.request(pathOf(API_WEIGHT.dispute, { discrepancyId: id }), { method: 'POST', json, token: meera }),
      );
      expect(e.status).toBe(400);
      expect(e.message).toContain(message);
    }
    const unknown = await errorOf(
      await s.request(pathOf(API_WEIGHT.dispute, { discrepancyId: id }), {
        method: 'POST',
        json: { productCategory: 'BOOKS', evidence: { ...ev, lengthPhoto: 'abcdefghijklmnop' } },
        token: meera,
      }),
    );
    expect(unknown).toMatchObject({ status: 400, message: 'Evidence: an image was not found; upload it again' });
    const shortNote = await errorOf(
      await s.request(pathOf(API_WEIGHT.decide, { discrepancyId: id }), {
        method: 'POST',
        json: { outcome: 'SELLER', note: 'ok' },
        token: staff,
      }),
    );
    expect(shortNote.message).toBe('Note must be 5 to 500 characters');
    const badOutcome = await errorOf(
      await s.request(pathOf(API_WEIGHT.decide, { discrepancyId: id }), {
        method: 'POST',
        json: { outcome: 'MAYBE', note: 'Looks fine' },
        token: staff,
      }),
    );
    expect(badOutcome.message).toContain('Outcome must be one of');
    const freezeBad = await errorOf(
      await s.request(pathOf(API_WEIGHT.freeze, { productId: 1 }), {
        method: 'POST',
        json: { weightKg: 0, lengthCm: 20, breadthCm: 20, heightCm: 30, photos: [] },
        token: meera,
      }),
    );
    expect(freezeBad.message).toMatch(/^Weight \(kg\)/);
    const listBad = await errorOf(
      await s.request(`${API_WEIGHT.discrepancies.path}?fromDate=yesterday`, { token: meera }),
    );
    expect(listBad.message).toBe('From date must be a date as yyyy-mm-dd');
    // a day that is not on the calendar is refused before the database sees it
    const notADay = await s.request(`${API_WEIGHT.discrepancies.path}?toDate=2026-02-30`, { token: meera });
    expect(notADay.status).toBe(400);
    expect((await errorOf(notADay)).message).toBe('To date is not a real date');

    // another seller
    expect((await send(s, API_WEIGHT.discrepancy, { params: { discrepancyId: id }, token: seller })).status).toBe(404);
    expect((await send(s, API_WEIGHT.accept, { params: { discrepancyId: id }, token: seller })).status).toBe(404);
    expect(
      (
        await s.request(pathOf(API_WEIGHT.escalate, { discrepancyId: id }), {
          method: 'POST',
          json: { note: 'Please look again' },
          token: seller,
        })
      ).status,
    ).toBe(404);
    const theirList = await answer(s, API_WEIGHT.discrepancies, { token: seller });
    expect(theirList.items.map((x) => x.awb)).not.toContain(d.awb);
    expect((await s.request(API_WEIGHT.exportCsv.path, { token: seller })).status).toBe(200);
    const csv = await (await s.request(API_WEIGHT.exportCsv.path, { token: meera })).text();
    expect(csv).toContain(d.awb);
    expect(csv).toContain('AWB,Order,Courier,Status');
    const [product] = await s.deps.db.select().from(products).where(eq(products.orgId, meeraOrg)).limit(1);
    expect((await send(s, API_WEIGHT.freeze, { params: { productId: product.id }, token: seller })).status).toBe(404);
    expect((await send(s, API_WEIGHT.freeze, { params: { productId: product.id }, token: meera })).status).toBe(200);

    // roles
    for (const path of [
      API_WEIGHT.staffList.path,
      pathOf(API_WEIGHT.staffDiscrepancy, { discrepancyId: id }),
      API_WEIGHT.freezes.path,
    ])
      expect((await s.request(path, { token: meera })).status).toBe(403);
    expect(
      (
        await s.request(pathOf(API_WEIGHT.decide, { discrepancyId: id }), {
          method: 'POST',
          json: { outcome: 'SELLER', note: 'Looks fine' },
          token: meera,
        })
      ).status,
    ).toBe(403);
    expect((await s.request(API_WEIGHT.discrepancies.path, { token: staff })).status).toBe(403);
    expect((await s.request(API_WEIGHT.discrepancies.path)).status).toBe(401);
  });
});
