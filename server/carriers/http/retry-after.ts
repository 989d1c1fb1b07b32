// HTTP's Retry-After: seconds, or a date. A courier that answers 429 without one is waited out for
// its rate window's length (the adapter's fallback), never retried at once.

export function retryAfterSeconds(header: string | null, now: Date, fallbackSeconds: number): number {
  if (!header) return fallbackSeconds;
  const trimmed = header.trim();
  if (/^\d+$/.test(trimmed)) return Math.max(1, Number(trimmed));
  const at = Date.parse(trimmed);
  if (Number.isNaN(at)) return fallbackSeconds;
  return Math.max(1, Math.ceil((at - now.getTime()) / 1000));
}
