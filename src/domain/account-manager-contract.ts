import * as v from 'valibot';

// A seller's key account manager (Pro and Premium): who looks after them at Dakiya, as the seller
// sees it under Help and as staff set it on the seller's account page.

export const API_ACCOUNT_MANAGER = {
  mine: '/api/v1/account-manager', // GET → SellerAccountManager
  set: (accountId: number | string) => `/api/v1/corporate/accounts/${accountId}/account-manager`, // PUT { managerId | null, reason } → AccountManager | null
} as const;

export const AccountManagerSchema = v.object({
  managerId: v.number(),
  name: v.string(),
  email: v.string(),
  /** ten digits; shown as +91 */
  phone: v.string(),
  assignedAt: v.string(),
});
export type AccountManager = v.InferOutput<typeof AccountManagerSchema>;

export const SellerAccountManagerSchema = v.object({
  /** whether the seller's plan includes a key account manager */
  included: v.boolean(),
  /** the person, once staff have named one (null on plans without one) */
  manager: v.nullable(AccountManagerSchema),
});
export type SellerAccountManager = v.InferOutput<typeof SellerAccountManagerSchema>;
