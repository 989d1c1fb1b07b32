import { describe, expect, it } from 'vitest';
import { operationIdFor } from '../../server/http/operation-id';
import { openApiDocument } from '../../scripts/openapi-document';

// The OpenAPI document gives generated clients a method name for every operation, and no two
// paths a router could confuse (Redocly's lint checks the whole document in npm test).

describe('the OpenAPI document', () => {
  it('derives operation ids from method and path: verb, then the words of the path', () => {
    expect(operationIdFor('get', '/api/v1/orders')).toBe('getOrders');
    expect(operationIdFor('get', '/api/v1/orders/:orderId')).toBe('getOrdersByOrderId');
    expect(operationIdFor('post', '/api/v1/orders/:orderId/ship')).toBe('postOrdersShip');
    expect(operationIdFor('delete', '/api/v1/products/:productId/channel-mappings/:mappingId')).toBe(
      'deleteProductsChannelMappingsByMappingId',
    );
    expect(operationIdFor('get', '/api/v1/auth/generateOtp/:email')).toBe('getAuthGenerateOtpByEmail');
    expect(operationIdFor('get', '/api/v1/policies/:file{[a-z_]+\\.pdf}')).toBe('getPoliciesByFile');
    expect(operationIdFor('get', '/api/v1/order-uploads/sample.csv')).toBe('getOrderUploadsSampleCsv');
  });

  it('gives every operation its own camelCase operationId', () => {
    const paths = openApiDocument().paths as Record<string, Record<string, { operationId?: string }>>;
    const ids = Object.values(paths).flatMap((ops) => Object.values(ops).map((op) => op.operationId));
    expect(ids.length).toBeGreaterThan(100);
    expect(ids.filter((id) => !id || !/^(get|post|put|patch|delete)[A-Z][A-Za-z0-9]*$/.test(id))).toEqual([]);
    expect(new Set(ids).size).toBe(ids.length);
  });

  // The buyer's event stream (/rest/v1/tracking/{trackingRef}/events, src/domain/live-events-contract.ts)
  // sits beside /tracking/return/… and /tracking/short/…: its route's pattern refuses the words
  // "return" and "short" as a tracking number, so no request can match both.
  // A pickup address's OTP route takes digits only as its id, so "customers" is never an address.
  const UNAMBIGUOUS = new Set([
    '/rest/v1/tracking/return/{trackingRef} ~ /rest/v1/tracking/{trackingRef}/events',
    '/rest/v1/tracking/short/{code} ~ /rest/v1/tracking/{trackingRef}/events',
    '/api/v1/addresses/customers/{customerId} ~ /api/v1/addresses/{addressId}/otp',
  ]);

  it('has no two paths that differ only where one has a parameter', () => {
    const templates = Object.keys(openApiDocument().paths as object).map((p) => p.split('/'));
    const ambiguous = templates.flatMap((a, i) =>
      templates
        .slice(i + 1)
        .filter(
          (b) =>
            a.length === b.length &&
            a.filter((s) => s.startsWith('{')).length === b.filter((s) => s.startsWith('{')).length,
        )
        .filter((b) => a.every((s, k) => s === b[k] || s.startsWith('{') || b[k].startsWith('{')))
        .map((b) => `${a.join('/')} ~ ${b.join('/')}`),
    );
    expect(ambiguous.filter((pair) => !UNAMBIGUOUS.has(pair))).toEqual([]);
  });
});
