import type { CourierCallMeter } from './call-meter';
import type { CourierSettings } from './settings';

// Every call the product makes to a courier adapter, counted: the adapter is wrapped where the
// network builds it, and each method that answers a promise (a call to the courier's API) is
// timed and recorded as a success or a failure. Synchronous methods (serviceability) decide
// locally and are not calls. A failure keeps its message only, with the courier's configured
// secrets blanked, so nothing staff see can carry a token.

const BLANK = '•••';
const MAX_ERROR_LENGTH = 300;

/** The secrets a courier's settings hold (credentials and push keys), longest first. */
export function secretsOf(settings: CourierSettings | undefined): string[] {
  if (!settings) return [];
  const push = settings.push;
  return [
    settings.apiToken,
    settings.email,
    settings.clientId,
    settings.clientSecret,
    settings.username,
    settings.password,
    settings.encodedCustomerCode,
    settings.apiKey,
    push?.scheme === 'token' ? push.token : undefined,
    push?.scheme === 'hmac' ? push.secret : undefined,
  ]
    .filter((s): s is string => !!s && s.length >= 4)
    .sort((a, b) => b.length - a.length);
}

/** A failure's message fit to show staff: secrets blanked, key=value credentials in URLs too. */
export function errorMessageOf(error: unknown, secrets: readonly string[]): string {
  let text = error instanceof Error ? error.message || error.name : String(error);
  for (const secret of secrets) text = text.split(secret).join(BLANK);
  text = text.replace(/\b(token|key|secret|password|signature)=[^&\s]+/gi, `$1=${BLANK}`);
  return text.length > MAX_ERROR_LENGTH ? `${text.slice(0, MAX_ERROR_LENGTH - 1)}…` : text;
}

const isPromise = (x: unknown): x is Promise<unknown> => !!x && typeof (x as { then?: unknown }).then === 'function';

export function meteredAdapter<T extends object>(
  adapter: T,
  carrierCode: string,
  meter: CourierCallMeter,
  opts: { now: () => Date; secrets: readonly string[] },
): T {
  return new Proxy(adapter, {
    get(target, property, receiver) {
      const value: unknown = Reflect.get(target, property, receiver);
      if (typeof value !== 'function') return value;
      return (...args: unknown[]) => {
        const started = performance.now();
        // the adapter itself is `this`, so its private state is reached as before
        const answer: unknown = (value as (...a: unknown[]) => unknown).apply(target, args);
        if (!isPromise(answer)) return answer;
        return answer.then(
          (result) => {
            meter.record(carrierCode, { ok: true, latencyMs: performance.now() - started, at: opts.now() });
            return result;
          },
          (error: unknown) => {
            meter.record(carrierCode, {
              ok: false,
              latencyMs: performance.now() - started,
              at: opts.now(),
              error: errorMessageOf(error, opts.secrets),
            });
            throw error;
          },
        );
      };
    },
  });
}
