/**
 * True for PostgreSQL's unique_violation (23505), however the driver or drizzle wraps it; with
 * `constraint`, only a violation of that index or constraint.
 */
export function isUniqueViolation(e: unknown, constraint?: string): boolean {
  for (
    let err = e as { code?: unknown; cause?: unknown; constraint?: unknown; message?: unknown } | undefined, depth = 0;
    err && depth < 4;
    depth++
  ) {
    if (err.code === '23505')
      return !constraint || err.constraint === constraint || String(err.message ?? '').includes(constraint);
    err = err.cause as typeof err;
  }
  return false;
}
