import { and, eq, sql } from 'drizzle-orm';
import type { AppDeps } from '../../deps';
import { bookingClaims, shipments } from '../../db/schema/index';
import { conflict } from '../../http/errors';

// An order's booking claim: taken before the courier is called, so concurrent ship or reassign
// requests for one order call the courier once. The claim lives as long as its holder renews it
// (every HEARTBEAT_MS): a process that dies mid-booking stops renewing, and its claim is taken
// over once CLAIM_LEASE_S have passed on the database's clock, not minutes later.

/** A claim not renewed for this long belongs to a request whose process died: it may be taken over. */
export const CLAIM_LEASE_S = 10;
const HEARTBEAT_MS = 2_000;
/** How long a repeat with the same key waits for the first request to finish. */
const CLAIM_WAIT_MS = 30_000;
/** The claim the reconciling job takes: a request that meets it waits for it, whatever its key. */
export const RECONCILING = '(reconciling)';

export interface ClaimCaller {
  orgId: number;
}

/** Drops the order's claim if its holder stopped renewing it; true when one was dropped. */
async function dropStaleClaim(deps: AppDeps, orderId: number): Promise<boolean> {
  const dropped = await deps.db
    .delete(bookingClaims)
    .where(
      and(
        eq(bookingClaims.orderId, orderId),
        sql`${bookingClaims.aliveAt} < now() - make_interval(secs => ${CLAIM_LEASE_S})`,
      ),
    )
    .returning({ orderId: bookingClaims.orderId });
  return dropped.length > 0;
}

/**
 * Takes the order's booking claim before the courier is called. 'MINE': book it; 'WAIT': the
 * same idempotency key (or the reconciling job) is booking it right now; 'BUSY': another
 * request (another key, or none) is.
 */
export async function claimBooking(
  deps: AppDeps,
  caller: ClaimCaller,
  orderId: number,
  idempotencyKey: string | null,
): Promise<'MINE' | 'WAIT' | 'BUSY'> {
  for (;;) {
    const [mine] = await deps.db
      .insert(bookingClaims)
      .values({ orderId, orgId: caller.orgId, idempotencyKey, claimedAt: deps.now() })
      .onConflictDoNothing()
      .returning({ orderId: bookingClaims.orderId });
    if (mine) return 'MINE';
    if (await dropStaleClaim(deps, orderId)) continue;
    const [held] = await deps.db.select().from(bookingClaims).where(eq(bookingClaims.orderId, orderId));
    if (!held) continue; // released meanwhile: try again
    if (held.idempotencyKey === RECONCILING) return 'WAIT';
    return idempotencyKey !== null && held.idempotencyKey === idempotencyKey ? 'WAIT' : 'BUSY';
  }
}

/** Waits until the order's claim is released, or dropped for want of renewal. */
async function waitForClaim(deps: AppDeps, orderId: number): Promise<void> {
  const until = Date.now() + CLAIM_WAIT_MS;
  while (Date.now() < until) {
    if (await dropStaleClaim(deps, orderId)) return;
    const [held] = await deps.db
      .select({ orderId: bookingClaims.orderId })
      .from(bookingClaims)
      .where(eq(bookingClaims.orderId, orderId));
    if (!held) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw conflict('This order is being shipped right now. Please try again in a minute');
}

export async function releaseClaim(deps: AppDeps, orderId: number): Promise<void> {
  await deps.db.delete(bookingClaims).where(eq(bookingClaims.orderId, orderId));
}

/** Runs `work` renewing the order's claim meanwhile, so others know its holder is alive. */
export async function renewingClaim<T>(deps: AppDeps, orderId: number, work: () => Promise<T>): Promise<T> {
  const timer = setInterval(() => {
    deps.db
      .update(bookingClaims)
      .set({ aliveAt: sql`now()` })
      .where(eq(bookingClaims.orderId, orderId))
      .catch(() => undefined);
  }, HEARTBEAT_MS);
  try {
    return await work();
  } finally {
    clearInterval(timer);
  }
}

/** Whether an idempotency key already made a shipment of this order (another order's key is refused). */
export async function keyUsed(deps: AppDeps, orgId: number, orderId: number, key: string | null): Promise<boolean> {
  if (!key) return false;
  const [seen] = await deps.db
    .select({ orderId: shipments.orderId })
    .from(shipments)
    .where(and(eq(shipments.orgId, orgId), eq(shipments.idempotencyKey, key)));
  if (!seen) return false;
  if (seen.orderId !== orderId) throw conflict('This idempotency key was used for another order');
  return true;
}

/**
 * Runs `bookIt` holding the order's booking claim: what the key made already is answered
 * (`made`); a repeat with the same key waits for the first and answers its result; any other
 * request while one books is refused with 409 (`busy`) without calling the courier.
 */
export async function underBookingClaim<T>(
  deps: AppDeps,
  caller: ClaimCaller,
  orderId: number,
  key: string | null,
  made: () => Promise<T | null>,
  bookIt: () => Promise<T>,
  busy: string,
): Promise<T> {
  const done = await made();
  if (done) return done;
  for (;;) {
    const claim = await claimBooking(deps, caller, orderId, key);
    if (claim === 'BUSY') throw conflict(busy);
    if (claim === 'WAIT') {
      await waitForClaim(deps, orderId);
      const after = await made();
      if (after) return after;
      continue; // the first one failed: this repeat may try itself
    }
    return renewingClaim(deps, orderId, bookIt);
  }
}
