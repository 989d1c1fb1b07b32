import type { GraphError } from './shapes';

// Every way a WhatsApp send fails, as one error the rest of the product reads without knowing
// Meta's codes: why (for the message log and the fallback), and a sentence a person can read.

export type WhatsAppFailure =
  /** outside the buyer's 24-hour window a free-form message may not go (131047, or refused before calling) */
  | 'window-closed'
  /** the number is not on WhatsApp or cannot receive (131026) */
  | 'undeliverable'
  /** too many messages (130429 throughput, 131056 to one number, HTTP 429) */
  | 'rate-limited'
  /** the access token expired or lacks permission (190, 0, 10, 200–299) */
  | 'access'
  /** the template is missing, paused or its parameters do not fit (132xxx) */
  | 'template'
  /** Meta refused the request for another reason */
  | 'refused'
  /** Meta did not answer, or answered with its own trouble (timeouts, 5xx, 1, 2, 131000, 131016) */
  | 'unavailable';

export class WhatsAppError extends Error {
  constructor(
    readonly failure: WhatsAppFailure,
    message: string,
    /** Meta's error code, when Meta answered with one */
    readonly code: number | null = null,
  ) {
    super(message);
    this.name = 'WhatsAppError';
  }
}

const SENTENCES: Record<WhatsAppFailure, string> = {
  'window-closed':
    'WhatsApp allows a free-form message only within 24 hours of the buyer’s last message; send a template message instead',
  undeliverable: 'WhatsApp could not deliver to this number: it may not be on WhatsApp',
  'rate-limited': 'WhatsApp is limiting how fast messages may be sent; this one was not sent',
  access: 'WhatsApp refused the product’s access token: it may have expired; the WhatsApp connection needs a new one',
  template: 'WhatsApp refused the message template: it may be missing, paused or not approved in this language',
  refused: 'WhatsApp refused the message',
  unavailable: 'WhatsApp did not answer; the message was not sent',
};

export const whatsAppError = (failure: WhatsAppFailure, code: number | null = null, detail?: string) =>
  new WhatsAppError(failure, detail ? `${SENTENCES[failure]} (${detail})` : SENTENCES[failure], code);

export function failureOfCode(code: number, httpStatus: number): WhatsAppFailure {
  if (code === 131047) return 'window-closed';
  if (code === 131026) return 'undeliverable';
  if (code === 130429 || code === 131056 || code === 80007 || code === 4 || httpStatus === 429) return 'rate-limited';
  if (code === 190 || code === 0 || code === 10 || (code >= 200 && code <= 299)) return 'access';
  if (code >= 132000 && code < 133000) return 'template';
  if (code === 1 || code === 2 || code === 131000 || code === 131016 || httpStatus >= 500) return 'unavailable';
  return 'refused';
}

/** The product's error for Meta's error object; Meta's detail is kept for staff. */
export function errorOfGraph(e: GraphError, httpStatus: number): WhatsAppError {
  const failure = failureOfCode(e.code, httpStatus);
  const detail = failure === 'refused' ? (e.error_data?.details ?? e.message) : undefined;
  return whatsAppError(failure, e.code, detail);
}
