import { and, count, eq, gt, min, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { signupFeedback } from '../../db/schema';
import { ApiError } from '../../http/errors';
import { SIGNUP_FEEDBACK, SIGNUP_FEEDBACK_MSG, type SignupFeedbackPayload } from '../../../src/domain/signup-feedback';

// Sign-up page feedback: stored once per submission id, at most SIGNUP_FEEDBACK.perIpPerHour new
// submissions from one client address in an hour. Sends from one address are serialised by an
// advisory lock, so simultaneous sends cannot all pass the count, and a repeat of a stored
// submission is answered as stored without counting again.

const HOUR_MS = 3_600_000;

export async function giveSignupFeedback(
  db: Db,
  body: SignupFeedbackPayload,
  ip: string,
  now: Date,
): Promise<{ received: true }> {
  await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`signup-feedback:${ip}`}))`);
    const [seen] = await tx
      .select({ id: signupFeedback.id })
      .from(signupFeedback)
      .where(eq(signupFeedback.idempotencyKey, body.idempotencyKey));
    if (seen) return;
    const [recent] = await tx
      .select({ n: count(), oldest: min(signupFeedback.createdAt) })
      .from(signupFeedback)
      .where(and(eq(signupFeedback.ip, ip), gt(signupFeedback.createdAt, new Date(now.getTime() - HOUR_MS))));
    if (recent.n >= SIGNUP_FEEDBACK.perIpPerHour) {
      const oldest = recent.oldest ? new Date(recent.oldest).getTime() : now.getTime();
      const retryS = Math.max(1, Math.ceil((oldest + HOUR_MS - now.getTime()) / 1000));
      throw new ApiError(429, SIGNUP_FEEDBACK_MSG.tooMany, { 'Retry-After': String(retryS) });
    }
    // the same submission sent from two addresses at once: the unique index keeps one
    await tx
      .insert(signupFeedback)
      .values({ idempotencyKey: body.idempotencyKey, rating: body.rating, message: body.message, ip, createdAt: now })
      .onConflictDoNothing({ target: signupFeedback.idempotencyKey });
  });
  return { received: true };
}
