import type { AnyEventObject } from 'xstate';
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

/** What an actor's error event carries (undefined on any other event: the generic message). */
const errorOf = (event: AnyEventObject): unknown => ('error' in event ? event.error : undefined);

/**
 * The one error action of every machine: a failed call's message into the context's `error`.
 * A machine names it in setup (`takeError: assign(takeFailure)`) or writes it on an invoke's
 * `onError` (`assign(takeFailure)`), and adds what else the failure clears beside it
 * (`assign({ ...takeFailure, notice: null })`).
 */
export const takeFailure = {
  error: ({ event }: { event: AnyEventObject }): string => failureText(errorOf(event)),
};

/** The same message for a notice instead of the context's error: `failureMessage({ event })`. */
export const failureMessage = takeFailure.error;
