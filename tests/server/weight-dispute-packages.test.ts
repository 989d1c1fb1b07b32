import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pathOf } from '../../src/domain/operation';
import { API_SPLIT } from '../../src/domain/split-contract';
import { API_TEAM } from '../../src/domain/team-contract';
import { API_WEIGHT, WEIGHT_COURIER_FILES, WEIGHT_TEXT } from '../../src/domain/weight-contract';
import { organisations, weightDiscrepancies } from '../../server/db/schema';
import { answer, answerOf, send } from './call';
import { errorOf, type TestServer } from './harness';
import {
  creditWallet,
  demoTokens,
  finishedUpload,
  newShippableOrder,
  shipWithFirstQuote,
  startDemoServer,
  startUpload,
  verifiedPickup,
} from './helpers';
import { solidPng } from './pdf-reader';
import { invitedUser } from './team-helpers';

// A weight dispute on a split order names the package the courier weighed wrong: by box, the
// parcel is a multi-piece shipment and the seller picks one of its boxes (each under its child
// AWB); by item, each package is a parcel of its own and is the one disputed. A package the
// weighed parcel does not carry is refused, naming the field by its label.

const TWO_ITEMS = {
  paymentMethod: 'PPD',
  items: [
    { name: 'Blue Pottery Vase', sku: 'BPV-12', quantity: 1, unitPrice: 1500, taxRatePercent: 12 },
    { name: 'Block Print Cushion', sku: 'BPC-02', quantity: 2, unitPrice: 500, taxRatePercent: 5 },
  ],
};
const box = (itemId: number, quantity: number, kg: number) => ({
  lines: [{ itemId, quantity }],
  deadWeightKg: kg,
  lengthCm: 20,
  breadthCm: 15,
  heightCm: 10,
});

describe('weight disputes on split orders', () => {
  let s: TestServer;
  let meera: string;
  let seller: string;
  let staff: string;
  let pickupId: number;
  beforeAll(async () => {
    s = await startDemoServer();
    ({ meera, seller, staff } = await demoTokens(s));
    const pickup = await verifiedPickup(s, meera);
    pickupId = pickup.pickupId;
    await creditWallet(s, staff, pickup.orgId, 20000, 'Float for weight disputes on split orders');
    // splitting an order is a Premium feature
    await s.deps.db
      .update(organisations)
      .set({ subscriptionType: 'PREMIUM' })
      .where(eq(organisations.id, pickup.orgId));
  }, 120_000);
  afterAll(() => s.close());

  /** An order of two items split into two packages the given way. */
  async function splitOrder(splitMode: 'BY_BOX' | 'BY_ITEM') {
    const o = await newShippableOrder(s, meera, pickupId, TWO_ITEMS);
    const { items } = await answer(s, API_SPLIT.packages, { params: { orderId: o.orderId }, token: meera });
    const [vase, cushion] = items;
    await answerOf(
      API_SPLIT.saveSplit,
      await s.request(pathOf(API_SPLIT.packages, { orderId: o.orderId }), {
        method: 'PUT',
        json: { splitMode, packages: [box(vase.itemId, 1, 1.2), box(cushion.itemId, 2, 0.6)] },
        token: meera,
      }),
    );
    return o;
  }

  /** The courier's file charging this AWB a heavier slab: one discrepancy, its id. */
  async function weighedHeavy(awb: string): Promise<number> {
    const text = `awb,chargedWeightKg,lengthCm,breadthCm,heightCm,hubPhotoUrl\n${awb},4.6,30,30,30,https://courier.example/hub.jpg`;
    const up = await startUpload(s, WEIGHT_COURIER_FILES, text, 'courier.csv', staff);
    await finishedUpload(s, WEIGHT_COURIER_FILES, up.uploadId, staff);
    const [d] = await s.deps.db.select().from(weightDiscrepancies).where(eq(weightDiscrepancies.awb, awb));
    return d.id;
  }

  async function evidence() {
    const ids = [];
    for (let i = 0; i < 4; i++) {
      const form = new FormData();
      form.set('file', new File([new Uint8Array(solidPng(8, 8, [40, 90, 200]))], 'scale.png', { type: 'image/png' }));
      ids.push(
        (
          await answerOf(
            API_WEIGHT.evidence,
            await s.request(API_WEIGHT.evidence.path, { method: 'POST', body: form, token: meera }),
          )
        ).fileId,
      );
    }
    return { scalePhoto: ids[0], lengthPhoto: ids[1], breadthPhoto: ids[2], heightPhoto: ids[3] };
  }

  const dispute = async (discrepancyId: number, extra: Record<string, unknown>, token = meera) =>
    s.request(pathOf(API_WEIGHT.dispute, { discrepancyId }), {
      method: 'POST',
      json: { productCategory: 'HOME_KITCHEN', note: 'Weighed on our scale', evidence: await evidence(), ...extra },
      token,
    });
  const detail = (discrepancyId: number) =>
    answer(s, API_WEIGHT.discrepancy, { params: { discrepancyId }, token: meera });

  it('by box: lists the boxes with their child AWBs, takes the one named once, refuses a box the parcel does not carry', async () => {
    const o = await splitOrder('BY_BOX');
    const booked = await answer(s, API_SPLIT.shipBoxes, {
      params: { orderId: o.orderId },
      body: { carrierCode: 'DE', idempotencyKey: `weight-box-${o.orderId}` },
      token: meera,
    });
    const { packages } = await answer(s, API_SPLIT.packages, { params: { orderId: o.orderId }, token: meera });
    const id = await weighedHeavy(booked.awb);
    const before = await detail(id);
    expect(before.packages).toEqual(packages.map((p) => ({ packageNo: p.packageNo, awb: p.childAwb })));
    expect(before.disputedPackage).toBeNull();

    // no box named, a box the parcel does not carry, a box number out of range: each said by the field's label
    expect(await errorOf(await dispute(id, {}))).toMatchObject({ status: 400, message: WEIGHT_TEXT.choosePackage });
    expect(await errorOf(await dispute(id, { packageNo: 3 }))).toMatchObject({
      status: 400,
      message: `Package: AWB ${booked.awb} of order ${o.orderNumber} carries no package 3`,
    });
    for (const packageNo of [0, 'two', 1.5])
      expect(await errorOf(await dispute(id, { packageNo }))).toMatchObject({
        status: 400,
        message: expect.stringMatching(/^Package /),
      });
    // another seller's discrepancy is not theirs; staff do not dispute for the seller; a member without billing
    expect((await dispute(id, { packageNo: 2 }, seller)).status).toBe(404);
    expect((await dispute(id, { packageNo: 2 }, staff)).status).toBe(403);
    const role = await answer(s, API_TEAM.addRole, {
      token: meera,
      body: { roleName: 'Order desk', permissions: ['orders.view'] },
    });
    const desk = await invitedUser(s, meera, 'desk-weight@team.test', { teamRoleId: role.roleId });
    expect((await dispute(id, { packageNo: 2 }, desk.token)).status).toBe(403);

    // two tabs send the same dispute at once: it is taken once
    const both = await Promise.all([dispute(id, { packageNo: 2 }), dispute(id, { packageNo: 2 })]);
    expect(both.map((r) => r.status).sort()).toEqual([200, 409]);
    const after = await detail(id);
    expect(after.status).toBe('DISPUTED');
    expect(after.disputedPackage).toEqual({ packageNo: 2, awb: packages[1].childAwb });
  });

  it('by item: the weighed package is the parcel itself, disputed without naming it; another package of the order is refused', async () => {
    const o = await splitOrder('BY_ITEM');
    const awbs: string[] = [];
    for (const packageNo of [1, 2]) {
      const { quotes } = await answer(s, API_SPLIT.packageQuotes, {
        params: { orderId: o.orderId, packageNo },
        token: meera,
      });
      const booked = await answer(s, API_SPLIT.shipPackage, {
        params: { orderId: o.orderId, packageNo },
        body: { carrierCode: quotes[0].carrierCode, idempotencyKey: `weight-item-${o.orderId}-${packageNo}` },
        token: meera,
      });
      awbs.push(booked.awb);
    }
    const id = await weighedHeavy(awbs[1]);
    expect((await detail(id)).packages).toEqual([{ packageNo: 2, awb: awbs[1] }]);
    expect(await errorOf(await dispute(id, { packageNo: 1 }))).toMatchObject({
      status: 400,
      message: `Package: AWB ${awbs[1]} of order ${o.orderNumber} carries no package 1`,
    });
    const disputed = await answerOf(API_WEIGHT.dispute, await dispute(id, {}));
    expect(disputed.disputedPackage).toEqual({ packageNo: 2, awb: awbs[1] });
  });

  it('an order not split has no packages: naming one is refused, and the dispute goes without', async () => {
    const o = await newShippableOrder(s, meera, pickupId, { paymentMethod: 'PPD' });
    const info = await shipWithFirstQuote(s, meera, o.orderId);
    const id = await weighedHeavy(info.awb);
    expect((await detail(id)).packages).toEqual([]);
    expect((await errorOf(await dispute(id, { packageNo: 1 }))).status).toBe(400);
    const res = await send(s, API_WEIGHT.dispute, {
      params: { discrepancyId: id },
      body: { productCategory: 'HOME_KITCHEN', note: '', evidence: await evidence(), packageNo: null },
      token: meera,
    });
    expect((await answerOf(API_WEIGHT.dispute, res)).disputedPackage).toBeNull();
  });
});
