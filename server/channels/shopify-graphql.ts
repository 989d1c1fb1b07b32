import { ChannelHttpError } from './adapter';
import { callStore } from './http';
import { SHOPIFY_OPERATIONS, type ShopifyOperation } from './shopify-operations';

// One POST to a shop's GraphQL Admin endpoint per operation. Shopify meters calls by query cost
// in a leaky bucket per app and shop: every answer reports the cost and the bucket
// (extensions.cost), and a query the bucket cannot pay is refused with a THROTTLED error. We
// wait for the bucket to refill what the query asked for, and try again a bounded number of
// times; what still cannot pass goes back to the caller's own retry (the write-back's, the
// webhook job's) as a 429.

/** Tries of one operation while the shop keeps throttling it, and the longest wait between two. */
export const THROTTLE_TRIES = 4;
export const THROTTLE_WAIT_MS = 5_000;

export interface QueryCost {
  requestedQueryCost: number;
  actualQueryCost: number | null;
  throttleStatus: { maximumAvailable: number; currentlyAvailable: number; restoreRate: number };
}

interface GraphqlAnswer<T> {
  data?: T | null;
  errors?: { message: string; extensions?: { code?: string } }[];
  extensions?: { cost?: QueryCost };
}

export interface GraphqlOptions {
  /** how the client waits for the bucket (tests pass their own) */
  sleep?: (ms: number) => Promise<void>;
}

const THROTTLED = { message: 'Throttled', extensions: { code: 'THROTTLED' } };
const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** How long until the bucket holds what the query asked for (at least a short pause). */
export function refillWait(cost: QueryCost | undefined): number {
  if (!cost) return 1_000;
  const { currentlyAvailable, restoreRate } = cost.throttleStatus;
  const missing = Math.max(0, cost.requestedQueryCost - currentlyAvailable);
  if (restoreRate <= 0) return THROTTLE_WAIT_MS;
  return Math.min(THROTTLE_WAIT_MS, Math.max(100, Math.ceil((missing / restoreRate) * 1000)));
}

export type ShopifyGraphql = <T>(operation: ShopifyOperation, variables?: Record<string, unknown>) => Promise<T>;

export function shopifyGraphql(
  fetcher: typeof fetch,
  endpoint: string,
  token: string,
  options: GraphqlOptions = {},
): ShopifyGraphql {
  const sleep = options.sleep ?? wait;
  return async <T>(operation: ShopifyOperation, variables: Record<string, unknown> = {}) => {
    for (let attempt = 1; ; attempt++) {
      const answer: GraphqlAnswer<T> = await callStore<GraphqlAnswer<T>>(fetcher, endpoint, {
        method: 'POST',
        headers: { 'X-Shopify-Access-Token': token },
        json: { query: SHOPIFY_OPERATIONS[operation], operationName: operation, variables },
      }).catch((e: unknown) => {
        // a 429 at the door is the same refusal as THROTTLED in the body
        if (e instanceof ChannelHttpError && e.status === 429) return { errors: [THROTTLED] };
        throw e;
      });
      const errors = answer.errors ?? [];
      if (errors.some((e) => e.extensions?.code === THROTTLED.extensions.code)) {
        if (attempt >= THROTTLE_TRIES)
          throw new ChannelHttpError(429, `Shopify is throttling ${operation}: tried ${attempt} times, try later`);
        await sleep(refillWait(answer.extensions?.cost));
        continue;
      }
      if (errors.length || !answer.data)
        throw new ChannelHttpError(
          400,
          `Shopify refused ${operation}: ${errors.map((e) => e.message).join('; ') || 'no data'}`,
        );
      return answer.data;
    }
  };
}

/** A mutation's userErrors as one failure in the store's words. */
export function assertNoUserErrors(operation: string, userErrors: { field?: string[] | null; message: string }[]) {
  if (userErrors.length)
    throw new ChannelHttpError(
      422,
      `Shopify refused ${operation}: ${userErrors.map((e) => (e.field?.length ? `${e.field.join('.')} ${e.message}` : e.message)).join('; ')}`,
    );
}
