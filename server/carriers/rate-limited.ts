// What an adapter throws when the courier answers HTTP 429: the poll backs off for retryAfterSeconds
// (the courier's Retry-After, or the rest of its rate window when it gives none).

export class CourierRateLimited extends Error {
  constructor(
    readonly carrierCode: string,
    readonly retryAfterSeconds: number,
  ) {
    super(`${carrierCode} is rate limiting tracking calls; retry after ${retryAfterSeconds} s`);
    this.name = 'CourierRateLimited';
  }
}
