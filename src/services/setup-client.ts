import { API_PRODUCTS, type ChannelMapping, type ProductCategory, type ProductRow } from '../domain/setup-contract';
import type { ProductInput } from '../domain/schemas/product';
import { dataOf } from './answer';
import type { Http } from './types';

// The Setup area's calls: one function per route (src/domain/setup-contract.ts).

// products
export const fetchCategories = (http: Http): Promise<ProductCategory[]> => dataOf(http.get(API_PRODUCTS.categories));
export const addProduct = (http: Http, body: ProductInput): Promise<ProductRow> =>
  dataOf(http.post(API_PRODUCTS.products, body));
export const editProduct = (http: Http, id: number, body: ProductInput): Promise<ProductRow> =>
  dataOf(http.put(API_PRODUCTS.product(id), body));
export const setProductEnabled = (http: Http, productId: number, activated: boolean): Promise<ProductRow> =>
  dataOf(http.put(API_PRODUCTS.productStatus, { productId, activated }));
export const deleteProduct = (http: Http, id: number): Promise<unknown> =>
  dataOf(http.delete(API_PRODUCTS.product(id)));
export const fetchMappings = (http: Http, productId: number): Promise<ChannelMapping[]> =>
  dataOf(http.get(API_PRODUCTS.mappings(productId)));
export const addMapping = (
  http: Http,
  productId: number,
  body: { channelProductId: string; storeId: string },
): Promise<ChannelMapping> => dataOf(http.post(API_PRODUCTS.mappings(productId), body));
export const deleteMapping = (http: Http, productId: number, mappingId: number): Promise<unknown> =>
  dataOf(http.delete(API_PRODUCTS.mapping(productId, mappingId)));
