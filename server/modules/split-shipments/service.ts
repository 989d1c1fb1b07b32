import { and, asc, eq, isNull } from 'drizzle-orm';
import type { OrgCaller } from '../../http/router';
import type { AppDeps } from '../../deps';
import type { Db, Tx, Executor } from '../../db/client';
import { orderItems, orderPackages, orders, shipments } from '../../db/schema';
import { badRequest, conflict, notFound } from '../../http/errors';
import { statusText } from '../../../src/domain/order-status';
import type { OrderPackages } from '../../../src/domain/split-contract';
import {
  codShares,
  orderStatusOfPackages,
  packageValues,
  splitProblem,
  type PackageStatus,
  type SplitItem,
  type SplitMode,
} from '../../../src/domain/split-shipments';
import type { SplitInput } from '../../../src/domain/schemas/split';
import type { RateAnswer, ShipmentInfo } from '../../../src/domain/shipping-contract';
import { carrierName } from '../../../src/domain/shipping/carriers';
import { formatAmount } from '../../../src/domain/format';
import type { Parcel } from '../../../src/domain/shipping/rates';
import { carrierNetwork } from '../../carriers/registry';
import { assertPlanAllows } from '../plans/plan-gate';
import { transitionOrder } from '../order-status/status';
import { notifyBuyer } from '../tracking/buyer-notifications';
import { trackingCache } from '../tracking/tracking-cache';
import { quoteAll } from '../shipping/quotes';
import {
  charge,
  NO_SHIPMENT_COVER,
  partiesOf,
  recordShipment,
  toShipmentInfo,
  type Booking,
} from '../shipping/service';
import {
  coverNote,
  coverOf,
  coverQuoteOf,
  coverTotal,
  type CoverChoice,
  type ShipmentCover,
} from '../shipping/cover-charge';
import { insureAbovePaise } from '../shipping/preferences';
import { keyUsed } from '../booking/booking-claim';
import { bookingPurpose } from '../shipping/booking-charge';
import { runBooking, type CourierCall } from '../booking/workflow';
import { assertMayBook } from '../booking/eligibility';
import { pickupPlace } from '../orders/pickup-of';
import { ownOrder } from '../order-lookup/own-order';
import { ORDER_TYPE } from '../../../src/domain/order-type';

// Split shipments: an order's packages and their shipments. By item, each package is booked on
// its own (its own AWB, charge and label) through the order's booking claim, and the order's
// status follows its packages' through the one status gate. By box, the boxes go as one
// multi-piece shipment with a courier that takes them: one charge on the master AWB, a child
// AWB a box. Either may carry cover (insurance, delay protection) as a whole order's shipment does:
// a package is insured for its share of the order's value, boxes for the whole.
// docs/decisions/split-shipments.md, docs/decisions/insurance-and-delay-protection.md.

type Order = typeof orders.$inferSelect;
type Package = typeof orderPackages.$inferSelect;

const rupees = (paise: number) => `₹${formatAmount(paise)}`;

async function itemsOf(db: Executor, orderId: number): Promise<(SplitItem & { sku: string })[]> {
  const rows = await db.select().from(orderItems).where(eq(orderItems.orderId, orderId)).orderBy(asc(orderItems.id));
  return rows.map((i) => ({
    itemId: i.id,
    name: i.name,
    sku: i.sku,
    quantity: i.quantity,
    unitPricePaise: i.unitPricePaise,
  }));
}

async function packagesOf(db: Executor, orderId: number): Promise<Package[]> {
  return db
    .select()
    .from(orderPackages)
    .where(eq(orderPackages.orderId, orderId))
    .orderBy(asc(orderPackages.packageNo));
}

/** The order's packages with their shipments, as the order page and the split dialog show them. */
export async function orderPackagesOf(deps: AppDeps, caller: OrgCaller, orderId: number): Promise<OrderPackages> {
  return packagesAnswer(deps, await ownOrder(deps.db, caller.orgId, orderId, { type: ORDER_TYPE.FORWARD }));
}

async function packagesAnswer(deps: AppDeps, o: Order): Promise<OrderPackages> {
  const items = await itemsOf(deps.db, o.id);
  const packages = await packagesOf(deps.db, o.id);
  const live = await deps.db
    .select()
    .from(shipments)
    .where(and(eq(shipments.orderId, o.id), eq(shipments.state, 'BOOKED')));
  const byPackage = new Map(live.filter((s) => s.packageId !== null).map((s) => [s.packageId!, s]));
  const whole = live.find((s) => s.packageId === null);
  const name = new Map(items.map((i) => [i.itemId, i.name]));
  const network = await carrierNetwork(deps);
  return {
    orderId: o.id,
    orderNumber: o.orderNumber,
    orderStatus: o.status,
    mode: (o.splitMode as SplitMode | null) ?? null,
    editable: o.status === 'RTS' && packages.every((p) => p.status === 'RTS'),
    items,
    parcel: { deadWeightKg: o.deadWeightKg, lengthCm: o.lengthCm, breadthCm: o.breadthCm, heightCm: o.heightCm },
    packages: packages.map((p) => {
      const s = o.splitMode === 'BY_BOX' ? whole : byPackage.get(p.id);
      // by box every piece travels with the master: its status is the shipment's, which is the order's
      const status = o.splitMode === 'BY_BOX' ? o.status : p.status;
      return {
        packageNo: p.packageNo,
        lines: p.lines.map((l) => ({ itemId: l.itemId, name: name.get(l.itemId) ?? '', quantity: l.quantity })),
        deadWeightKg: p.deadWeightKg,
        lengthCm: p.lengthCm,
        breadthCm: p.breadthCm,
        heightCm: p.heightCm,
        codAmountPaise: p.codAmountPaise,
        status,
        statusText: statusText(status),
        awb: s?.awb ?? null,
        childAwb: p.childAwb,
        carrierName: s ? carrierName(s.carrierCode) : null,
        totalPaise: s?.totalPaise ?? null,
      };
    }),
    multiPieceCarriers: network.list
      .filter((a) => a.profile.multiPiece && a.createMultiPiece)
      .map((a) => ({ code: a.profile.code, name: a.profile.name, maxPieces: a.profile.multiPiece!.maxPieces })),
  };
}

/** Saves the order's packages (replacing a split not yet booked). Premium's; the order must be Ready To Ship. */
export async function saveSplit(
  deps: AppDeps,
  caller: OrgCaller,
  orderId: number,
  body: SplitInput,
): Promise<OrderPackages> {
  await ownOrder(deps.db, caller.orgId, orderId, { type: ORDER_TYPE.FORWARD });
  await assertPlanAllows(deps.db, caller.orgId, 'splitShipments');
  const o = await deps.db.transaction(async (tx) => {
    const o = await ownOrder(tx, caller.orgId, orderId, { type: ORDER_TYPE.FORWARD, lock: true });
    await assertEditable(tx, o);
    const items = await itemsOf(tx, o.id);
    const drafts = body.packages.map((p) => ({ ...p, lines: p.lines.filter((l) => l.quantity > 0) }));
    const problem = splitProblem(items, drafts);
    if (problem) throw badRequest(problem);
    if (body.splitMode === 'BY_BOX') {
      const network = await carrierNetwork(deps);
      const most = Math.max(0, ...network.list.map((a) => a.profile.multiPiece?.maxPieces ?? 0));
      if (drafts.length > most)
        throw badRequest(
          most
            ? `Packages: a multi-piece shipment takes ${most} boxes at most`
            : 'Split: no courier takes multi-piece shipments now; split by item instead',
        );
    }
    const shares =
      o.paymentMethod === 'COD' ? codShares(o.codAmountPaise, packageValues(items, drafts)) : drafts.map(() => 0);
    await tx.delete(orderPackages).where(eq(orderPackages.orderId, o.id));
    await tx.insert(orderPackages).values(
      drafts.map((p, n) => ({
        orgId: o.orgId,
        orderId: o.id,
        packageNo: n + 1,
        lines: p.lines,
        deadWeightKg: p.deadWeightKg,
        lengthCm: p.lengthCm,
        breadthCm: p.breadthCm,
        heightCm: p.heightCm,
        codAmountPaise: shares[n],
      })),
    );
    const [saved] = await tx
      .update(orders)
      .set({ splitMode: body.splitMode, updatedAt: deps.now() })
      .where(eq(orders.id, o.id))
      .returning();
    return saved;
  });
  return packagesAnswer(deps, o);
}

/** Makes the order one parcel again, while none of its packages is booked. */
export async function removeSplit(deps: AppDeps, caller: OrgCaller, orderId: number): Promise<OrderPackages> {
  const o = await deps.db.transaction(async (tx) => {
    const o = await ownOrder(tx, caller.orgId, orderId, { type: ORDER_TYPE.FORWARD, lock: true });
    if (!o.splitMode) throw conflict('This order is not split');
    await assertEditable(tx, o);
    await tx.delete(orderPackages).where(eq(orderPackages.orderId, o.id));
    const [saved] = await tx
      .update(orders)
      .set({ splitMode: null, updatedAt: deps.now() })
      .where(eq(orders.id, o.id))
      .returning();
    return saved;
  });
  return packagesAnswer(deps, o);
}

async function assertEditable(tx: Tx, o: Order) {
  if (o.archived) throw conflict('An archived order cannot be split: unarchive it first');
  const booked = (await packagesOf(tx, o.id)).some((p) => p.status !== 'RTS');
  if (o.status !== 'RTS' || booked)
    throw conflict(`An order that is ${statusText(o.status)} cannot be split again: its packages are with a courier`);
}

/** A package as a parcel: its own weight and size, and its share of the COD amount. */
const parcelOfPackage = (o: Order, p: Package): Parcel => ({
  deadWeightKg: p.deadWeightKg,
  lengthCm: p.lengthCm,
  breadthCm: p.breadthCm,
  heightCm: p.heightCm,
  paymentMethod: o.paymentMethod as 'PPD' | 'COD',
  codAmountPaise: p.codAmountPaise,
});

/**
 * Boxes of one multi-piece shipment as one parcel: their dead weights added, and their volumes
 * added (a 10 × 10 cm base whose length carries the sum), so the charged weight is the higher of
 * the boxes' total dead and total volumetric weight.
 */
const parcelOfBoxes = (o: Order, boxes: Package[]): Parcel => ({
  deadWeightKg: Math.round(boxes.reduce((kg, b) => kg + b.deadWeightKg, 0) * 100) / 100,
  lengthCm: boxes.reduce((cm3, b) => cm3 + b.lengthCm * b.breadthCm * b.heightCm, 0) / 100,
  breadthCm: 10,
  heightCm: 10,
  paymentMethod: o.paymentMethod as 'PPD' | 'COD',
  codAmountPaise: o.codAmountPaise,
});

async function quotesForParcel(deps: AppDeps, o: Order, parcel: Parcel): Promise<RateAnswer> {
  return quoteAll(
    await carrierNetwork(deps),
    pickupPlace(o),
    { pincode: o.shipping.pincode, city: o.shipping.city, state: o.shipping.state },
    parcel,
    deps.now(),
  );
}

async function splitOrder(db: Executor, orgId: number, orderId: number, mode: SplitMode, lock = false) {
  const o = await ownOrder(db, orgId, orderId, { type: ORDER_TYPE.FORWARD, lock: lock });
  if (o.splitMode !== mode)
    throw conflict(
      mode === 'BY_ITEM'
        ? 'This order is not split by item: its packages do not ship one by one'
        : 'This order is not split by box: it does not ship as one multi-piece shipment',
    );
  return o;
}

async function packageOf(db: Executor, orderId: number, packageNo: number): Promise<Package> {
  const [p] = await db
    .select()
    .from(orderPackages)
    .where(and(eq(orderPackages.orderId, orderId), eq(orderPackages.packageNo, packageNo)));
  if (!p) throw notFound('No such package of this order');
  return p;
}

/**
 * What a package is declared (and insured) for: its share of the order's value, shared by its
 * items' value as its COD share is, so the packages' values add up to the order's.
 */
async function packageDeclaredValue(db: Executor, o: Order, p: Package): Promise<number> {
  const items = await itemsOf(db, o.id);
  const all = await packagesOf(db, o.id);
  const shares = codShares(o.totalPaise, packageValues(items, all));
  return shares[all.findIndex((x) => x.id === p.id)] ?? 0;
}

/** Every courier's price for one package of a split by item, with what insuring the package costs. */
export async function packageQuotes(
  deps: AppDeps,
  caller: OrgCaller,
  orderId: number,
  packageNo: number,
): Promise<RateAnswer> {
  const o = await splitOrder(deps.db, caller.orgId, orderId, 'BY_ITEM');
  const p = await packageOf(deps.db, o.id, packageNo);
  const answer = await quotesForParcel(deps, o, parcelOfPackage(o, p));
  const cover = coverQuoteOf(await packageDeclaredValue(deps.db, o, p), await insureAbovePaise(deps.db, caller.orgId));
  return { ...answer, cover };
}

/** The prices of the couriers that take the boxes of a split by box as one multi-piece shipment. */
export async function boxQuotes(deps: AppDeps, caller: OrgCaller, orderId: number): Promise<RateAnswer> {
  const o = await splitOrder(deps.db, caller.orgId, orderId, 'BY_BOX');
  const boxes = await packagesOf(deps.db, o.id);
  const answer = await quotesForParcel(deps, o, parcelOfBoxes(o, boxes));
  const network = await carrierNetwork(deps);
  const takes = (code: string) => (network.adapters.get(code)?.profile.multiPiece?.maxPieces ?? 0) >= boxes.length;
  return {
    ...answer,
    // the boxes travel as one shipment: insured for the order's whole value
    cover: coverQuoteOf(o.totalPaise, await insureAbovePaise(deps.db, caller.orgId)),
    quotes: answer.quotes.filter((q) => takes(q.carrierCode)),
    unserviceable: [
      ...answer.unserviceable,
      ...answer.quotes
        .filter((q) => !takes(q.carrierCode))
        .map((q) => ({
          carrierCode: q.carrierCode,
          carrierName: q.carrierName,
          reason: `${q.carrierName} does not take ${boxes.length} boxes as one multi-piece shipment`,
        })),
    ],
  };
}

/**
 * The booking both split modes share, through the one booking workflow: the order's booking
 * claim, so concurrent repeats book once and a repeat with the same key answers its shipment;
 * `prepare` reads the order and asks the booking policy (plan, KYC, status, waits, the courier,
 * the wallet); `record` writes the mode's records under the order's row lock with the charge.
 */
async function bookSplit(
  deps: AppDeps,
  caller: OrgCaller,
  orderId: number,
  mode: SplitMode,
  key: string | null,
  prepare: () => Promise<CourierCall>,
  record: (tx: Tx, locked: Order, b: Booking, now: Date) => Promise<number>,
): Promise<ShipmentInfo> {
  // another seller's order, or one not split this way, is refused before anything is claimed
  await splitOrder(deps.db, caller.orgId, orderId, mode);
  const answer = () => shipmentOfKey(deps, caller, orderId, key);
  return runBooking(deps, {
    caller,
    orderId,
    key,
    busy: 'This order is being shipped right now. Please try again in a minute',
    made: async () => ((await keyUsed(deps, caller.orgId, orderId, key)) ? answer() : null),
    prepare,
    record: async (tx, b, now) => record(tx, await splitOrder(tx, caller.orgId, orderId, mode, true), b, now),
    announce: async (shipmentId) => {
      trackingCache(deps).forgetOrder(orderId);
      await notifyBuyer(deps, shipmentId, 'PKP_SCH');
      return shipmentById(deps, orderId, shipmentId);
    },
  });
}

/** What the booking policy asks of every split booking, beside its own status and courier. */
const splitAsk = (caller: OrgCaller, o: Order, answer: RateAnswer, carrierCode: string, cover: ShipmentCover) => {
  const quoted = answer.quotes.find((q) => q.carrierCode === carrierCode);
  return {
    orgId: caller.orgId,
    kyc: true,
    features: ['splitShipments'] as const,
    waitsOf: o,
    // the wallet must hold the freight and the cover at once
    spend: {
      purpose: bookingPurpose({ noun: 'shipment', verb: 'ship it' }),
      paise: quoted ? quoted.totalPaise + coverTotal(cover) : undefined,
    },
  };
};

/** The cover a split booking carries: chosen (or by the seller's rule) on its declared value, priced on the courier's freight. */
async function splitCover(
  deps: AppDeps,
  orgId: number,
  choice: CoverChoice,
  declaredValuePaise: number,
  answer: RateAnswer,
  carrierCode: string,
): Promise<ShipmentCover> {
  const quoted = answer.quotes.find((q) => q.carrierCode === carrierCode);
  if (!quoted) return NO_SHIPMENT_COVER;
  return coverOf(choice, declaredValuePaise, quoted.freightPaise, await insureAbovePaise(deps.db, orgId));
}

/**
 * Books one package of a split by item: its own AWB and charge (keyed on the AWB), its status
 * Pickup Scheduled, the order's status derived from all its packages'.
 */
export function shipPackage(
  deps: AppDeps,
  caller: OrgCaller,
  orderId: number,
  packageNo: number,
  carrierCode: string,
  key: string | null,
  choice: CoverChoice,
): Promise<ShipmentInfo> {
  let cover: ShipmentCover = NO_SHIPMENT_COVER;
  return bookSplit(
    deps,
    caller,
    orderId,
    'BY_ITEM',
    key,
    async () => {
      const o = await splitOrder(deps.db, caller.orgId, orderId, 'BY_ITEM');
      const p = await packageOf(deps.db, o.id, packageNo);
      const network = await carrierNetwork(deps);
      const carrier = network.adapters.get(carrierCode);
      if (!carrier) throw badRequest(`Courier: no courier ${carrierCode}`);
      const answer = await quotesForParcel(deps, o, parcelOfPackage(o, p));
      const declared = await packageDeclaredValue(deps.db, o, p);
      cover = await splitCover(deps, caller.orgId, choice, declared, answer, carrierCode);
      const quote = (await assertMayBook(deps, deps.db, {
        ...splitAsk(caller, o, answer, carrierCode, cover),
        statusRefusal: packageStatusRefusal(o, p),
        courier: { answer, carrierCode, cannotTake: `${carrierName(carrierCode)} cannot take this package` },
      }))!;
      return {
        carrier,
        quote,
        intent: { kind: 'PACKAGE', packageId: p.id },
        request: {
          orderNumber: `${o.orderNumber}-${p.packageNo}`,
          ...partiesOf(o),
          zone: quote.zone,
          weightKg: quote.chargedWeightKg,
          paymentMethod: o.paymentMethod as 'PPD' | 'COD',
          codAmountPaise: p.codAmountPaise,
          declaredValuePaise: declared,
        },
      };
    },
    async (tx, locked, b, now) => {
      const pkg = await packageOf(tx, locked.id, packageNo);
      await assertMayBook(deps, tx, {
        orgId: caller.orgId,
        statusRefusal: packageStatusRefusal(locked, pkg),
        waitsOf: locked,
      });
      const row = await recordShipment(tx, caller, locked, b, key, now, pkg.id, cover);
      await charge(tx, caller, row.awb, b.quote, now, cover);
      await tx.update(orderPackages).set({ status: 'PKP_SCH' }).where(eq(orderPackages.id, pkg.id));
      const all = (await packagesOf(tx, locked.id)).map((x) => x.status as PackageStatus);
      const to = orderStatusOfPackages(all);
      const note = `Package ${pkg.packageNo} of ${all.length} shipped with ${b.carrier.profile.name}, AWB ${row.awb}, ${rupees(row.totalPaise + coverTotal(cover))}${coverNote(cover)}`;
      if (to !== locked.status)
        await transitionOrder(tx, locked, to, {
          now,
          accountId: caller.accountId,
          // the order's own AWB is its first package's: lists and searches find it by it
          also: locked.awb ? {} : { awb: row.awb, carrierCode: row.carrierCode, shipmentBookedAt: now },
          note,
        });
      return row.id;
    },
  );
}

/** The shipment an idempotency key made for this order (the key was checked to be this order's). */
async function shipmentOfKey(deps: AppDeps, caller: OrgCaller, orderId: number, key: string | null) {
  const [s] = await deps.db
    .select()
    .from(shipments)
    .where(and(eq(shipments.orgId, caller.orgId), eq(shipments.idempotencyKey, key ?? '')));
  if (!s) throw notFound('No such shipment');
  return shipmentById(deps, orderId, s.id);
}

async function shipmentById(deps: AppDeps, orderId: number, shipmentId: number): Promise<ShipmentInfo> {
  const [o] = await deps.db.select().from(orders).where(eq(orders.id, orderId));
  const [s] = await deps.db.select().from(shipments).where(eq(shipments.id, shipmentId));
  return toShipmentInfo(deps.db, o, s);
}

/** What the order's and the package's status refuse for shipping the package; null when nothing. */
function packageStatusRefusal(o: Order, p: Package): string | null {
  if (o.archived) return 'An archived order cannot be shipped: unarchive it first';
  if (p.status !== 'RTS') return `Package ${p.packageNo} is ${statusText(p.status)}: it has been shipped already`;
  // a package not yet booked keeps the order Ready To Ship or Partially Shipped (orderStatusOfPackages)
  if (o.status !== 'RTS' && o.status !== 'PART_SHP')
    return `An order that is ${statusText(o.status)} cannot ship another package`;
  return null;
}

/** What the order's status refuses for shipping its boxes; null when nothing. */
function boxesStatusRefusal(o: Order): string | null {
  if (o.status !== 'RTS') return `An order that is ${statusText(o.status)} cannot be shipped`;
  if (o.archived) return 'An archived order cannot be shipped: unarchive it first';
  return null;
}

/**
 * Ships every box of a split by box as one multi-piece shipment: the courier answers the master
 * AWB and a child AWB a box; one charge on the master AWB; the order moves to Pickup Scheduled.
 */
export function shipBoxes(
  deps: AppDeps,
  caller: OrgCaller,
  orderId: number,
  carrierCode: string,
  key: string | null,
  choice: CoverChoice,
): Promise<ShipmentInfo> {
  let cover: ShipmentCover = NO_SHIPMENT_COVER;
  return bookSplit(
    deps,
    caller,
    orderId,
    'BY_BOX',
    key,
    async () => {
      const o = await splitOrder(deps.db, caller.orgId, orderId, 'BY_BOX');
      const boxes = await packagesOf(deps.db, o.id);
      const network = await carrierNetwork(deps);
      const carrier = network.adapters.get(carrierCode);
      if (!carrier) throw badRequest(`Courier: no courier ${carrierCode}`);
      const max = carrier.profile.multiPiece?.maxPieces ?? 0;
      const answer = await quotesForParcel(deps, o, parcelOfBoxes(o, boxes));
      cover = await splitCover(deps, caller.orgId, choice, o.totalPaise, answer, carrierCode);
      const quote = (await assertMayBook(deps, deps.db, {
        ...splitAsk(caller, o, answer, carrierCode, cover),
        statusRefusal: boxesStatusRefusal(o),
        courier: {
          answer,
          carrierCode,
          cannotTake: `${carrierName(carrierCode)} cannot take this package`,
          refusal:
            !carrier.createMultiPiece || max < boxes.length
              ? `${carrier.profile.name} does not take ${boxes.length} boxes as one multi-piece shipment`
              : null,
        },
      }))!;
      return {
        carrier,
        quote,
        intent: { kind: 'MULTI_PIECE' },
        request: {
          orderNumber: o.orderNumber,
          ...partiesOf(o),
          zone: quote.zone,
          weightKg: quote.chargedWeightKg,
          paymentMethod: o.paymentMethod as 'PPD' | 'COD',
          codAmountPaise: o.codAmountPaise,
          declaredValuePaise: o.totalPaise,
        },
        boxes: boxes.map((b) => ({ weightKg: b.deadWeightKg })),
      };
    },
    async (tx, locked, b, now) => {
      await assertMayBook(deps, tx, {
        orgId: caller.orgId,
        statusRefusal: boxesStatusRefusal(locked),
        waitsOf: locked,
      });
      const row = await recordShipment(tx, caller, locked, b, key, now, null, cover);
      await charge(tx, caller, row.awb, b.quote, now, cover);
      const pieces = await packagesOf(tx, locked.id);
      for (const [n, piece] of pieces.entries())
        await tx
          .update(orderPackages)
          .set({ childAwb: b.childAwbs?.[n] ?? null, status: 'PKP_SCH' })
          .where(eq(orderPackages.id, piece.id));
      await transitionOrder(tx, locked, 'PKP_SCH', {
        now,
        accountId: caller.accountId,
        also: { awb: row.awb, carrierCode: row.carrierCode, shipmentBookedAt: now },
        note: `Shipped as ${pieces.length} boxes with ${b.carrier.profile.name}, master AWB ${row.awb}, ${rupees(row.totalPaise + coverTotal(cover))}${coverNote(cover)}`,
      });
      return row.id;
    },
  );
}

/** The shipment a package travels with, and the package: by item its own, by box the master. */
export async function packageShipment(db: Db, orgId: number, orderId: number, packageNo: number) {
  const o = await ownOrder(db, orgId, orderId, { type: ORDER_TYPE.FORWARD });
  if (!o.splitMode) throw notFound('This order is not split into packages');
  const p = await packageOf(db, o.id, packageNo);
  const count = (await packagesOf(db, o.id)).length;
  const [s] = await db
    .select()
    .from(shipments)
    .where(
      and(
        eq(shipments.orderId, o.id),
        eq(shipments.state, 'BOOKED'),
        o.splitMode === 'BY_ITEM' ? eq(shipments.packageId, p.id) : isNull(shipments.packageId),
      ),
    );
  if (!s) throw conflict(`Ship package ${p.packageNo} first`);
  return { o, p, s, count };
}
