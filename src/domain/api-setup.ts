// Paths of the seller-setup area (issue "Seller setup"), beside src/domain/api.ts.

export const API_SETUP = {
  pincode: (pincode: string) => `/api/v1/pincodes/${pincode}`, // GET (public) → PincodeInfo
} as const;
