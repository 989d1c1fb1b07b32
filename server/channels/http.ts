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
      const body = JSON.parse(text) as { errors?: unknown; message?: string; error_description?: string };
      words =
        body.message ??
        body.error_description ??
        (typeof body.errors === 'string' ? body.errors : JSON.stringify(body.errors ?? body));
    } catch {
      // not JSON: keep the text
    }
    throw new ChannelHttpError(res.status, `${res.status} from the store: ${words}`);
  }
  return (text ? JSON.parse(text) : {}) as T;
}

/** yyyy-MM-dd of an instant in India (orders are dated as the seller's day). */
export function istDay(iso: string): string {
  const t = new Date(iso);
  const ms = Number.isNaN(t.getTime()) ? Date.now() : t.getTime();
  return new Date(ms + 5.5 * 3600_000).toISOString().slice(0, 10);
}

export const rupees = (s: unknown) => Math.round(Number(s ?? 0) * 100) / 100 || 0;
