import { API_ORDERS } from '../../../src/domain/orders-contract';
import { API_SHIPPING } from '../../../src/domain/shipping-contract';
import { API_NDR } from '../../../src/domain/ndr-contract';
import { API_RETURNS } from '../../../src/domain/returns-contract';
import { API_WALLET } from '../../../src/domain/wallet-contract';
import {
  SELLER_API_DOCS,
  IDEMPOTENCY_HEADER,
  IDEMPOTENCY_KEEP_HOURS,
  WEBHOOK_EVENTS,
} from '../../../src/domain/open-api-contract';
import { WEBHOOK_SCHEDULE_TEXT } from './webhooks/schedule';
import { refusalAnswer, REFUSAL_COMPONENTS } from '../../http/router';
import { componentsUsedBy } from '../../http/openapi-schemas';

// The seller API is a second door to the routes the app already has, not a second
// implementation: these operations (method and Hono path) are the ones an API key may call, and
// its OpenAPI document is the app's document cut down to them, with the API key's security.

export const SELLER_API_OPERATIONS: readonly (readonly [method: string, path: string])[] = [
  // orders: create, list, get, cancel
  ['post', API_ORDERS.orders.path],
  ['get', API_ORDERS.orders.path],
  ['get', API_ORDERS.order.path],
  ['put', API_ORDERS.cancel.path],
  // ship and rates
  ['post', API_SHIPPING.rates.path],
  ['get', API_SHIPPING.courierQuotes.path],
  ['post', API_SHIPPING.ship.path],
  ['get', API_SHIPPING.shipment.path],
  ['delete', API_SHIPPING.cancelShipment.path],
  // labels and documents
  ['get', API_SHIPPING.label.path],
  ['get', API_SHIPPING.invoice.path],
  ['post', API_SHIPPING.labels.path],
  ['post', API_SHIPPING.manifest.path],
  // tracking
  ['get', API_SHIPPING.track.path],
  // NDR actions
  ['get', API_NDR.list.path],
  ['get', API_NDR.one.path],
  ['post', API_NDR.action.path],
  // returns
  ['get', API_RETURNS.returns.path],
  ['post', API_RETURNS.returns.path],
  ['get', API_RETURNS.one.path],
  ['get', API_RETURNS.returnable.path],
  // wallet balance
  ['get', API_WALLET.wallet.path],
];

const allowed = new Set(SELLER_API_OPERATIONS.map(([m, p]) => `${m} ${p}`));

export function sellerApiAllows(method: string, path: string): boolean {
  return allowed.has(`${method} ${path}`);
}

const toOpenApiPath = (path: string) => path.replace(/:([A-Za-z0-9_]+)(\{[^}]*\})?/g, '{$1}');

const DESCRIPTION = `Dakiya's seller API: the same operations the app uses, called with an API key.

**Authentication.** Send \`Authorization: Bearer dk_live_…\` or \`X-Api-Key: dk_live_…\`. A key acts as the
login that made it, with that login's permissions as they stand now (a permission the login lacks is
a 403). Keys are made and revoked in Settings → API keys (the Premium plan), each with a rate limit
per minute (429 with Retry-After beyond it).

**Idempotency.** Every write (POST, PUT, DELETE) needs an \`${IDEMPOTENCY_HEADER}\` header (at most 255
characters). The same key with the same body answers the first answer again (with
\`Idempotent-Replayed: true\`) and acts once, however many repeats arrive at the same time; the same key
with another body or route answers 422. Keys are kept ${IDEMPOTENCY_KEEP_HOURS} hours.

**Webhooks.** Endpoints registered in Settings → Webhooks get these events: ${Object.entries(WEBHOOK_EVENTS)
  .map(([k, label]) => `\`${k}\` (${label})`)
  .join(', ')}. Each is a POST of \`{ type, timestamp, data }\` signed per the Standard Webhooks
specification (headers \`webhook-id\`, \`webhook-timestamp\`, \`webhook-signature\`: \`v1,\` and the
base64 HMAC-SHA256 of \`{webhook-id}.{webhook-timestamp}.{body}\` with the base64 part of the
endpoint's \`whsec_\` secret). Delivery is **at least once**: a receiver must dedupe by \`webhook-id\`
(the same on every attempt of an event) and answer 2xx within 15 seconds. ${WEBHOOK_SCHEDULE_TEXT}
After a secret rotation both the new and the previous secret sign for 24 hours (two signatures,
space-separated).

Answers are \`{ data }\`; errors are \`{ errorMessage }\` with header X-Error-Message.`;

/** The seller API's OpenAPI document: the app's operations an API key may call, and nothing else. */
export function sellerApiDocument(full: Record<string, unknown>): Record<string, unknown> {
  const fullPaths = full.paths as Record<string, Record<string, Record<string, unknown>>>;
  const paths: Record<string, Record<string, unknown>> = {};
  for (const [method, path] of SELLER_API_OPERATIONS) {
    const oaPath = toOpenApiPath(path);
    const op = fullPaths[oaPath]?.[method];
    if (!op) throw new Error(`seller API: ${method} ${path} is not a route`);
    const parameters = [...((op.parameters as unknown[]) ?? [])];
    const responses = { ...(op.responses as Record<string, unknown>) };
    if (method !== 'get') {
      parameters.push({
        name: IDEMPOTENCY_HEADER,
        in: 'header',
        required: true,
        description: 'A key of your choosing, unique to this write; a repeat answers the first answer',
        schema: { type: 'string', maxLength: 255 },
      });
      responses[422] = refusalAnswer('The Idempotency-Key was used with another body or route');
    }
    responses[429] = refusalAnswer('The key’s rate limit per minute is reached (Retry-After says when to try again)');
    const { 'x-account-types': _types, ...rest } = op;
    (paths[oaPath] ??= {})[method] = {
      ...rest,
      parameters,
      responses,
      security: [{ apiKey: [] }, { bearerApiKey: [] }],
    };
  }
  return {
    openapi: '3.1.0',
    info: { title: 'Dakiya seller API', version: '1', description: DESCRIPTION },
    servers: [{ url: '/' }],
    components: {
      schemas: componentsUsedBy(paths, (full.components as { schemas: Record<string, unknown> }).schemas),
      ...REFUSAL_COMPONENTS,
      securitySchemes: {
        apiKey: { type: 'apiKey', in: 'header', name: 'X-Api-Key' },
        bearerApiKey: { type: 'http', scheme: 'bearer', bearerFormat: 'dk_live_ API key' },
      },
    },
    externalDocs: { description: 'Reference page', url: SELLER_API_DOCS.reference },
    paths,
  };
}
