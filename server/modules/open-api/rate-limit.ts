// Each API key's rate limit: a token bucket in this process, refilled continuously at the key's
// rate a minute, holding at most a minute's worth. With several API processes each holds its own
// bucket (docs/decisions/open-api.md).

const buckets = new Map<number, { tokens: number; at: number }>();

/** Takes one request from the key's bucket: 0 when it may go, else the milliseconds until one is free. */
export function takeFromBucket(keyId: number, perMinute: number, nowMs: number): number {
  const perMs = perMinute / 60_000;
  const b = buckets.get(keyId) ?? { tokens: perMinute, at: nowMs };
  b.tokens = Math.min(perMinute, b.tokens + Math.max(0, nowMs - b.at) * perMs);
  b.at = nowMs;
  buckets.set(keyId, b);
  if (b.tokens >= 1) {
    b.tokens -= 1;
    return 0;
  }
  return Math.ceil((1 - b.tokens) / perMs);
}
