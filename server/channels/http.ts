import { ChannelHttpError } from './adapter';

/** A JSON call to a store; a non-2xx answer becomes a ChannelHttpError with the platform's own words. */
export async function callStore<T>(
  fetcher: typeof fetch,
  url: string,
  init: { method?: string; headers?: Record<string, string>; json?: unknown } = {},
): Promise<T> {
  let res: Response;
  try {
    res = await fetcher(url, {
      method: init.method ?? 'GET',
      headers: {
        accept: 'application/json',
        ...(init.json !== undefined ? { 'content-type': 'application/json' } : {}),
        ...init.headers,
      },
      body: init.json !== undefined ? JSON.stringify(init.json) : undefined,
      signal: AbortSignal.timeout(15_000),
    });
  } catch (e) {
    throw new ChannelHttpError(0, `The store could not be reached (${(e as Error).message})`);
  }
  const text = await res.text();
  if (!res.ok) {
    let words = text.slice(0, 300);
    try {
      const body = JSON.parse(text) as {
        errors?: unknown;
        message?: string;
        parameters?: unknown;
        error_description?: string;
      };
      words =
        (body.message !== undefined ? withParameters(body.message, body.parameters) : undefined) ??
        body.error_description ??
        (typeof body.errors === 'string' ? body.errors : JSON.stringify(body.errors ?? body));
    } catch {
      // not JSON: keep the text
    }
    throw new ChannelHttpError(res.status, `${res.status} from the store: ${words}`);
  }
  return (text ? JSON.parse(text) : {}) as T;
}

/**
 * Magento's error words carry their values apart ("%fieldName is required", {fieldName: …}, or
 * "%1" with a list): put back in place so the sync log reads as a sentence.
 */
export function withParameters(message: string, parameters: unknown): string {
  if (!parameters || typeof parameters !== 'object') return message;
  const values = parameters as Record<string, unknown>;
  return message.replace(/%(\w+)/g, (whole, name: string) => {
    const key = Array.isArray(values) && /^\d+$/.test(name) ? Number(name) - 1 : name;
    const value = (values as Record<string | number, unknown>)[key];
    return value === undefined ? whole : String(value);
  });
}

/** yyyy-MM-dd of an instant in India (orders are dated as the seller's day). */
export function istDay(iso: string): string {
  const t = new Date(iso);
  const ms = Number.isNaN(t.getTime()) ? Date.now() : t.getTime();
  return new Date(ms + 5.5 * 3600_000).toISOString().slice(0, 10);
}

export const rupees = (s: unknown) => Math.round(Number(s ?? 0) * 100) / 100 || 0;
