import * as v from 'valibot';
import type { ApiRouter } from '../../http/router';
import type { AppDeps } from '../../deps';
import { numericId } from '../../../src/domain/params';
import { pagingEntries, sortEntries } from '../../../src/domain/paging';
import { registerListExport } from '../../http/list-export';
import {
  API_PRODUCTS,
  type ProductRow,
  ChannelMappingSchema,
  ProductCategorySchema,
  ProductRowSchema,
} from '../../../src/domain/setup-contract';
import { ChannelMappingBody, ProductBody, ProductStatusBody } from '../../../src/domain/schemas/product';
import * as store from './service';
import { DeletedAnswerSchema } from '../../../src/domain/account-contract';
import { pagedSchema } from '../../../src/domain/paging';

const TAG = 'products';
const SELLERS = { kind: 'user', accountTypes: ['SELLER'] } as const;
const byId = v.object({ productId: numericId('productId') });
const sort = sortEntries(store.PRODUCT_SORT, 'productName');

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
  router.add({
    method: 'get',
    path: API_PRODUCTS.categories,
    tag: TAG,
    access: SELLERS,
    permission: 'setup.view',
    summary: 'Product categories to choose from',
    response: v.array(ProductCategorySchema),
    handler: () => store.listCategories(deps.db),
  });
  router.add({
    method: 'get',
    path: API_PRODUCTS.products,
    tag: TAG,
    access: SELLERS,
    permission: 'setup.view',
    query: v.object({ ...pagingEntries, ...sort }),
    summary: 'Products, paged, searchable by name, SKU or HSN code',
    response: pagedSchema(ProductRowSchema),
    handler: async ({ caller, query }) => store.listProducts(await deps.readDb(), caller.orgId, query),
  });
  registerListExport(router, {
    listPath: API_PRODUCTS.products,
    tag: TAG,
    access: SELLERS,
    filters: sort,
    name: 'products',
    now: deps.now,
    columns: PRODUCT_EXPORT_COLUMNS,
    list: async (caller, q) => store.listProducts(await deps.readDb(), caller.orgId, q),
  });
  router.add({
    method: 'post',
    path: API_PRODUCTS.products,
    tag: TAG,
    access: SELLERS,
    permission: 'setup.manage',
    body: ProductBody,
    summary: 'Add a product',
    errors: { 409: 'a product with that SKU exists' },
    response: ProductRowSchema,
    handler: ({ caller, body }) => store.createProduct(deps, caller.orgId, body),
  });
  router.add({
    method: 'put',
    path: API_PRODUCTS.productStatus,
    tag: TAG,
    access: SELLERS,
    permission: 'setup.manage',
    body: ProductStatusBody,
    summary: 'Enable or disable a product',
    errors: { 404: 'no such product of yours' },
    response: ProductRowSchema,
    handler: ({ caller, body }) => store.setProductEnabled(deps, caller.orgId, body.productId, body.activated),
  });
  router.add({
    method: 'get',
    path: API_PRODUCTS.product(':productId'),
    tag: TAG,
    access: SELLERS,
    permission: 'setup.view',
    params: byId,
    summary: 'One product',
    errors: { 404: 'no such product of yours' },
    response: ProductRowSchema,
    handler: ({ caller, params }) => store.getProduct(deps.db, caller.orgId, params.productId),
  });
  router.add({
    method: 'put',
    path: API_PRODUCTS.product(':productId'),
    tag: TAG,
    access: SELLERS,
    permission: 'setup.manage',
    params: byId,
    body: ProductBody,
    summary: 'Edit a product; a stock alert goes out when inventory is at or below the threshold',
    errors: { 404: 'no such product of yours', 409: 'a product with that SKU exists' },
    response: ProductRowSchema,
    handler: ({ caller, params, body }) => store.updateProduct(deps, caller.orgId, params.productId, body),
  });
  router.add({
    method: 'delete',
    path: API_PRODUCTS.product(':productId'),
    tag: TAG,
    access: SELLERS,
    permission: 'setup.manage',
    params: byId,
    summary: 'Delete a product (orders keep their own copy of its details)',
    errors: { 404: 'no such product of yours' },
    response: DeletedAnswerSchema,
    handler: async ({ caller, params }) => {
      await store.deleteProduct(deps.db, caller.orgId, params.productId);
      return { deleted: true as const };
    },
  });
  router.add({
    method: 'get',
    path: API_PRODUCTS.mappings(':productId'),
    tag: TAG,
    access: SELLERS,
    permission: 'setup.view',
    params: byId,
    summary: "A product's sales-channel listings",
    errors: { 404: 'no such product of yours' },
    response: v.array(ChannelMappingSchema),
    handler: ({ caller, params }) => store.listMappings(deps.db, caller.orgId, params.productId),
  });
  router.add({
    method: 'post',
    path: API_PRODUCTS.mappings(':productId'),
    tag: TAG,
    access: SELLERS,
    permission: 'setup.manage',
    params: byId,
    body: ChannelMappingBody,
    summary: 'Map a sales-channel listing (channelProductId in storeId) to the product',
    errors: { 404: 'no such product of yours', 409: 'that listing is already mapped' },
    response: ChannelMappingSchema,
    handler: ({ caller, params, body }) => store.addMapping(deps.db, caller.orgId, params.productId, body),
  });
  router.add({
    method: 'delete',
    path: API_PRODUCTS.mapping(':productId', ':mappingId'),
    tag: TAG,
    access: SELLERS,
    permission: 'setup.manage',
    params: v.object({ productId: numericId('productId'), mappingId: numericId('mappingId') }),
    summary: 'Remove a channel mapping',
    errors: { 404: 'no such mapping of yours' },
    response: DeletedAnswerSchema,
    handler: async ({ caller, params }) => {
      await store.deleteMapping(deps.db, caller.orgId, params.productId, params.mappingId);
      return { deleted: true as const };
    },
  });
}
