import type { Executor } from '../../db/client';
import type { orders } from '../../db/schema/index';
import { conflict } from '../../http/errors';
import { advanceRefusal } from '../../../src/domain/payment-modes';
import { verificationRefusal } from '../cod-verification/service';
import { channelShipsRefusal } from '../../../src/domain/channels';

// What an order waits for before it may ship, though its status allows it: its payment mode's
// advance, then its buyer's COD confirmation (awaiting, or held after no answer, unless the
// seller overrode it); an order its marketplace ships itself never does. The one question every ship path asks, under the order's lock where it
// books, and the order page asks before it offers Ship now.

type Order = typeof orders.$inferSelect;

export async function shipWaitRefusal(db: Executor, o: Order): Promise<string | null> {
  return (
    channelShipsRefusal(o) ?? advanceRefusal(o) ?? (o.codVerification ? verificationRefusal(db, o.orgId, o.id) : null)
  );
}

export async function assertNothingWaits(db: Executor, o: Order): Promise<void> {
  const refusal = await shipWaitRefusal(db, o);
  if (refusal) throw conflict(refusal);
}
