// Paths of the seller-setup area, beside src/domain/account-contract.ts.

import { uploadPaths, type CsvUploadRow } from './uploads-contract';

export const API_SETUP = {
  pincode: (pincode: string) => `/api/v1/pincodes/${pincode}`, // GET (public) → PincodeInfo
  packageTypes: '/api/v1/package-types', // GET paged list; POST create
  packageType: (id: number | string) => `/api/v1/package-types/${id}`, // PUT edit; DELETE
  packageTypeStatus: '/api/v1/package-types/status', // PUT { packageTypeId, packageStatus }
  smartPackage: '/api/v1/account/smart-package', // PUT { activated }
  warehouses: '/api/v1/warehouses', // GET paged list; POST create
  warehouse: (id: number | string) => `/api/v1/warehouses/${id}`, // PUT edit; DELETE
  addresses: '/api/v1/addresses', // GET paged list; POST add
  address: (id: number | string) => `/api/v1/addresses/${id}`, // PUT edit
  addressPrimary: '/api/v1/addresses/primary', // PUT { addressId }
  addressDelete: '/api/v1/addresses/delete', // PUT { addressId } (soft delete)
  addressOtp: (id: number | string) => `/api/v1/addresses/${id}/otp`, // GET send code; PUT { code, phoneNumber }
} as const;

/** A pickup address as lists show it (spec section 3: as customers plus primaryAddressFlag). */
export interface PickupAddressRow {
  addressId: number;
  entityName: string;
  phoneNumber: string;
  email: string;
  address: string;
  addressLine1: string;
  addressLine2: string;
  pincode: string;
  city: string;
  state: string;
  channel: string;
  primaryAddressFlag: boolean;
  verified: boolean;
}

/** A warehouse as lists show it (spec section 3). */
export interface WarehouseRow {
  warehouseId: number;
  warehouseName: string;
  contactName: string;
  contactEmail: string;
  contactPhone: string;
  addressLine1: string;
  addressLine2: string;
  addressLine3: string;
  pincode: string;
  city: string;
  state: string;
}

/** A package type as lists show it (spec section 3), dimensions in cm, volWeight in kg. */
export interface PackageTypeRow {
  packageTypeId: number;
  packageName: string;
  packageType: string;
  packageLength: number;
  packageBreadth: number;
  packageHeight: number;
  volWeight: number;
  status: 'ACTIVE' | 'INACTIVE';
}

// Products, customers, bulk upload and list exports.
export const API_PRODUCTS = {
  products: '/api/v1/products', // GET paged list (sortBy productName|sku|price|availableInventory|createdAt); POST create ← ProductBody
  product: (id: number | string) => `/api/v1/products/${id}`, // GET one; PUT edit ← ProductBody; DELETE
  productStatus: '/api/v1/products/status', // PUT { productId, activated } (enable/disable)
  categories: '/api/v1/products/categories', // GET → ProductCategory[]
  mappings: (id: number | string) => `/api/v1/products/${id}/channel-mappings`, // GET → ChannelMapping[]; POST { channelProductId, storeId }
  mapping: (id: number | string, mappingId: number | string) => `/api/v1/products/${id}/channel-mappings/${mappingId}`, // DELETE
  ...uploadPaths('/api/v1/product-uploads'), // sample CSV, uploads, history, previous upload status, error CSV
  customers: '/api/v1/addresses/customers', // GET paged list (sortBy entityName|createdAt|lastOrderAt)
} as const;

/** Every list route answers its whole current list (search and sort kept, no paging) as CSV here. */
export const exportPath = (listPath: string) => `${listPath}/export`;

export interface ProductCategory {
  categoryId: number;
  categoryName: string;
}

/** A product as lists and forms show it (spec section 3 columns first). Money in rupees. */
export interface ProductRow {
  productId: number;
  productName: string;
  sku: string;
  inventoryManagementEnabled: boolean;
  availableInventory: number;
  notifyThreshold: number;
  price: number;
  enabled: boolean;
  categoryId: number | null;
  categoryName: string;
  /** dead weight of one unit, kg */
  weightKg: number;
  lengthCm: number;
  breadthCm: number;
  heightCm: number;
  hsnCode: string;
  /** GST rate, percent */
  taxRatePercent: number;
  /** true once availableInventory has fallen to notifyThreshold (inventory managed) */
  lowStock: boolean;
}

export interface ChannelMapping {
  mappingId: number;
  channelProductId: string;
  storeId: string;
}

/** One products CSV upload (the shared upload shape). */
export type ProductUploadRow = CsvUploadRow;

/** A buyer, created and updated from orders (spec section 3: entityName, phoneNumber, email, address, channel). */
export interface CustomerRow {
  customerId: number;
  entityName: string;
  phoneNumber: string;
  email: string;
  address: string;
  pincode: string;
  city: string;
  state: string;
  channel: string;
  ordersCount: number;
  lastOrderAt: string | null;
}

/** The pickup address a new order starts with: the only verified one, or else the verified primary; none when the seller must choose. */
export function defaultPickupAddress(
  addresses: readonly Pick<PickupAddressRow, 'addressId' | 'verified' | 'primaryAddressFlag'>[],
): number | null {
  const verified = addresses.filter((a) => a.verified);
  if (verified.length === 1) return verified[0].addressId;
  return verified.find((a) => a.primaryAddressFlag)?.addressId ?? null;
}
