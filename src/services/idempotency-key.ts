/** A fresh key for one request that must not happen twice (a booking, a charge): the server answers a repeat with the first answer. */
export const newIdempotencyKey = (): string =>
  globalThis.crypto?.randomUUID?.() ?? `${Date.now()}-${Math.random().toString(36).slice(2)}`;
