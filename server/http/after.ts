// A step that may or may not have to wait. The API's common calls (an anonymous GET answered
// from memory: the app's config, a tracking link in a burst) have nothing to wait for, and an
// answer returned at once lets @hono/node-server write it without its promise path (a close
// listener and a turn of the event loop per call). Only a step that really waits makes the
// rest wait.

export type MaybePromise<T> = T | Promise<T>;

/** Whether a value is something to wait for (a promise, or a query builder that acts as one). */
export function isThenable<T>(value: MaybePromise<T>): value is Promise<T> {
  return typeof (value as { then?: unknown } | null | undefined)?.then === 'function';
}

/** `next(value)`: at once for a plain value, after it settles for a promise. */
export function after<T, U>(value: MaybePromise<T>, next: (value: T) => MaybePromise<U>): MaybePromise<U> {
  return isThenable(value) ? value.then(next) : next(value);
}
