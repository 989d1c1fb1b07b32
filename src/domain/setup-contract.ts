// Paths of the seller-setup area, beside src/domain/account-contract.ts.

import * as v from 'valibot';
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

/** An Indian pincode's city (district), state and post offices. */
export const PincodeInfoSchema = v.object({
  pincode: v.string(),
  city: v.string(),
  state: v.string(),
  stateCode: v.string(),
  gstStateCode: v.string(),
  places: v.array(v.string()),
});
export type PincodeInfo = v.InferOutput<typeof PincodeInfoSchema>;

/** A verification code sent to a pickup address's phone (the number masked). */
export const AddressOtpSentSchema = v.object({ message: v.string(), phoneNumber: v.string() });

/** Whether new orders pick their package type by themselves. */
export const SmartPackageAnswerSchema = v.object({ smartPackageSelectionEnabled: v.boolean() });

/** A pickup address as lists show it (spec section 3: as customers plus primaryAddressFlag). */
export const PickupAddressRowSchema = v.object({
  addressId: v.number(),
  entityName: v.string(),
  phoneNumber: v.string(),
  email: v.string(),
  address: v.string(),
  addressLine1: v.string(),
  addressLine2: v.string(),
  pincode: v.string(),
  city: v.string(),
  state: v.string(),
  channel: v.string(),
  primaryAddressFlag: v.boolean(),
  verified: v.boolean(),
});
export type PickupAddressRow = v.InferOutput<typeof PickupAddressRowSchema>;

/** A warehouse as lists show it (spec section 3). */
export const WarehouseRowSchema = v.object({
  warehouseId: v.number(),
  warehouseName: v.string(),
  contactName: v.string(),
  contactEmail: v.string(),
  contactPhone: v.string(),
  addressLine1: v.string(),
  addressLine2: v.string(),
  addressLine3: v.string(),
  pincode: v.string(),
  city: v.string(),
  state: v.string(),
});
export type WarehouseRow = v.InferOutput<typeof WarehouseRowSchema>;

/** A package type as lists show it (spec section 3), dimensions in cm, volWeight in kg. */
export const PackageTypeRowSchema = v.object({
  packageTypeId: v.number(),
  packageName: v.string(),
  packageType: v.string(),
  packageLength: v.number(),
  packageBreadth: v.number(),
  packageHeight: v.number(),
  volWeight: v.number(),
  status: v.picklist(['ACTIVE', 'INACTIVE']),
});
export type PackageTypeRow = v.InferOutput<typeof PackageTypeRowSchema>;

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
  customer: (customerId: number | string) => `/api/v1/addresses/customers/${customerId}`, // GET → CustomerRow
  registerCustomer: '/api/v1/owner/register/customer', // POST RegisterCustomerBody → CustomerRow (the owner adds a buyer by hand)
} as const;

/** Every list route answers its whole current list (search and sort kept, no paging) as CSV here. */
export const exportPath = (listPath: string) => `${listPath}/export`;

export const ProductCategorySchema = v.object({
  categoryId: v.number(),
  categoryName: v.string(),
});
export type ProductCategory = v.InferOutput<typeof ProductCategorySchema>;

/** A product as lists and forms show it (spec section 3 columns first). Money in rupees. */
export const ProductRowSchema = v.object({
  productId: v.number(),
  productName: v.string(),
  sku: v.string(),
  inventoryManagementEnabled: v.boolean(),
  availableInventory: v.number(),
  notifyThreshold: v.number(),
  price: v.number(),
  enabled: v.boolean(),
  categoryId: v.nullable(v.number()),
  categoryName: v.string(),
  /** dead weight of one unit, kg */
  weightKg: v.number(),
  lengthCm: v.number(),
  breadthCm: v.number(),
  heightCm: v.number(),
  hsnCode: v.string(),
  /** GST rate, percent */
  taxRatePercent: v.number(),
  /** true once availableInventory has fallen to notifyThreshold (inventory managed) */
  lowStock: v.boolean(),
});
export type ProductRow = v.InferOutput<typeof ProductRowSchema>;

export const ChannelMappingSchema = v.object({
  mappingId: v.number(),
  channelProductId: v.string(),
  storeId: v.string(),
});
export type ChannelMapping = v.InferOutput<typeof ChannelMappingSchema>;

/** One products CSV upload (the shared upload shape). */
export type ProductUploadRow = CsvUploadRow;

/** A buyer, created and updated from orders (spec section 3: entityName, phoneNumber, email, address, channel). */
export const CustomerRowSchema = v.object({
  customerId: v.number(),
  entityName: v.string(),
  phoneNumber: v.string(),
  email: v.string(),
  address: v.string(),
  pincode: v.string(),
  city: v.string(),
  state: v.string(),
  channel: v.string(),
  ordersCount: v.number(),
  lastOrderAt: v.nullable(v.string()),
});
export type CustomerRow = v.InferOutput<typeof CustomerRowSchema>;

/** The pickup address a new order starts with: the only verified one, or else the verified primary; none when the seller must choose. */
export function defaultPickupAddress(
  addresses: readonly Pick<PickupAddressRow, 'addressId' | 'verified' | 'primaryAddressFlag'>[],
): number | null {
  const verified = addresses.filter((a) => a.verified);
  if (verified.length === 1) return verified[0].addressId;
  return verified.find((a) => a.primaryAddressFlag)?.addressId ?? null;
}
