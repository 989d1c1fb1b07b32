import { sql } from 'drizzle-orm';
import type { AppDeps } from '../../deps';
import type { Tx, Executor } from '../../db/client';
import { discrepancyNotifications, notify } from '../notices/notify';
import { accounts, weightDiscrepancies } from '../../db/schema';
import { queryRows } from '../../db/rows';
import { isUniqueViolation } from '../../db/unique-violation';
import { unnestSelect } from '../../db/unnest';
import { carrierNetwork } from '../../carriers/registry';
import type { HubWeighing } from '../../carriers/adapter';
import { letter } from '../../messaging/letter';
import { ensureWallets, holdsPlacedBy } from '../wallet/ledger';
import { storeImage } from '../files/service';
import { safeFileName } from '../files/file-name';
import { sellerCardsAt, type SellerCards } from '../pricing/effective-card';
import { API } from '../../../src/domain/account-contract';
import { CARRIER_BY_CODE, carrierName } from '../../../src/domain/shipping/carriers';
import { freightOf, GST_PERCENT, type RateCard } from '../../../src/domain/shipping/rates';
import type { Zone } from '../../../src/domain/shipping/zones';
import { formatRupees, istDay } from '../../../src/domain/format';
import {
  answerDeadline,
  weighed,
  type DiscrepancyPhoto,
  type WeighedParcel,
} from '../../../src/domain/weight-contract';

// Raising weight discrepancies from what couriers report: a hub scan's weighing (through the
// carrier adapter) or a row of a courier's discrepancy file. Both go through raiseDiscrepancies,
// a handful of statements for a whole batch: the shipments read at once, each courier slab
// compared with the seller's, the discrepancies inserted once per shipment (a report seen before
// changes nothing) and their holds placed through the ledger. The raise is the timeline's first
// step (service.ts reads it from the row itself). A frozen product's parcel raises one the platform answers for: no hold, not the seller's.

export interface WeighingReport {
  awb: string;
  weighing: HubWeighing;
  at: Date;
}

/** Why a report raised nothing (a row of a file is told so), by its position. */
export type ReportOutcome =
  | { kind: 'raised'; discrepancyId: number; orgId: number; platformBorne: boolean }
  | { kind: 'seen' }
  | { kind: 'refused'; column: string; reason: string };

const HOLD_KEY_PREFIX = 'weight:';
export const holdKey = (discrepancyId: number) => `${HOLD_KEY_PREFIX}${discrepancyId}`;

/**
 * The timeline's first step, in the words of whoever reads it: the seller's ("your wallet") or
 * staff's ("the seller's wallet"); the platform's, for a frozen product.
 */
export function raisedNote(
  d: {
    courierChargedKg: number;
    sellerChargedKg: number;
    amountPaise: number;
    platformBorne: boolean;
  },
  reader: 'seller' | 'staff' = 'seller',
) {
  if (d.platformBorne)
    return `The courier charged ${d.courierChargedKg} kg; the product's weight is frozen at ${d.sellerChargedKg} kg, so the platform answers for it`;
  const whose = reader === 'staff' ? "the seller's" : 'your';
  return `The courier charged ${d.courierChargedKg} kg against ${whose} ${d.sellerChargedKg} kg; ${formatRupees(d.amountPaise)} is held in ${whose} wallet`;
}
const gstOf = (paise: number) => Math.round((paise * GST_PERCENT) / 100);

interface ShipmentFacts {
  shipment_id: number;
  org_id: number;
  order_id: number;
  awb: string;
  carrier_code: string;
  zone: string;
  charged_weight_kg: string | number;
  freight_paise: string | number;
  rto_charge_paise: string | number;
  is_returning: boolean;
  dead_weight_kg: string | number;
  length_cm: string | number;
  breadth_cm: string | number;
  height_cm: string | number;
  frozen: boolean;
  seen: boolean;
  booked_at: Date | string;
}

async function factsOf(tx: Executor, awbs: string[]): Promise<Map<string, ShipmentFacts>> {
  const rows = await queryRows<ShipmentFacts>(
    tx,
    sql`select s.id as shipment_id, s.org_id, s.order_id, s.awb, s.carrier_code, s.zone, s.booked_at,
          s.charged_weight_kg, s.freight_paise, s.rto_charge_paise, s.rto_initiated_at is not null as is_returning,
          o.dead_weight_kg, o.length_cm, o.breadth_cm, o.height_cm,
          exists (select 1 from weight_discrepancies d where d.shipment_id = s.id) as seen,
          (exists (select 1 from order_items i where i.order_id = o.id)
           and not exists (
             select 1 from order_items i where i.order_id = o.id and (i.product_id is null or not exists (
               select 1 from weight_freezes f where f.product_id = i.product_id and f.org_id = s.org_id and f.status = 'APPROVED')))
          ) as frozen
        from shipments s join orders o on o.id = s.order_id
        where s.awb = any(${sql.param(awbs)}::text[]) and s.state = 'BOOKED'`,
  );
  return new Map(rows.map((r) => [r.awb, r]));
}

interface Candidate {
  at: number;
  f: ShipmentFacts;
  seller: WeighedParcel;
  courier: WeighedParcel;
  forwardPaise: number;
  rtoPaise: number;
  gstPaise: number;
  amountPaise: number;
  hubPhoto: DiscrepancyPhoto | null;
  raisedAt: Date;
}

/** A batch of reports weighed against what the database holds: the ones to raise, and why the others raise nothing. */
export interface Assessment {
  out: ReportOutcome[];
  candidates: Candidate[];
}

/**
 * Reads the shipments a batch of reports names and prices each courier slab against the seller's;
 * writes nothing. It takes no locks, so it may run before the writing transaction as well as in
 * it (a courier file assesses its next chunk while the last one is written): a shipment raised in
 * between is caught by the discrepancies' unique shipment.
 */
export async function assessReports(
  deps: AppDeps,
  db: Executor,
  reports: readonly WeighingReport[],
): Promise<Assessment> {
  const out: ReportOutcome[] = new Array(reports.length);
  const candidates: Candidate[] = [];
  if (!reports.length) return { out, candidates };
  const network = await carrierNetwork(deps);
  const facts = await factsOf(db, [...new Set(reports.map((r) => r.awb))]);
  // a seller's own card prices the slab as it priced the booking: the card of the booking's IST day
  const sellerCards = new Map<string, SellerCards>();
  for (const f of facts.values()) {
    const key = `${f.org_id}:${istDay(new Date(f.booked_at))}`;
    if (!sellerCards.has(key)) sellerCards.set(key, await sellerCardsAt(db, f.org_id, new Date(f.booked_at)));
  }
  const cardOf = (f: ShipmentFacts): RateCard | undefined =>
    sellerCards.get(`${f.org_id}:${istDay(new Date(f.booked_at))}`)?.get(f.carrier_code) ??
    network.adapters.get(f.carrier_code)?.profile.rateCard ??
    CARRIER_BY_CODE.get(f.carrier_code)?.rateCard;
  const inBatch = new Set<number>();
  reports.forEach((r, at) => {
    const f = facts.get(r.awb);
    if (!f) {
      out[at] = { kind: 'refused', column: 'awb', reason: `AWB ${r.awb} is not a shipment with a courier` };
      return;
    }
    if (f.seen || inBatch.has(f.shipment_id)) {
      out[at] = { kind: 'seen' };
      return;
    }
    const card = cardOf(f);
    if (!card) {
      out[at] = { kind: 'refused', column: 'awb', reason: `AWB ${r.awb}: its courier has no rate card` };
      return;
    }
    const w = r.weighing;
    const quote = freightOf(card, f.zone as Zone, w);
    const sellerKg = Number(f.charged_weight_kg);
    if (quote.chargedWeightKg <= sellerKg) {
      out[at] = {
        kind: 'refused',
        column: 'chargedWeightKg',
        reason: `chargedWeightKg: the courier's slab of ${quote.chargedWeightKg} kg is not above the seller's ${sellerKg} kg; nothing to raise`,
      };
      return;
    }
    const forwardPaise = quote.freightPaise - Number(f.freight_paise);
    const rtoPaise = f.is_returning ? Math.max(0, quote.rtoChargePaise - Number(f.rto_charge_paise)) : 0;
    const gstPaise = gstOf(forwardPaise + rtoPaise);
    inBatch.add(f.shipment_id);
    candidates.push({
      at,
      f,
      seller: {
        ...weighed({
          deadWeightKg: Number(f.dead_weight_kg),
          lengthCm: Number(f.length_cm),
          breadthCm: Number(f.breadth_cm),
          heightCm: Number(f.height_cm),
        }),
        chargedKg: sellerKg,
      },
      courier: { ...weighed(w), chargedKg: quote.chargedWeightKg },
      forwardPaise,
      rtoPaise,
      gstPaise,
      amountPaise: forwardPaise + rtoPaise + gstPaise,
      hubPhoto: w.photoUrl ? { fileId: null, url: w.photoUrl, name: 'Courier hub photo' } : null,
      raisedAt: r.at,
    });
  });
  return { out, candidates };
}

/**
 * Raises what a batch of reports shows, inside the caller's transaction; answers each report's
 * outcome by position. Notices go out after the caller commits (`noticeRaised`).
 */
export async function raiseDiscrepancies(
  deps: AppDeps,
  tx: Tx,
  reports: readonly WeighingReport[],
  source: 'SCAN' | 'FILE',
): Promise<ReportOutcome[]> {
  return recordDiscrepancies(deps, tx, await assessReports(deps, tx, reports), source);
}

/** Inserts an assessment's discrepancies, once per shipment, and places their holds; answers each report's outcome by position. */
export async function recordDiscrepancies(
  deps: AppDeps,
  tx: Tx,
  { out: assessed, candidates }: Assessment,
  source: 'SCAN' | 'FILE',
): Promise<ReportOutcome[]> {
  const out = [...assessed];
  if (candidates.length) {
    const now = deps.now();
    const held = candidates.filter((c) => !c.f.frozen);
    await ensureWallets(
      tx,
      held.map((c) => c.f.org_id),
    );
    // the discrepancies, their holds and the wallets' held totals in one statement
    const insertSql = (onConflict: boolean) =>
      sql`with raised as (
          insert into ${weightDiscrepancies} (org_id, shipment_id, order_id, awb, carrier_code, zone, source, seller, courier,
            seller_charged_kg, courier_charged_kg, forward_paise, rto_paise, gst_paise, amount_paise, hub_photo,
            platform_borne, raised_at, deadline_at)
          select org_id, shipment_id, order_id, awb, carrier_code, zone, ${source}, seller::jsonb, courier::jsonb,
            seller_kg::numeric, courier_kg::numeric, fwd, rto, gst, amount, photo::jsonb, borne, ${now}::timestamptz, deadline
          from (${unnestSelect([
            [candidates.map((c) => c.f.org_id), 'int'],
            [candidates.map((c) => c.f.shipment_id), 'int'],
            [candidates.map((c) => c.f.order_id), 'int'],
            [candidates.map((c) => c.f.awb), 'text'],
            [candidates.map((c) => c.f.carrier_code), 'text'],
            [candidates.map((c) => c.f.zone), 'text'],
            [candidates.map((c) => JSON.stringify(c.seller)), 'text'],
            [candidates.map((c) => JSON.stringify(c.courier)), 'text'],
            [candidates.map((c) => String(c.seller.chargedKg)), 'text'],
            [candidates.map((c) => String(c.courier.chargedKg)), 'text'],
            [candidates.map((c) => c.forwardPaise), 'bigint'],
            [candidates.map((c) => c.rtoPaise), 'bigint'],
            [candidates.map((c) => c.gstPaise), 'bigint'],
            [candidates.map((c) => c.amountPaise), 'bigint'],
            [candidates.map((c) => (c.hubPhoto ? JSON.stringify(c.hubPhoto) : null)), 'text'],
            [candidates.map((c) => c.f.frozen), 'boolean'],
            [candidates.map(() => answerDeadline(now)), 'timestamptz'],
          ])}) as u(org_id, shipment_id, order_id, awb, carrier_code, zone, seller, courier, seller_kg, courier_kg,
                    fwd, rto, gst, amount, photo, borne, deadline)
          ${onConflict ? sql`on conflict (shipment_id) do nothing` : sql``}
          returning id, shipment_id, org_id, awb, amount_paise, platform_borne
        ),
        hold_rows as (
          select r.org_id, ${HOLD_KEY_PREFIX}::text || r.id as key, r.amount_paise, r.awb as reference, n.note as description,
            ${now}::timestamptz as created_at
          from raised r join (${unnestSelect([
            [held.map((c) => c.f.awb), 'text'],
            [
              held.map(
                (c) =>
                  `Weight discrepancy held: ${c.courier.chargedKg} kg charged by ${carrierName(c.f.carrier_code)} against ${c.seller.chargedKg} kg`,
              ),
              'text',
            ],
          ])}) as n(awb, note) on n.awb = r.awb
          where not r.platform_borne
        ),
        ${holdsPlacedBy(sql`hold_rows`)}
        select id, shipment_id from raised`;
    // shipments seen before were sorted out above, so a plain insert (cheaper than ON CONFLICT's
    // speculative one); only a concurrent writer racing in between makes it fall back
    let inserted: { id: number; shipment_id: number }[];
    try {
      inserted = await tx.transaction((sp) => queryRows<{ id: number; shipment_id: number }>(sp, insertSql(false)));
    } catch (e) {
      if (!isUniqueViolation(e)) throw e;
      inserted = await queryRows<{ id: number; shipment_id: number }>(tx, insertSql(true));
    }
    const idOf = new Map(inserted.map((r) => [r.shipment_id, r.id]));
    const raised = candidates.filter((c) => idOf.has(c.f.shipment_id));
    await notify(
      tx,
      discrepancyNotifications(
        raised
          .filter((c) => !c.f.frozen)
          .map((c) => ({
            id: idOf.get(c.f.shipment_id)!,
            orgId: c.f.org_id,
            awb: c.f.awb,
            sellerKg: c.seller.chargedKg,
            courierKg: c.courier.chargedKg,
            amountPaise: c.amountPaise,
          })),
      ),
      now,
    );
    for (const c of candidates)
      out[c.at] = idOf.has(c.f.shipment_id)
        ? { kind: 'raised', discrepancyId: idOf.get(c.f.shipment_id)!, orgId: c.f.org_id, platformBorne: c.f.frozen }
        : { kind: 'seen' };
  }
  return out;
}

/** Tells each seller of the discrepancies just raised for them (one letter per seller per batch). */
export async function noticeRaised(deps: AppDeps, outcomes: readonly ReportOutcome[]): Promise<void> {
  const bySeller = new Map<number, number>();
  for (const o of outcomes)
    if (o?.kind === 'raised' && !o.platformBorne) bySeller.set(o.orgId, (bySeller.get(o.orgId) ?? 0) + 1);
  if (!bySeller.size) return;
  const owners = await queryRows<{ org_id: number; email: string; first_name: string }>(
    deps.db,
    sql`select org_id, email, first_name from ${accounts}
        where org_id = any(${sql.param([...bySeller.keys()])}::int[]) and role in ('OWNER', 'LOCKED_OWNER')`,
  );
  await deps.messenger.sendMany(
    owners.map((o) => {
      const n = bySeller.get(o.org_id)!;
      return letter(
        o.email,
        n === 1 ? 'A courier charged more weight for a parcel' : `Couriers charged more weight for ${n} parcels`,
        o.first_name,
        [
          `${n === 1 ? 'A courier' : 'Couriers'} weighed ${n === 1 ? 'a parcel' : `${n} parcels`} of yours at the hub and charged a heavier slab than you booked. The difference is held in your wallet.`,
          'Open Weight discrepancies to accept or dispute within 7 days, with photos of the package on a scale and with a tape measure on each side. Without an answer it is accepted by itself.',
        ],
      );
    }),
  );
}

export const HUB_PHOTO_QUEUE = 'courier-hub-photo';

/**
 * The job: the courier's hub photo of a discrepancy raised from a scan, fetched from the courier
 * and kept as the seller's image. A discrepancy that has its photo already is left as it is.
 */
export async function fetchHubPhoto(deps: AppDeps, discrepancyId: number): Promise<boolean> {
  const [r] = await queryRows<{ org_id: number; awb: string; carrier_code: string }>(
    deps.db,
    sql`select org_id, awb, carrier_code from ${weightDiscrepancies} where id = ${discrepancyId} and hub_photo is null`,
  );
  if (!r) return false;
  const photo = await (await carrierNetwork(deps)).adapters.get(r.carrier_code)?.hubPhoto(r.awb);
  if (!photo) return false;
  const fileId = await storeImage(deps.db, { orgId: r.org_id, name: photo.name, bytes: photo.bytes, now: deps.now() });
  // kept with its plain address; answers link it afresh (files/links.ts)
  const hubPhoto: DiscrepancyPhoto = { fileId, url: API.file(fileId), name: safeFileName(photo.name) };
  await deps.db.execute(
    sql`update ${weightDiscrepancies} set hub_photo = ${JSON.stringify(hubPhoto)}::jsonb where id = ${discrepancyId} and hub_photo is null`,
  );
  return true;
}

/** Scans that carry a courier's hub weighing: raise what they show, queue the photos' fetch and tell the sellers. */
export async function raiseFromScans(
  deps: AppDeps,
  scans: readonly { awb: string; at: Date; hubWeight?: HubWeighing }[],
): Promise<number> {
  const reports = scans.flatMap((s) => (s.hubWeight ? [{ awb: s.awb, weighing: s.hubWeight, at: s.at }] : []));
  if (!reports.length) return 0;
  const outcomes = await deps.db.transaction((tx) => raiseDiscrepancies(deps, tx, reports, 'SCAN'));
  const raised = outcomes.flatMap((o) => (o.kind === 'raised' ? [o.discrepancyId] : []));
  // the courier's photo is a call to its API: a job asks for it
  for (const discrepancyId of raised) await deps.jobs.send(HUB_PHOTO_QUEUE, { discrepancyId });
  await noticeRaised(deps, outcomes);
  return raised.length;
}
