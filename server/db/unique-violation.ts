/** True for PostgreSQL's unique_violation (23505), however the driver or drizzle wraps it. */
export function isUniqueViolation(e: unknown): boolean {
  for (let err = e as { code?: unknown; cause?: unknown } | undefined, depth = 0; err && depth < 4; depth++) {
    if (err.code === '23505') return true;
    err = err.cause as typeof err;
  }
  return false;
}
