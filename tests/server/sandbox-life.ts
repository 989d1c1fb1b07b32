import { eq } from 'drizzle-orm';
import { sandboxParcels } from '../../server/db/schema';
import { reportDueScans } from '../../server/carriers/sandbox/tick';
import type { TestServer } from './harness';

const HALF_DAY = 12 * 3_600_000;
/** a sandbox life is at most a few weeks: past this the parcel is stuck, and the test says so */
const MOST_HALF_DAYS = 80;

/**
 * Moves the clock on in half days, the sandbox couriers reporting at each step, until the parcel's
 * whole planned life has been reported, then back (sessions stay valid). A fixed number of days
 * would fall short now and then: a parcel's luck (drawn from its random AWB) may add working days
 * both ways. `atEachStep` runs after each report.
 */
export async function liveOut(s: TestServer, awb: string, atEachStep?: () => Promise<void>): Promise<void> {
  const start = s.clock.now;
  try {
    for (let step = 0; step < MOST_HALF_DAYS; step++) {
      await reportDueScans(s.deps);
      await atEachStep?.();
      const [p] = await s.deps.db
        .select({ reported: sandboxParcels.reported, plan: sandboxParcels.plan })
        .from(sandboxParcels)
        .where(eq(sandboxParcels.awb, awb));
      if (p.reported >= p.plan.length) return;
      s.clock.now = new Date(s.clock.now.getTime() + HALF_DAY);
    }
    throw new Error(`the sandbox parcel ${awb} still had scans to report after ${MOST_HALF_DAYS / 2} days`);
  } finally {
    s.clock.now = start;
  }
}
