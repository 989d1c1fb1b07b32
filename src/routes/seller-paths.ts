// The seller (core) module's paths. The route table needs them before the lazily loaded module
// arrives; the module maps each one to its screen (a missing one fails the type check).

export const SELLER_PATHS = [
  '/home',
  '/change_password',
  '/profile',
  '/settings',
  '/bank-accounts',
  '/orders_v2',
  '/setup',
  '/setup/pickup-addresses',
  '/setup/warehouses',
  '/setup/package-types',
  '/setup/products',
  '/setup/products/upload',
  '/setup/customers',
  '/setup/tracking-page',
  '/wallet',
  '/orders',
  '/orders/new',
  '/orders/upload',
  '/orders/:orderId',
  '/tools/rate-calculator',
  '/tools/courier-preferences',
  '/ndr',
  '/rto',
  '/disputes',
  '/weight-discrepancies',
  '/weight-discrepancies/:discrepancyId',
  '/returns',
  '/returns/requests',
  '/returns/upload',
  '/returns/settings',
  '/returns/:returnId',
  '/kyc',
] as const;

export type SellerPath = (typeof SELLER_PATHS)[number];
