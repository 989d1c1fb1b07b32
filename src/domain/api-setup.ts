// Paths of the seller-setup area (issue "Seller setup"), beside src/domain/api.ts.

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
