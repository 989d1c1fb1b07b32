// pg-boss 10 records a job's end (complete or fail) without awaiting it (its manager's onFetch), so
// a database that is unreachable at that moment leaves a rejection no one handles, and Node ends
// the process: a worker (or an API process running jobs) died of a database restart it should ride
// out. Such a rejection is logged and the process goes on: that job's end is not recorded, and
// pg-boss runs it again once its lease runs out (every handler is idempotent). Any other unhandled
// rejection still ends the process, as Node's default does.

/** PostgreSQL's connection exceptions (class 08) and operator intervention (57P: shutdown, terminated, starting up). */
const OUTAGE_CODE = /^(08|57P)/;
const OUTAGE_MESSAGE =
  /not currently accepting connections|Connection terminated|connection error and is not queryable|timeout exceeded when trying to connect|too many clients/;

/** Whether a failure is the database being unreachable (refused, cut, restarting), not a fault of the statement. */
export function isDatabaseOutage(reason: unknown): boolean {
  if (!(reason instanceof Error)) return false;
  const code = (reason as { code?: unknown }).code;
  if (typeof code === 'string' && (OUTAGE_CODE.test(code) || code === 'ECONNREFUSED' || code === 'ECONNRESET'))
    return true;
  return OUTAGE_MESSAGE.test(reason.message);
}

/** Installed once by a process's entry (server/main.ts, server/worker.ts), never by a module a test imports. */
export function rideOutDatabaseOutages(): void {
  process.on('unhandledRejection', (reason) => {
    if (isDatabaseOutage(reason)) {
      console.error('[jobs] a job’s end was not recorded, the database being unreachable:', (reason as Error).message);
      return;
    }
    // as Node's default: an uncaught error that ends the process
    throw reason;
  });
}
