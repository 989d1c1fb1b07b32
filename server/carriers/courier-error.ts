// What an adapter throws when a courier did not do what it was asked: the courier's own words
// (its remark, the "rmk" or "remarks" of a 200 answer, the message of a 4xx) kept as they came,
// so a seller or staff member reads why. Rate limiting has its own error (rate-limited.ts): the
// poll backs off for it instead of counting a failure.

export type CourierErrorKind =
  /** the courier answered and refused (a validation remark, a parcel past cancelling, …) */
  | 'REFUSED'
  /** the courier did not answer within the adapter's time */
  | 'TIMEOUT'
  /** the courier's side failed (5xx, a body it should not send, the network) */
  | 'UNAVAILABLE'
  /** the courier would not take our credentials, even after logging in again */
  | 'UNAUTHORISED';

export class CourierError extends Error {
  constructor(
    readonly carrierCode: string,
    readonly kind: CourierErrorKind,
    /** the courier's words, or ours when it gave none */
    readonly remark: string,
    /** the HTTP status, when the courier answered over HTTP */
    readonly httpStatus?: number,
  ) {
    super(`${carrierCode}: ${remark}`);
    this.name = 'CourierError';
  }
}
