// Team and plans: users, roles, permissions, subscriptions, downgrade requests, sub-sellers
// (spec sections 6 and 7). Paths and answer shapes; request schemas are in schemas/team.ts.

import * as v from 'valibot';
import { pagedSchema } from './account-contract';
import { WalletEntryRowSchema } from './wallet-contract';
import { SpendableWalletSchema } from './spendable-wallet';

export const API_TEAM = {
  users: '/api/v1/owner/users', // GET: the organisation's logins
  invite: '/api/v1/owner/register/user', // POST InviteUserBody: a login and an email to set its password
  editUser: (accountId: number | string) => `/api/v1/editUser/${accountId}`, // PUT EditUserBody
  userStatus: (accountId: number | string) => `/api/v1/owner/users/${accountId}/status`, // PUT { activated }
  deactivateUser: (accountId: number | string) => `/api/v1/owner/users/${accountId}`, // DELETE: deactivate
  roles: '/api/v1/userRoles', // GET built-in and own roles; POST RoleBody
  role: (roleId: number | string) => `/api/v1/userRoles/${roleId}`, // PUT RoleBody; DELETE
  permissions: '/api/v1/permissions', // GET: every area and action
  invitation: (token: string) => `/api/v1/invitations/${encodeURIComponent(token)}`, // GET (public)
  acceptInvitation: '/api/v1/invitations/accept', // POST (public) AcceptInvitationBody
  // plans
  plan: '/api/v1/owner/plan', // GET: the plan in force, its limits and what is used
  upgrade: '/api/v1/upgrade', // PUT { plan, billingFrequency, requestKey }
  upgrades: '/api/v1/owner/plan/upgrades', // GET: the plans above the caller's (refused on Premium)
  subscriptions: '/api/v1/owner/subscriptions', // GET history
  downgrades: '/api/v1/owner/downgrades', // GET; POST { plan }
  downgrade: (id: number | string) => `/api/v1/owner/downgrades/${id}`, // DELETE: cancel while pending
  invoices: '/api/v1/owner/invoices', // GET
  invoicePdf: (subscriptionId: number | string) => `/api/v1/owner/invoices/${subscriptionId}/invoice.pdf`,
  // sub-sellers
  sellers: '/api/v1/owner/sellers', // GET sub-accounts ?searchPattern&pn&ppc
  newSeller: '/api/v1/owner/register/seller', // POST NewSubSellerBody
  switchSeller: (orgId: number | string) => `/api/v1/owner/sellers/${orgId}/switch`, // POST → { accessToken }
  consolidatedOrders: '/api/v1/owner/sellers/orders', // GET ?sellerOrgId&pageNumber&recordsPerPage
  consolidatedWallets: '/api/v1/owner/sellers/wallets', // GET
  consolidatedWalletHistory: '/api/v1/owner/sellers/wallet-history', // GET ?sellerOrgId&pageNumber&recordsPerPage
  consolidatedShipments: '/api/v1/owner/sellers/shipments', // GET ?sellerOrgId&pageNumber&recordsPerPage
} as const;

export const TeamUserSchema = v.object({
  accountId: v.number(),
  firstName: v.string(),
  lastName: v.string(),
  /** the account form's username; null for a login made before usernames (the owner's own) */
  username: v.nullable(v.string()),
  email: v.string(),
  phone: v.string(),
  role: v.string(),
  /** the built-in role's label or the owner's role's name */
  roleName: v.string(),
  teamRoleId: v.nullable(v.number()),
  /** ACTIVE, INVITED (has not set a password yet) or DEACTIVATED */
  status: v.picklist(['ACTIVE', 'INVITED', 'DEACTIVATED']),
  lastLoginAt: v.nullable(v.string()),
  createdAt: v.string(),
});
export type TeamUser = v.InferOutput<typeof TeamUserSchema>;

export const TeamUsersSchema = v.object({
  items: v.array(TeamUserSchema),
  /** live logins (the owner included) and what the plan allows */
  loginsUsed: v.number(),
  loginsAllowed: v.number(),
});
export type TeamUsers = v.InferOutput<typeof TeamUsersSchema>;

export const TeamRoleSchema = v.object({
  /** a built-in role's code (SELLER, USER), or the id of a role the owner made */
  roleId: v.union([v.string(), v.number()]),
  name: v.string(),
  builtIn: v.boolean(),
  permissions: v.array(v.string()),
  users: v.number(),
});
export type TeamRole = v.InferOutput<typeof TeamRoleSchema>;

export const PermissionAreaSchema = v.object({
  area: v.string(),
  label: v.string(),
  actions: v.array(v.object({ code: v.string(), label: v.string() })),
});

export const InvitationSchema = v.object({ email: v.string(), firstName: v.string(), companyName: v.string() });
export type Invitation = v.InferOutput<typeof InvitationSchema>;

export const PlanStateSchema = v.object({
  subscriptionType: v.string(),
  subscriptionBillingFrequency: v.nullable(v.string()),
  subscriptionExpiryDate: v.nullable(v.string()),
  hasPendingDowngradeRequest: v.boolean(),
  previousPaidSubscriptionsBool: v.boolean(),
  loginsUsed: v.number(),
  loginsAllowed: v.number(),
  walletBalancePaise: v.number(),
  /** what the wallet can spend now, and what is held and for what */
  wallet: SpendableWalletSchema,
  /**
   * The price of each paid plan in paise, GST included, per billing frequency, and the card or
   * UPI payment that lets the upgrade go through now (0 when the wallet can pay it).
   */
  prices: v.array(
    v.object({
      plan: v.string(),
      billingFrequency: v.string(),
      basePaise: v.number(),
      totalPaise: v.number(),
      topUpPaise: v.number(),
    }),
  ),
});
export type PlanState = v.InferOutput<typeof PlanStateSchema>;

export const SubscriptionRowSchema = v.object({
  subscriptionId: v.number(),
  plan: v.string(),
  billingFrequency: v.string(),
  kind: v.string(),
  status: v.string(),
  periodStart: v.string(),
  periodEnd: v.string(),
  amountPaise: v.number(),
  invoiceNumber: v.string(),
  createdAt: v.string(),
});
export type SubscriptionRow = v.InferOutput<typeof SubscriptionRowSchema>;

export const UpgradeAnswerSchema = v.object({
  subscription: SubscriptionRowSchema,
  /** the wallet after the charge */
  walletBalancePaise: v.number(),
});
export type UpgradeAnswer = v.InferOutput<typeof UpgradeAnswerSchema>;

export const DowngradeRowSchema = v.object({
  downgradeId: v.number(),
  fromPlan: v.string(),
  toPlan: v.string(),
  effectiveAt: v.string(),
  status: v.string(),
  createdAt: v.string(),
});
export type DowngradeRow = v.InferOutput<typeof DowngradeRowSchema>;

export const SubSellerSchema = v.object({
  orgId: v.number(),
  parentAccountId: v.number(),
  companyName: v.string(),
  ownerEmail: v.string(),
  ownerName: v.string(),
  createdAt: v.string(),
});
export type SubSeller = v.InferOutput<typeof SubSellerSchema>;

/** One row of the parent's consolidated orders (its own and its sub-sellers'). */
export const ConsolidatedOrderSchema = v.object({
  orderId: v.number(),
  orgId: v.number(),
  companyName: v.string(),
  orderNumber: v.string(),
  status: v.string(),
  awb: v.nullable(v.string()),
  totalPaise: v.number(),
  createdAt: v.string(),
});
export type ConsolidatedOrder = v.InferOutput<typeof ConsolidatedOrderSchema>;

export const ConsolidatedOrdersSchema = pagedSchema(ConsolidatedOrderSchema);

/** One wallet line of the parent's consolidated wallet history, with the balance of that seller's wallet after it. */
export const ConsolidatedWalletEntrySchema = v.object({
  ...WalletEntryRowSchema.entries,
  orgId: v.number(),
  companyName: v.string(),
});
export type ConsolidatedWalletEntry = v.InferOutput<typeof ConsolidatedWalletEntrySchema>;
export const ConsolidatedWalletHistorySchema = pagedSchema(ConsolidatedWalletEntrySchema);

/** One shipment (booked or cancelled) of the parent's consolidated shipments. */
export const ConsolidatedShipmentSchema = v.object({
  shipmentId: v.number(),
  orgId: v.number(),
  companyName: v.string(),
  orderId: v.number(),
  orderNumber: v.string(),
  awb: v.string(),
  carrierCode: v.string(),
  /** BOOKED or CANCELLED */
  state: v.string(),
  /** the order's status now (its tracking) */
  status: v.string(),
  chargePaise: v.number(),
  bookedAt: v.string(),
});
export type ConsolidatedShipment = v.InferOutput<typeof ConsolidatedShipmentSchema>;
export const ConsolidatedShipmentsSchema = pagedSchema(ConsolidatedShipmentSchema);

export const ConsolidatedWalletSchema = v.array(
  v.object({ orgId: v.number(), companyName: v.string(), walletBalancePaise: v.number() }),
);
