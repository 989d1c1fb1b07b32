// Paths of the seller-setup area, beside src/domain/account-contract.ts.

import * as v from 'valibot';
import { uploadOperations, type CsvUploadRow } from './uploads-contract';
import { operation } from './operation';
import { listExportOf, pagedSchema, pagingEntries, sortEntries } from './paging';
import { numericId } from './params';
import { DeletedAnswerSchema } from './account-contract';
import {
  ADDRESS_SORT,
  AddressIdBody,
  CUSTOMER_SORT,
  customerIdField,
  RegisterCustomerBody,
  PACKAGE_SORT,
  PackageStatusBody,
  PackageTypeBody,
  PickupAddressBody,
  PickupOtpBody,
  PINCODE_PATTERN,
  SmartPackageBody,
  WAREHOUSE_SORT,
  WarehouseBody,
} from './schemas/setup';
import { ChannelMappingBody, PRODUCT_SORT, ProductBody, ProductStatusBody } from './schemas/product';

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

// The seller-setup operations (pincodes, pickup addresses, warehouses, package types): each
// declared once, served by server/modules/{pincodes,addresses,warehouses,package-types}/routes.ts.

const TAG = 'setup';
const addressSort = sortEntries(ADDRESS_SORT, 'entityName');
const warehouseSort = sortEntries(WAREHOUSE_SORT, 'warehouseName');
const packageSort = sortEntries(PACKAGE_SORT, 'packageName');
const AddressParam = v.object({ addressId: numericId('addressId') });
const WarehouseParam = v.object({ warehouseId: numericId('warehouseId') });
const PackageTypeParam = v.object({ packageTypeId: numericId('packageTypeId') });
const noAddress = 'no such pickup address of yours';
const noWarehouse = 'no such warehouse of yours';
const noPackage = 'no such package type of yours';

const addresses = operation({
  method: 'get',
  path: '/api/v1/addresses',
  tag: TAG,
  query: v.object({ ...pagingEntries, ...addressSort }),
  summary: 'Pickup addresses (primary first), paged, searchable by name, phone, email or city',
  response: pagedSchema(PickupAddressRowSchema),
});
const warehouses = operation({
  method: 'get',
  path: '/api/v1/warehouses',
  tag: TAG,
  query: v.object({ ...pagingEntries, ...warehouseSort }),
  summary: 'Warehouses, paged, searchable by name, contact, city or pincode',
  response: pagedSchema(WarehouseRowSchema),
});
const packageTypes = operation({
  method: 'get',
  path: '/api/v1/package-types',
  tag: TAG,
  query: v.object({ ...pagingEntries, ...packageSort }),
  summary: 'Package types with volumetric weight (L×B×H/5000 kg), paged, searchable by name',
  response: pagedSchema(PackageTypeRowSchema),
});
const addressOtpPath = '/api/v1/addresses/:addressId{[0-9]+}/otp';

export const API_SETUP = {
  pincode: operation({
    method: 'get',
    path: '/api/v1/pincodes/:pincode',
    tag: TAG,
    params: v.object({
      pincode: v.pipe(v.string(), v.regex(PINCODE_PATTERN, 'pincode must be 6 digits and not start with 0')),
    }),
    summary: 'City (district), state and post offices of an Indian pincode',
    errors: { 404: 'Unknown pincode' },
    response: PincodeInfoSchema,
  }),
  // pickup addresses
  addresses,
  addressesExport: listExportOf(addresses, 'pickup-addresses', addressSort),
  addAddress: operation({
    method: 'post',
    path: '/api/v1/addresses',
    tag: TAG,
    body: PickupAddressBody,
    summary: 'Add a pickup address; city and state from the pincode; the first one becomes primary',
    response: PickupAddressRowSchema,
  }),
  addressPrimary: operation({
    method: 'put',
    path: '/api/v1/addresses/primary',
    tag: TAG,
    body: AddressIdBody,
    summary: 'Make this the primary pickup address (exactly one per seller)',
    errors: { 404: noAddress },
    response: PickupAddressRowSchema,
  }),
  addressDelete: operation({
    method: 'put',
    path: '/api/v1/addresses/delete',
    tag: TAG,
    body: AddressIdBody,
    summary: 'Delete a pickup address (soft: orders that used it keep their copy)',
    errors: { 404: noAddress },
    response: DeletedAnswerSchema,
  }),
  editAddress: operation({
    method: 'put',
    path: '/api/v1/addresses/:addressId',
    tag: TAG,
    params: AddressParam,
    body: PickupAddressBody,
    summary: 'Edit a pickup address; a changed phone number must be verified again',
    errors: { 404: noAddress },
    response: PickupAddressRowSchema,
  }),
  sendAddressOtp: operation({
    method: 'get',
    path: addressOtpPath,
    tag: TAG,
    params: AddressParam,
    summary: "Send a verification code to the pickup address's phone (60-second resend lockout)",
    errors: { 404: noAddress, 429: 'inside the resend lockout' },
    response: AddressOtpSentSchema,
  }),
  verifyAddressOtp: operation({
    method: 'put',
    path: addressOtpPath,
    tag: TAG,
    params: AddressParam,
    body: PickupOtpBody,
    summary: "Verify the pickup address's phone with the code sent to it",
    errors: { 404: noAddress },
    response: PickupAddressRowSchema,
  }),
  // warehouses
  warehouses,
  warehousesExport: listExportOf(warehouses, 'warehouses', warehouseSort),
  addWarehouse: operation({
    method: 'post',
    path: '/api/v1/warehouses',
    tag: TAG,
    body: WarehouseBody,
    summary: 'Add a warehouse; city and state come from the pincode',
    errors: { 409: 'a warehouse with that name exists' },
    response: WarehouseRowSchema,
  }),
  editWarehouse: operation({
    method: 'put',
    path: '/api/v1/warehouses/:warehouseId',
    tag: TAG,
    params: WarehouseParam,
    body: WarehouseBody,
    summary: 'Edit a warehouse',
    errors: { 404: noWarehouse, 409: 'a warehouse with that name exists' },
    response: WarehouseRowSchema,
  }),
  deleteWarehouse: operation({
    method: 'delete',
    path: '/api/v1/warehouses/:warehouseId',
    tag: TAG,
    params: WarehouseParam,
    summary: 'Delete a warehouse',
    errors: { 404: noWarehouse },
    response: DeletedAnswerSchema,
  }),
  // package types
  packageTypes,
  packageTypesExport: listExportOf(packageTypes, 'package-types', packageSort),
  addPackageType: operation({
    method: 'post',
    path: '/api/v1/package-types',
    tag: TAG,
    body: PackageTypeBody,
    summary: 'Add a package type (type defaults to Box)',
    errors: { 409: 'a package with that name exists' },
    response: PackageTypeRowSchema,
  }),
  packageTypeStatus: operation({
    method: 'put',
    path: '/api/v1/package-types/status',
    tag: TAG,
    body: PackageStatusBody,
    summary: 'Enable or disable a package type',
    errors: { 404: noPackage },
    response: PackageTypeRowSchema,
  }),
  editPackageType: operation({
    method: 'put',
    path: '/api/v1/package-types/:packageTypeId',
    tag: TAG,
    params: PackageTypeParam,
    body: PackageTypeBody,
    summary: 'Edit a package type',
    errors: { 404: noPackage, 409: 'a package with that name exists' },
    response: PackageTypeRowSchema,
  }),
  deletePackageType: operation({
    method: 'delete',
    path: '/api/v1/package-types/:packageTypeId',
    tag: TAG,
    params: PackageTypeParam,
    summary: 'Delete a package type',
    errors: { 404: noPackage },
    response: DeletedAnswerSchema,
  }),
  smartPackage: operation({
    method: 'put',
    path: '/api/v1/account/smart-package',
    tag: TAG,
    body: SmartPackageBody,
    summary: 'Turn smart package selection on or off for the organisation',
    response: SmartPackageAnswerSchema,
  }),
};

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

// Products, customers, bulk upload and list exports.

const PRODUCTS_TAG = 'products';
const ProductId = v.object({ productId: numericId('productId') });
const productSort = sortEntries(PRODUCT_SORT, 'productName');
const products = operation({
  method: 'get',
  path: '/api/v1/products',
  tag: PRODUCTS_TAG,
  query: v.object({ ...pagingEntries, ...productSort }),
  summary: 'Products, paged, searchable by name, SKU or HSN code',
  response: pagedSchema(ProductRowSchema),
});

const customerSort = sortEntries(CUSTOMER_SORT, 'entityName');
const customers = operation({
  method: 'get',
  path: '/api/v1/addresses/customers',
  tag: TAG,
  query: v.object({ ...pagingEntries, ...customerSort }),
  summary: 'Customers (buyers from orders), paged, searchable by name, phone, email, city or pincode',
  response: pagedSchema(CustomerRowSchema),
});

export const API_PRODUCTS = {
  // static paths first: /products/categories must not be read as /products/:productId
  categories: operation({
    method: 'get',
    path: '/api/v1/products/categories',
    tag: PRODUCTS_TAG,
    summary: 'Product categories to choose from',
    response: v.array(ProductCategorySchema),
  }),
  products,
  productsExport: listExportOf(products, 'products', productSort),
  addProduct: operation({
    method: 'post',
    path: '/api/v1/products',
    tag: PRODUCTS_TAG,
    body: ProductBody,
    summary: 'Add a product',
    errors: { 409: 'a product with that SKU exists' },
    response: ProductRowSchema,
  }),
  productStatus: operation({
    method: 'put',
    path: '/api/v1/products/status',
    tag: PRODUCTS_TAG,
    body: ProductStatusBody,
    summary: 'Enable or disable a product',
    errors: { 404: 'no such product of yours' },
    response: ProductRowSchema,
  }),
  product: operation({
    method: 'get',
    path: '/api/v1/products/:productId',
    tag: PRODUCTS_TAG,
    params: ProductId,
    summary: 'One product',
    errors: { 404: 'no such product of yours' },
    response: ProductRowSchema,
  }),
  editProduct: operation({
    method: 'put',
    path: '/api/v1/products/:productId',
    tag: PRODUCTS_TAG,
    params: ProductId,
    body: ProductBody,
    summary: 'Edit a product; a stock alert goes out when inventory is at or below the threshold',
    errors: { 404: 'no such product of yours', 409: 'a product with that SKU exists' },
    response: ProductRowSchema,
  }),
  deleteProduct: operation({
    method: 'delete',
    path: '/api/v1/products/:productId',
    tag: PRODUCTS_TAG,
    params: ProductId,
    summary: 'Delete a product (orders keep their own copy of its details)',
    errors: { 404: 'no such product of yours' },
    response: DeletedAnswerSchema,
  }),
  mappings: operation({
    method: 'get',
    path: '/api/v1/products/:productId/channel-mappings',
    tag: PRODUCTS_TAG,
    params: ProductId,
    summary: "A product's sales-channel listings",
    errors: { 404: 'no such product of yours' },
    response: v.array(ChannelMappingSchema),
  }),
  addMapping: operation({
    method: 'post',
    path: '/api/v1/products/:productId/channel-mappings',
    tag: PRODUCTS_TAG,
    params: ProductId,
    body: ChannelMappingBody,
    summary: 'Map a sales-channel listing (channelProductId in storeId) to the product',
    errors: { 404: 'no such product of yours', 409: 'that listing is already mapped' },
    response: ChannelMappingSchema,
  }),
  deleteMapping: operation({
    method: 'delete',
    path: '/api/v1/products/:productId/channel-mappings/:mappingId',
    tag: PRODUCTS_TAG,
    params: v.object({ productId: numericId('productId'), mappingId: numericId('mappingId') }),
    summary: 'Remove a channel mapping',
    errors: { 404: 'no such mapping of yours' },
    response: DeletedAnswerSchema,
  }),
  // products from CSV (the uploads area's routes): sample CSV, upload, history, previous upload, one upload, error CSV
  uploads: uploadOperations('/api/v1/product-uploads', PRODUCTS_TAG, { rowNoun: 'product rows', fileStem: 'products' }),
  // the seller's customer book
  customers,
  customersExport: listExportOf(customers, 'customers', customerSort),
  customer: operation({
    method: 'get',
    // "export" beside it is the list's CSV, never a customer id
    path: '/api/v1/addresses/customers/:customerId{(?!export$)[A-Za-z0-9_.-]+}',
    tag: TAG,
    params: v.object({ customerId: customerIdField }),
    summary: "One customer of the seller's book (an id that does not parse, or is not yours: 'invalid Customer id')",
    errors: { 400: 'invalid Customer id', 404: 'invalid Customer id' },
    response: CustomerRowSchema,
  }),
  registerCustomer: operation({
    method: 'post',
    path: '/api/v1/owner/register/customer',
    tag: TAG,
    body: RegisterCustomerBody,
    summary:
      "Register a customer in the seller's book by hand: name (letters and spaces, 5-20), phone, email, address; city and state from the pincode",
    errors: { 409: 'a customer with this phone number is already in the book' },
    response: CustomerRowSchema,
  }),
} as const;

/** The pickup address a new order starts with: the only verified one, or else the verified primary; none when the seller must choose. */
export function defaultPickupAddress(
  addresses: readonly Pick<PickupAddressRow, 'addressId' | 'verified' | 'primaryAddressFlag'>[],
): number | null {
  const verified = addresses.filter((a) => a.verified);
  if (verified.length === 1) return verified[0].addressId;
  return verified.find((a) => a.primaryAddressFlag)?.addressId ?? null;
}
