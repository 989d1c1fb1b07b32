import type { Paged } from '../domain/account-contract';
import {
  API_PRODUCTS,
  API_SETUP,
  exportPath,
  type ChannelMapping,
  type PackageTypeRow,
  type PickupAddressRow,
  type ProductCategory,
  type ProductRow,
  type WarehouseRow,
} from '../domain/setup-contract';
import type { ListQuery } from '../machines/list-query.machine';
import type { ProductInput } from '../domain/schemas/product';
import type { PackageTypeInput, PickupAddressInput, WarehouseInput } from '../domain/schemas/setup';
import { dataOf } from './answer';
import type { Http } from './types';

// The Setup area's calls: one function per route (src/domain/setup-contract.ts).

export interface PincodeInfo {
  pincode: string;
  city: string;
  state: string;
}

type Filters = Record<string, string | undefined>;
const listParams = (q: ListQuery, filters: Filters = {}) => ({
  ...filters,
  ...q,
  searchPattern: q.searchPattern || undefined,
});
const exportParams = (q: ListQuery, filters: Filters = {}) => ({
  ...filters,
  searchPattern: q.searchPattern || undefined,
  sortBy: q.sortBy,
  sortOrder: q.sortOrder,
});

export const fetchList = <T>(http: Http, path: string, q: ListQuery, filters?: Filters): Promise<Paged<T>> =>
  dataOf(http.get(path, listParams(q, filters)));
export const downloadList = (http: Http, path: string, q: ListQuery, filters?: Filters): Promise<Blob> =>
  http.download(exportPath(path), exportParams(q, filters));

export const lookupPincode = (http: Http, pincode: string): Promise<PincodeInfo> =>
  dataOf(http.get(API_SETUP.pincode(pincode)));

// pickup addresses
export const addAddress = (http: Http, body: PickupAddressInput): Promise<PickupAddressRow> =>
  dataOf(http.post(API_SETUP.addresses, body));
export const editAddress = (http: Http, id: number, body: PickupAddressInput): Promise<PickupAddressRow> =>
  dataOf(http.put(API_SETUP.address(id), body));
export const markPrimary = (http: Http, addressId: number): Promise<PickupAddressRow> =>
  dataOf(http.put(API_SETUP.addressPrimary, { addressId }));
export const deleteAddress = (http: Http, addressId: number): Promise<unknown> =>
  dataOf(http.put(API_SETUP.addressDelete, { addressId }));
export const sendAddressOtp = async (http: Http, addressId: number): Promise<string> =>
  (await dataOf<{ message: string }>(http.get(API_SETUP.addressOtp(addressId)))).message;
export const verifyAddressOtp = (
  http: Http,
  addressId: number,
  code: string,
  phoneNumber: string,
): Promise<PickupAddressRow> => dataOf(http.put(API_SETUP.addressOtp(addressId), { code, phoneNumber }));

// warehouses
export const addWarehouse = (http: Http, body: WarehouseInput): Promise<WarehouseRow> =>
  dataOf(http.post(API_SETUP.warehouses, body));
export const editWarehouse = (http: Http, id: number, body: WarehouseInput): Promise<WarehouseRow> =>
  dataOf(http.put(API_SETUP.warehouse(id), body));
export const deleteWarehouse = (http: Http, id: number): Promise<unknown> =>
  dataOf(http.delete(API_SETUP.warehouse(id)));

// package types
export const addPackageType = (http: Http, body: PackageTypeInput): Promise<PackageTypeRow> =>
  dataOf(http.post(API_SETUP.packageTypes, body));
export const editPackageType = (http: Http, id: number, body: PackageTypeInput): Promise<PackageTypeRow> =>
  dataOf(http.put(API_SETUP.packageType(id), body));
export const setPackageStatus = (
  http: Http,
  packageTypeId: number,
  packageStatus: 'ACTIVE' | 'INACTIVE',
): Promise<PackageTypeRow> => dataOf(http.put(API_SETUP.packageTypeStatus, { packageTypeId, packageStatus }));
export const deletePackageType = (http: Http, id: number): Promise<unknown> =>
  dataOf(http.delete(API_SETUP.packageType(id)));
export const setSmartPackage = (http: Http, activated: boolean): Promise<{ smartPackageSelectionEnabled: boolean }> =>
  dataOf(http.put(API_SETUP.smartPackage, { activated }));

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
