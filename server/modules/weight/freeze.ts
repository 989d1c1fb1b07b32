import { and, count, desc, eq } from 'drizzle-orm';
import type { AppDeps } from '../../deps';
import type { Db } from '../../db/client';
import { organisations, products, weightFreezes } from '../../db/schema';
import { conflict, notFound } from '../../http/errors';
import { isUniqueViolation } from '../../db/unique-violation';
import { ownEvidence } from '../disputes/evidence';
import {
  FREEZE_STATUS_LABELS,
  FREEZE_STATUSES,
  weighed,
  type FreezeStatus,
  type StaffFreezeList,
  type WeightFreezeRow,
} from '../../../src/domain/weight-contract';
import type { FreezeInput } from '../../../src/domain/schemas/weight';
import { fileLinks, relinked, type FileLinks } from '../files/links';

// Weight freeze: the seller fixes a product's weight and size with photos; staff approve or
// reject it. A product with an approved freeze ships without weight discrepancies for the seller
// (raise.ts hands the courier's claim to staff). One request waits at a time per product.

export const FREEZE_TEXT = {
  pending: 'A weight freeze for this product is waiting for approval',
  notPending: (status: FreezeStatus) => `This request is ${FREEZE_STATUS_LABELS[status].toLowerCase()} already`,
  productNotFound: 'Product not found',
  notFound: 'Weight freeze request not found',
} as const;

const columns = {
  f: weightFreezes,
  productName: products.productName,
  sku: products.sku,
  companyName: organisations.companyName,
};
type Joined = { f: typeof weightFreezes.$inferSelect; productName: string; sku: string; companyName: string };

function toRow(j: Joined, links: FileLinks, staff = false): WeightFreezeRow {
  const f = j.f;
  return {
    freezeId: f.id,
    productId: f.productId,
    productName: j.productName,
    sku: j.sku,
    weightKg: f.weightKg,
    lengthCm: f.lengthCm,
    breadthCm: f.breadthCm,
    heightCm: f.heightCm,
    chargedKg: weighed({ deadWeightKg: f.weightKg, lengthCm: f.lengthCm, breadthCm: f.breadthCm, heightCm: f.heightCm })
      .chargedKg,
    // stored with their file ids; each answer links the photos afresh
    photos: f.photos.map((p) => relinked(links, p)),
    status: f.status as FreezeStatus,
    statusText: FREEZE_STATUS_LABELS[f.status as FreezeStatus] ?? f.status,
    staffNote: f.staffNote,
    requestedAt: f.requestedAt.toISOString(),
    decidedAt: f.decidedAt?.toISOString() ?? null,
    ...(staff ? { companyName: j.companyName } : {}),
  };
}

const joined = (db: Db) =>
  db
    .select(columns)
    .from(weightFreezes)
    .innerJoin(products, eq(products.id, weightFreezes.productId))
    .innerJoin(organisations, eq(organisations.id, weightFreezes.orgId));

/** The product's newest freeze request (or null); 404 for another seller's product. */
export async function productFreeze(deps: AppDeps, orgId: number, productId: number): Promise<WeightFreezeRow | null> {
  const db = deps.db;
  const [p] = await db
    .select({ id: products.id })
    .from(products)
    .where(and(eq(products.id, productId), eq(products.orgId, orgId)));
  if (!p) throw notFound(FREEZE_TEXT.productNotFound);
  const [j] = await joined(db).where(eq(weightFreezes.productId, productId)).orderBy(desc(weightFreezes.id)).limit(1);
  return j ? toRow(j, fileLinks(deps)) : null;
}

export async function requestFreeze(
  deps: AppDeps,
  caller: { orgId: number; accountId: number },
  productId: number,
  input: FreezeInput,
): Promise<WeightFreezeRow> {
  const [p] = await deps.db
    .select({ id: products.id })
    .from(products)
    .where(and(eq(products.id, productId), eq(products.orgId, caller.orgId)));
  if (!p) throw notFound(FREEZE_TEXT.productNotFound);
  const photos = await ownEvidence(deps.db, caller.orgId, input.photos);
  try {
    await deps.db.insert(weightFreezes).values({
      orgId: caller.orgId,
      productId,
      weightKg: input.weightKg,
      lengthCm: input.lengthCm,
      breadthCm: input.breadthCm,
      heightCm: input.heightCm,
      photos,
      requestedBy: caller.accountId,
      requestedAt: deps.now(),
    });
  } catch (e) {
    if (isUniqueViolation(e)) throw conflict(FREEZE_TEXT.pending);
    throw e;
  }
  return (await productFreeze(deps, caller.orgId, productId))!;
}

export async function staffFreezes(deps: AppDeps, status?: FreezeStatus): Promise<StaffFreezeList> {
  const db = deps.db;
  const rows = await joined(db)
    .where(status ? eq(weightFreezes.status, status) : undefined)
    .orderBy(desc(weightFreezes.id))
    .limit(200);
  const counted = await db
    .select({ status: weightFreezes.status, n: count() })
    .from(weightFreezes)
    .groupBy(weightFreezes.status);
  const counts = Object.fromEntries(FREEZE_STATUSES.map((s) => [s, 0])) as StaffFreezeList['counts'];
  for (const c of counted) counts[c.status as FreezeStatus] = Number(c.n);
  const links = fileLinks(deps);
  return { items: rows.map((r) => toRow(r, links, true)), counts };
}

/** Approves or rejects a waiting request, once: a second decision finds it decided. */
export async function decideFreeze(
  deps: AppDeps,
  staffId: number,
  id: number,
  status: 'APPROVED' | 'REJECTED',
  note: string | null,
): Promise<WeightFreezeRow> {
  const moved = await deps.db
    .update(weightFreezes)
    .set({ status, staffNote: note, decidedBy: staffId, decidedAt: deps.now() })
    .where(and(eq(weightFreezes.id, id), eq(weightFreezes.status, 'PENDING')))
    .returning({ id: weightFreezes.id });
  if (!moved.length) {
    const [f] = await deps.db
      .select({ status: weightFreezes.status })
      .from(weightFreezes)
      .where(eq(weightFreezes.id, id));
    if (!f) throw notFound(FREEZE_TEXT.notFound);
    throw conflict(FREEZE_TEXT.notPending(f.status as FreezeStatus));
  }
  const [j] = await joined(deps.db).where(eq(weightFreezes.id, id));
  return toRow(j, fileLinks(deps), true);
}
