import { and, desc, eq, sql } from 'drizzle-orm';
import type { AppDeps } from '../../deps';
import type { Db, Executor } from '../../db/client';
import { fileLinks, type FileLinks } from '../files/links';
import { queryRows } from '../../db/rows';
import { orders, organisations, returnRequests, returns, shipments } from '../../db/schema';
import { carrierName } from '../../../src/domain/shipping/carriers';
import { isUniqueViolation } from '../../db/unique-violation';
import { conflict, forbidden, notFound } from '../../http/errors';
import {
  RETURN_REQUEST_STATES,
  reasonText,
  subReasonText,
  type ReturnReason,
  type ReturnRequestState,
} from '../../../src/domain/returns';
import {
  RETURN_TRACKING_PAGE,
  type BuyerReturnOffer,
  type ReturnRequestListAnswer,
  type ReturnRequestRow,
} from '../../../src/domain/returns-contract';
import type { OutgoingMessage } from '../../messaging/messenger';
import type { BuyerMessageMeta } from '../../messaging/buyer/buyer-message';
import type { ApproveReturnRequestInput, BuyerReturnRequestInput } from '../../../src/domain/schemas/returns';
import { ratingKey, ratingKeyMatches } from '../tracking/rating-key';
import { sendOnce } from '../tracking/buyer-notifications';
import { storeImage } from '../files/service';
import { checkPhotos, fromForward, reasonRows } from './service';
import {
  insertReturn,
  istDayOf,
  pickLines,
  readSettings,
  returnableLines,
  returnToOptions,
  type ReturnCaller,
} from './store';
import { ownOrder } from '../order-lookup/own-order';
import { ORDER_TYPE } from '../../../src/domain/order-type';

// The buyer's return request, asked from the tracking page of a delivered order within the
// seller's return window. The page's link key (k, the one of the SMS/email link that also lets
// the buyer rate) proves the buyer holds the messages: the AWB alone is not enough. The seller
// approves (a return is made) or rejects with a note, or the seller's rule approves at once; the
// buyer hears the decision by SMS and email through the outbox, once per request and decision.

const LINK_ONLY = 'Use the link from your SMS or email to ask for a return';
const DAY = 86_400_000;

type Request = typeof returnRequests.$inferSelect;

/** The forward shipment and order behind a tracking number, when the key is the link's. */
async function byLink(deps: AppDeps, trackingRef: string, key: string) {
  const [s] = await deps.db
    .select({ s: shipments, o: orders })
    .from(shipments)
    .innerJoin(orders, eq(orders.id, shipments.orderId))
    .where(and(eq(shipments.awb, trackingRef), eq(orders.orderType, ORDER_TYPE.FORWARD)))
    .orderBy(desc(shipments.id))
    .limit(1);
  if (!s) throw notFound('No shipment with that tracking number');
  if (!ratingKeyMatches(deps.ratingKey, s.s.id, key)) throw forbidden(LINK_ONLY);
  return s;
}

function lastDayOf(deliveredAt: Date | null, windowDays: number): string | null {
  return deliveredAt ? istDayOf(new Date(deliveredAt.getTime() + windowDays * DAY)) : null;
}

export async function buyerOffer(deps: AppDeps, trackingRef: string, key: string): Promise<BuyerReturnOffer> {
  const { s, o } = await byLink(deps, trackingRef, key);
  const settings = await readSettings(deps.db, o.orgId);
  const [org] = await deps.db
    .select({ name: organisations.companyName })
    .from(organisations)
    .where(eq(organisations.id, o.orgId));
  const lines = await returnableLines(deps.db, o);
  const [latest] = await deps.db
    .select()
    .from(returnRequests)
    .where(eq(returnRequests.forwardOrderId, o.id))
    .orderBy(desc(returnRequests.id))
    .limit(1);
  const lastDay = lastDayOf(s.deliveredAt, settings.returnWindowDays);
  const today = istDayOf(deps.now());
  const why =
    o.status !== 'DLV'
      ? 'A return can be asked for once the order is delivered'
      : settings.returnWindowDays === 0
        ? `${org.name} does not take returns through this page`
        : lastDay && today > lastDay
          ? `The return window closed on ${lastDay}`
          : latest?.state === 'PENDING'
            ? 'Your return request is waiting for the seller'
            : lines.every((l) => l.returnableQuantity === 0)
              ? 'Every product of this order is already being returned'
              : '';
  let returnTrackingNumber: string | null = null;
  if (latest?.returnId) {
    const [rs] = await deps.db
      .select({ awb: shipments.awb })
      .from(shipments)
      .where(eq(shipments.orderId, latest.returnId))
      .orderBy(desc(shipments.id))
      .limit(1);
    returnTrackingNumber = rs?.awb ?? null;
  }
  return {
    orderNumber: o.orderNumber,
    companyName: org.name,
    deliveredAt: s.deliveredAt?.toISOString() ?? null,
    lastDay: o.status === 'DLV' ? lastDay : null,
    canRequest: why === '',
    reason: why,
    items: lines.map((l) => ({
      orderItemId: l.orderItemId,
      name: l.name,
      sku: l.sku,
      returnableQuantity: l.returnableQuantity,
    })),
    reasons: reasonRows(),
    request: latest
      ? {
          requestId: latest.id,
          state: latest.state as ReturnRequestState,
          stateText: RETURN_REQUEST_STATES[latest.state as ReturnRequestState],
          createdAt: latest.createdAt.toISOString(),
          decidedAt: latest.decidedAt?.toISOString() ?? null,
          decisionNote: latest.decisionNote,
          returnTrackingNumber,
        }
      : null,
  };
}

export async function buyerPhoto(deps: AppDeps, trackingRef: string, key: string, file: File) {
  const { o } = await byLink(deps, trackingRef, key);
  const id = await storeImage(deps.db, {
    orgId: o.orgId,
    name: file.name,
    bytes: new Uint8Array(await file.arrayBuffer()),
    now: deps.now(),
  });
  // the buyer's page shows it at once; the seller's answers link it afresh
  return { fileId: id, url: fileLinks(deps)(id) };
}

export async function buyerRequest(
  deps: AppDeps,
  trackingRef: string,
  input: BuyerReturnRequestInput,
): Promise<BuyerReturnOffer> {
  const offer = await buyerOffer(deps, trackingRef, input.key);
  if (!offer.canRequest) throw conflict(offer.reason);
  const { s, o } = await byLink(deps, trackingRef, input.key);
  await checkPhotos(deps.db, o.orgId, input.photoFileIds);
  await pickLines(deps.db, o, input.items);
  let request: Request;
  try {
    [request] = await deps.db
      .insert(returnRequests)
      .values({
        orgId: o.orgId,
        forwardOrderId: o.id,
        shipmentId: s.id,
        items: input.items,
        reason: input.reason,
        subReason: input.subReason,
        comment: input.comment,
        photoFileIds: input.photoFileIds,
        createdAt: deps.now(),
      })
      .returning();
  } catch (e) {
    if (isUniqueViolation(e)) throw conflict('Your return request is waiting for the seller');
    throw e;
  }
  const settings = await readSettings(deps.db, o.orgId);
  if (settings.autoApprove)
    await approve(
      deps,
      { orgId: o.orgId, accountId: null },
      request.id,
      { qc: null, refundDecision: 'REFUND' },
      'AUTO',
    );
  return buyerOffer(deps, trackingRef, input.key);
}

// ---- the seller's side ----

async function toRequestRows(db: Db, list: Request[], links: FileLinks): Promise<ReturnRequestRow[]> {
  if (!list.length) return [];
  const forward = await db
    .select({ id: orders.id, n: orders.orderNumber, name: orders.buyerName, phone: orders.buyerPhone })
    .from(orders)
    .where(
      sql`${orders.id} in (${sql.join(
        [...new Set(list.map((r) => r.forwardOrderId))].map((id) => sql`${id}`),
        sql`, `,
      )})`,
    );
  const lines = await queryRows<{ id: number; order_id: number; name: string; sku: string }>(
    db,
    sql`select id, order_id, name, sku from order_items where order_id in (${sql.join(
      [...new Set(list.map((r) => r.forwardOrderId))].map((id) => sql`${id}`),
      sql`, `,
    )})`,
  );
  const awbs = await db
    .select({ id: shipments.id, awb: shipments.awb })
    .from(shipments)
    .where(
      sql`${shipments.id} in (${sql.join(
        list.map((r) => sql`${r.shipmentId}`),
        sql`, `,
      )})`,
    );
  const numbers = list.some((r) => r.returnId)
    ? await db
        .select({ id: orders.id, n: orders.orderNumber })
        .from(orders)
        .where(
          sql`${orders.id} in (${sql.join(
            list.filter((r) => r.returnId).map((r) => sql`${r.returnId}`),
            sql`, `,
          )})`,
        )
    : [];
  const fo = new Map(forward.map((f) => [f.id, f]));
  return list.map((r) => ({
    requestId: r.id,
    state: r.state as ReturnRequestState,
    stateText: RETURN_REQUEST_STATES[r.state as ReturnRequestState],
    forwardOrderId: r.forwardOrderId,
    forwardOrderNumber: fo.get(r.forwardOrderId)?.n ?? '',
    awb: awbs.find((a) => a.id === r.shipmentId)?.awb ?? '',
    customerName: fo.get(r.forwardOrderId)?.name ?? '',
    customerPhone: fo.get(r.forwardOrderId)?.phone ?? '',
    items: r.items.map((i) => {
      const l = lines.find((x) => x.id === i.orderItemId);
      return { orderItemId: i.orderItemId, name: l?.name ?? '', sku: l?.sku ?? '', quantity: i.quantity };
    }),
    reason: r.reason as ReturnReason,
    reasonText: reasonText(r.reason),
    subReason: r.subReason,
    subReasonText: subReasonText(r.reason, r.subReason),
    comment: r.comment,
    photos: r.photoFileIds.map((id) => ({ fileId: id, url: links(id) })),
    decisionNote: r.decisionNote,
    decidedBy: (r.decidedBy as 'SELLER' | 'AUTO' | null) ?? null,
    decidedAt: r.decidedAt?.toISOString() ?? null,
    returnId: r.returnId,
    returnNumber: numbers.find((n) => n.id === r.returnId)?.n ?? null,
    createdAt: r.createdAt.toISOString(),
  }));
}

export async function listRequests(
  db: Db,
  orgId: number,
  q: { requestState: ReturnRequestState; searchPattern?: string; pageNumber: number; recordsPerPage: number },
  links: FileLinks,
): Promise<ReturnRequestListAnswer> {
  const search = q.searchPattern
    ? sql`and r.forward_order_id in (select id from ${orders} where org_id = ${orgId} and (lower(order_number) = lower(${q.searchPattern}) or awb = ${q.searchPattern}))`
    : sql``;
  const counted = await queryRows<{ state: string; n: number }>(
    db,
    sql`select state, count(*)::int as n from ${returnRequests} r where r.org_id = ${orgId} ${search} group by state`,
  );
  const counts = { PENDING: 0, APPROVED: 0, REJECTED: 0 } as Record<ReturnRequestState, number>;
  for (const c of counted) counts[c.state as ReturnRequestState] = c.n;
  const ids = await queryRows<{ id: number }>(
    db,
    sql`select id from ${returnRequests} r where r.org_id = ${orgId} and r.state = ${q.requestState} ${search}
      order by r.created_at desc, r.id desc limit ${q.recordsPerPage} offset ${q.pageNumber * q.recordsPerPage}`,
  );
  const rows = ids.length
    ? await db
        .select()
        .from(returnRequests)
        .where(
          sql`${returnRequests.id} in (${sql.join(
            ids.map((x) => sql`${x.id}`),
            sql`, `,
          )})`,
        )
    : [];
  rows.sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || b.id - a.id);
  return {
    items: await toRequestRows(db, rows, links),
    total: counts[q.requestState],
    pageNumber: q.pageNumber,
    recordsPerPage: q.recordsPerPage,
    counts,
  };
}

async function pendingRequest(tx: Executor, orgId: number, requestId: number): Promise<Request> {
  const [r] = await tx
    .select()
    .from(returnRequests)
    .where(and(eq(returnRequests.id, requestId), eq(returnRequests.orgId, orgId)))
    .for('update');
  if (!r) throw notFound('No such return request');
  if (r.state !== 'PENDING')
    throw conflict(
      `This return request was ${RETURN_REQUEST_STATES[r.state as ReturnRequestState].toLowerCase()} already`,
    );
  return r;
}

/** Approves a request: a return is made from it (Ready For Pickup) and the buyer is told. */
export async function approve(
  deps: AppDeps,
  caller: ReturnCaller,
  requestId: number,
  input: ApproveReturnRequestInput,
  by: 'SELLER' | 'AUTO' = 'SELLER',
): Promise<ReturnRequestRow> {
  await requestRow(deps.db, caller.orgId, requestId, fileLinks(deps));
  const settings = await readSettings(deps.db, caller.orgId);
  let kind = input.returnToKind ?? settings.defaultReturnTo?.kind;
  let id = input.returnToId ?? settings.defaultReturnTo?.id;
  if (!kind || !id) {
    const first = (await returnToOptions(deps.db, caller.orgId))[0];
    if (!first) throw conflict('Return to: add a pickup address or warehouse to take returns to');
    kind = first.kind;
    id = first.id;
  }
  const now = deps.now();
  await deps.db.transaction(async (tx) => {
    const r = await pendingRequest(tx, caller.orgId, requestId);
    const o = await ownOrder(tx, caller.orgId, r.forwardOrderId, { type: ORDER_TYPE.FORWARD, lock: true });
    const items = await pickLines(tx, o, r.items);
    const returnId = await insertReturn(
      tx,
      caller,
      fromForward(
        o,
        {
          reason: r.reason as ReturnReason,
          subReason: r.subReason,
          comment: r.comment,
          photoFileIds: r.photoFileIds,
          returnToKind: kind,
          returnToId: id,
          qc: input.qc,
          refundDecision: input.refundDecision,
        },
        items,
        'BUYER',
        r.id,
      ),
      now,
    );
    await tx
      .update(returnRequests)
      .set({ state: 'APPROVED', decidedBy: by, decidedAccountId: caller.accountId, decidedAt: now, returnId })
      .where(eq(returnRequests.id, r.id));
  });
  await tellBuyer(deps, requestId);
  return requestRow(deps.db, caller.orgId, requestId, fileLinks(deps));
}

export async function reject(
  deps: AppDeps,
  caller: ReturnCaller,
  requestId: number,
  note: string,
): Promise<ReturnRequestRow> {
  await deps.db.transaction(async (tx) => {
    const r = await pendingRequest(tx, caller.orgId, requestId);
    await tx
      .update(returnRequests)
      .set({
        state: 'REJECTED',
        decisionNote: note,
        decidedBy: 'SELLER',
        decidedAccountId: caller.accountId,
        decidedAt: deps.now(),
      })
      .where(eq(returnRequests.id, r.id));
  });
  await tellBuyer(deps, requestId);
  return requestRow(deps.db, caller.orgId, requestId, fileLinks(deps));
}

async function requestRow(db: Db, orgId: number, requestId: number, links: FileLinks): Promise<ReturnRequestRow> {
  const [r] = await db
    .select()
    .from(returnRequests)
    .where(and(eq(returnRequests.id, requestId), eq(returnRequests.orgId, orgId)));
  if (!r) throw notFound('No such return request');
  return (await toRequestRows(db, [r], links))[0];
}

/** The decision, by SMS and email (when the order has one), once per request and decision. */
async function tellBuyer(deps: AppDeps, requestId: number): Promise<void> {
  const [row] = await deps.db
    .select({ q: returnRequests, o: orders, org: organisations.companyName, s: shipments })
    .from(returnRequests)
    .innerJoin(orders, eq(orders.id, returnRequests.forwardOrderId))
    .innerJoin(organisations, eq(organisations.id, returnRequests.orgId))
    .innerJoin(shipments, eq(shipments.id, returnRequests.shipmentId))
    .where(eq(returnRequests.id, requestId));
  if (!row || row.q.state === 'PENDING') return;
  const [ret] = row.q.returnId
    ? await deps.db.select({ n: orders.orderNumber }).from(orders).where(eq(orders.id, row.q.returnId))
    : [];
  const approved = row.q.state === 'APPROVED';
  // the tracking page they asked from (with the link key), where the request's status shows
  const link = `${deps.config.publicUrl}/s?r=${row.s.shortCode}&k=${ratingKey(deps.ratingKey, row.s.id)}`;
  const sms = approved
    ? `${row.org}: your return of order ${row.o.orderNumber} is approved (return ${ret?.n ?? ''}). A courier will pick it up from your address; we will message you when it is booked.`
    : `${row.org}: your return request for order ${row.o.orderNumber} was not approved: ${row.q.decisionNote}`;
  const event = `RETURN_REQUEST:${row.q.id}:${row.q.state}`;
  const buyer: BuyerMessageMeta = {
    kind: 'return_decision',
    orgId: row.q.orgId,
    orderId: row.o.id,
    shipmentId: row.s.id,
    setting: 'RETURN_UPDATES',
    values: {
      brand: row.org,
      buyer: row.o.buyerName,
      order: row.o.orderNumber,
      status: approved ? 'approved' : 'not approved',
      reason: row.q.decisionNote ?? undefined,
      link,
    },
  };
  const messages: (OutgoingMessage & { shipmentId: number; event: string })[] = [
    {
      buyer,
      shipmentId: row.s.id,
      event,
      channel: 'SMS',
      recipient: `+91${row.o.buyerPhone}`,
      subject: '',
      body: sms,
    },
  ];
  if (row.o.buyerEmail)
    messages.push({
      buyer,
      shipmentId: row.s.id,
      event,
      channel: 'EMAIL',
      recipient: row.o.buyerEmail,
      subject: approved
        ? `Your return of order ${row.o.orderNumber} is approved`
        : `Your return request for order ${row.o.orderNumber}`,
      body: `Hello ${row.o.buyerName},\n\n${sms}\nSee your order and request: ${link}\n\nDakiya`,
    });
  await sendOnce(deps, messages);
}

/** The buyer hears that a courier will come for the parcel, with the return's tracking page (once per booking). */
export async function tellPickupBooked(deps: AppDeps, returnId: number): Promise<void> {
  const [row] = await deps.db
    .select({ o: orders, r: returns, org: organisations.companyName, s: shipments })
    .from(orders)
    .innerJoin(returns, eq(returns.orderId, orders.id))
    .innerJoin(organisations, eq(organisations.id, orders.orgId))
    .innerJoin(shipments, and(eq(shipments.orderId, orders.id), eq(shipments.state, 'BOOKED')))
    .where(eq(orders.id, returnId));
  if (!row) return;
  const carrier = carrierName(row.s.carrierCode);
  const link = `${deps.config.publicUrl}${RETURN_TRACKING_PAGE(row.s.awb)}`;
  const body = `${row.org}: ${carrier} will pick up your return ${row.o.orderNumber} from your address. Track it: ${link}`;
  const event = 'RETURN_PICKUP';
  const buyer: BuyerMessageMeta = {
    kind: 'return_pickup',
    orgId: row.o.orgId,
    orderId: row.o.id,
    shipmentId: row.s.id,
    setting: 'RETURN_UPDATES',
    values: {
      brand: row.org,
      buyer: row.r.customerName,
      order: row.o.orderNumber,
      courier: carrier,
      awb: row.s.awb,
      link,
    },
  };
  const messages: (OutgoingMessage & { shipmentId: number; event: string })[] = [
    { buyer, shipmentId: row.s.id, event, channel: 'SMS', recipient: `+91${row.r.customerPhone}`, subject: '', body },
  ];
  if (row.r.customerEmail)
    messages.push({
      buyer,
      shipmentId: row.s.id,
      event,
      channel: 'EMAIL',
      recipient: row.r.customerEmail,
      subject: `Your return ${row.o.orderNumber}: pickup booked`,
      body: `Hello ${row.r.customerName},\n\n${body}\n\nDakiya`,
    });
  await sendOnce(deps, messages);
}
