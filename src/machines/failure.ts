import { MSG } from '../domain/messages';

/**
 * The text to show for a failed call. The HTTP layer rejects with an ApiFailure whose message
 * already follows spec section 8 (X-Error-Message, else errorMessage, else generic, offline text);
 * anything else gets the generic message.
 */
export function failureText(error: unknown): string {
  const message = (error as { message?: unknown } | null)?.message;
  return typeof message === 'string' && message.trim() ? message : MSG.genericError;
}
