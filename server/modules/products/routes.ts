import type { ApiRouter } from '../../http/router';
import type { AppDeps } from '../../deps';
import { serveListExport } from '../../http/list-export';
import { API_PRODUCTS, type ProductRow } from '../../../src/domain/setup-contract';
import * as store from './service';

// The products' operations (API_PRODUCTS in src/domain/setup-contract.ts): who may call each, and its handler.

const SELLERS = { kind: 'user', accountTypes: ['SELLER'] } as const;

export const PRODUCT_EXPORT_COLUMNS: { header: string; value: (r: ProductRow) => string | number }[] = [
  { header: 'productName', value: (r) => r.productName },
  { header: 'sku', value: (r) => r.sku },
  { header: 'category', value: (r) => r.categoryName },
  { header: 'price', value: (r) => r.price.toFixed(2) },
  { header: 'inventoryManagementEnabled', value: (r) => (r.inventoryManagementEnabled ? 'yes' : 'no') },
  { header: 'availableInventory', value: (r) => r.availableInventory },
  { header: 'notifyThreshold', value: (r) => r.notifyThreshold },
  { header: 'weightKg', value: (r) => r.weightKg },
  { header: 'lengthCm', value: (r) => r.lengthCm },
  { header: 'breadthCm', value: (r) => r.breadthCm },
  { header: 'heightCm', value: (r) => r.heightCm },
  { header: 'hsnCode', value: (r) => r.hsnCode },
  { header: 'taxRatePercent', value: (r) => r.taxRatePercent },
  { header: 'enabled', value: (r) => (r.enabled ? 'yes' : 'no') },
];

export function registerProductRoutes(router: ApiRouter, deps: AppDeps) {
  // static paths first: /products/categories must not be read as /products/:productId
  router.route(API_PRODUCTS.categories, {
    access: SELLERS,
    permission: 'setup.view',
    handler: () => store.listCategories(deps.db),
  });
  router.route(API_PRODUCTS.products, {
    access: SELLERS,
    permission: 'setup.view',
    handler: async ({ caller, query }) => store.listProducts(await deps.readDb(), caller.orgId, query),
  });
  serveListExport(router, API_PRODUCTS.productsExport, {
    access: SELLERS,
    name: 'products',
    now: deps.now,
    columns: PRODUCT_EXPORT_COLUMNS,
    list: async (caller, q) => store.listProducts(await deps.readDb(), caller.orgId, q),
  });
  router.route(API_PRODUCTS.addProduct, {
    access: SELLERS,
    permission: 'setup.manage',
    handler: ({ caller, body }) => store.createProduct(deps, caller.orgId, body),
  });
  router.route(API_PRODUCTS.productStatus, {
    access: SELLERS,
    permission: 'setup.manage',
    handler: ({ caller, body }) => store.setProductEnabled(deps, caller.orgId, body.productId, body.activated),
  });
  router.route(API_PRODUCTS.product, {
    access: SELLERS,
    permission: 'setup.view',
    handler: ({ caller, params }) => store.getProduct(deps.db, caller.orgId, params.productId),
  });
  router.route(API_PRODUCTS.editProduct, {
    access: SELLERS,
    permission: 'setup.manage',
    handler: ({ caller, params, body }) => store.updateProduct(deps, caller.orgId, params.productId, body),
  });
  router.route(API_PRODUCTS.deleteProduct, {
    access: SELLERS,
    permission: 'setup.manage',
    handler: async ({ caller, params }) => {
      await store.deleteProduct(deps.db, caller.orgId, params.productId);
      return { deleted: true as const };
    },
  });
  router.route(API_PRODUCTS.mappings, {
    access: SELLERS,
    permission: 'setup.view',
    handler: ({ caller, params }) => store.listMappings(deps.db, caller.orgId, params.productId),
  });
  router.route(API_PRODUCTS.addMapping, {
    access: SELLERS,
    permission: 'setup.manage',
    handler: ({ caller, params, body }) => store.addMapping(deps.db, caller.orgId, params.productId, body),
  });
  router.route(API_PRODUCTS.deleteMapping, {
    access: SELLERS,
    permission: 'setup.manage',
    handler: async ({ caller, params }) => {
      await store.deleteMapping(deps.db, caller.orgId, params.productId, params.mappingId);
      return { deleted: true as const };
    },
  });
}
