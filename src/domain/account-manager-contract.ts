import * as v from 'valibot';
import { operation } from './operation';
import { numericId } from './params';
import { AccountManagerBody } from './schemas/staff';

// A seller's key account manager (Pro and Premium): who looks after them at Dakiya, as the seller
// sees it under Help and as staff set it on the seller's account page.

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

// The operations, served by server/modules/account-manager/routes.ts.

const TAG = 'account-manager';

export const API_ACCOUNT_MANAGER = {
  mine: operation({
    method: 'get',
    path: '/api/v1/account-manager',
    tag: TAG,
    summary:
      'Your key account manager (Pro and Premium): their name, email and phone once Dakiya has named one, and whether your plan includes one',
    response: SellerAccountManagerSchema,
  }),
  set: operation({
    method: 'put',
    path: '/api/v1/corporate/accounts/:accountId/account-manager',
    tag: TAG,
    params: v.object({ accountId: numericId('accountId') }),
    body: AccountManagerBody,
    summary:
      "Name a staff member who answers tickets as a Pro or Premium seller's key account manager (their new tickets go to them), or none with null",
    errors: {
      400: 'not a staff login, turned off, or a role that cannot answer tickets',
      404: 'no such seller account',
      409: "the seller's plan has no key account manager",
    },
    response: v.nullable(AccountManagerSchema),
  }),
};
