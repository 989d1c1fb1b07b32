import { count } from 'drizzle-orm';
import type { Db } from '../db/client';
import { supportCannedReplies } from '../db/schema';

// A few canned replies for the help desk, so staff start with the everyday answers. Only on a
// list nobody has started yet.

const STARTERS = [
  {
    title: 'Pickup rescheduled',
    body: 'We have asked the courier to pick the parcel up again today. The new pickup shows on the order page once it is booked.',
  },
  {
    title: 'Escalated to the courier',
    body: 'We have escalated this to the courier and will write again as soon as they answer, usually within 24 hours.',
  },
  {
    title: 'Need more details',
    body: 'Could you share a photo of the parcel and its label, and the buyer’s address as the buyer gave it? That helps us move this faster.',
  },
];

export async function seedDemoCannedReplies(db: Db, now: Date): Promise<void> {
  const [{ n }] = await db.select({ n: count() }).from(supportCannedReplies);
  if (Number(n) > 0) return;
  await db.insert(supportCannedReplies).values(STARTERS.map((s) => ({ ...s, createdAt: now })));
}
