import { MSG } from './messages';

/**
 * Spec section 8: the text of a failed call is header X-Error-Message, else the body's
 * errorMessage, else a generic message; no connection at all reads 'No Internet Connection'.
 */
export function errorText(failure: { offline?: boolean; header?: string | null; body?: unknown }): string {
  if (failure.offline) return MSG.offline;
  if (failure.header) {
    try {
      return decodeURIComponent(failure.header);
    } catch {
      return failure.header;
    }
  }
  const body = failure.body as { errorMessage?: unknown } | null | undefined;
  if (body && typeof body.errorMessage === 'string' && body.errorMessage) return body.errorMessage;
  return MSG.genericError;
}

/** Spec section 4: how the login page reads a failed login. */
export type LoginFailureKind = 'disabled' | 'locked' | 'deactivated' | 'invalid';

export function loginFailureKind(message: string): LoginFailureKind {
  const m = message.trim();
  if (m.endsWith('is disabled')) return 'disabled';
  if (m.endsWith('is locked')) return 'locked';
  // Dakiya staff turned the account off: the server's sentence says why and where to go
  if (/deactivated by Dakiya/.test(m)) return 'deactivated';
  return 'invalid';
}
