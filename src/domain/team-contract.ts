// Team and plans: users, roles, permissions, subscriptions, downgrade requests, sub-sellers
// (spec sections 6 and 7). Operations and answer shapes; request schemas are in schemas/team.ts.

import * as v from 'valibot';
import { LoginAnswerSchema, PlanSchema } from './account-contract';
import { operation } from './operation';
import { pagedSchema, pagingEntries } from './paging';
import { numericId } from './params';
import {
  AcceptInvitationBody,
  DowngradeBody,
  EditUserBody,
  InviteUserBody,
  NewSubSellerBody,
  RoleBody,
  SubSellerQuery,
  UpgradeBody,
  UserStatusBody,
} from './schemas/team';
import { WalletEntryRowSchema } from './wallet-contract';
import { SpendableWalletSchema } from './spendable-wallet';

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

// The team's and the plan's operations, served by server/modules/team/routes.ts and
// server/modules/plans/routes.ts (upgrades, downgrades and subscription invoices).

const TAG = 'team';
const UserParam = v.object({ accountId: numericId('accountId') });
const RoleParam = v.object({ roleId: numericId('roleId') });
/** A page of the consolidated lists; sellerOrgId narrows them to one sub-seller (or the caller). */
const ConsolidatedQuery = v.object({ ...pagingEntries, sellerOrgId: v.optional(numericId('sellerOrgId')) });
const userErrors = { 404: 'no such user in your team' };
const noSubSeller = 'no such sub-seller of yours';

export const API_TEAM = {
  users: operation({
    method: 'get',
    path: '/api/v1/owner/users',
    tag: TAG,
    summary: "The organisation's logins with role, status and last login, and the plan's login allowance",
    response: TeamUsersSchema,
  }),
  invite: operation({
    method: 'post',
    path: '/api/v1/owner/register/user',
    tag: TAG,
    body: InviteUserBody,
    summary: 'Invite a user: a login with a role, and an email with a link to set its password (7 days, once)',
    errors: { 403: "the plan's login allowance is used up", 404: 'no such role', 409: 'the email has an account' },
    response: TeamUserSchema,
  }),
  editUser: operation({
    method: 'put',
    path: '/api/v1/editUser/:accountId',
    tag: TAG,
    params: UserParam,
    body: EditUserBody,
    summary: "Change a user's role (a built-in role or one the owner made); it applies at the user's next call",
    errors: userErrors,
    response: TeamUserSchema,
  }),
  userStatus: operation({
    method: 'put',
    path: '/api/v1/owner/users/:accountId/status',
    tag: TAG,
    params: UserParam,
    body: UserStatusBody,
    summary: 'Deactivate a user (every session ends now; kept with its history) or reactivate one within the plan',
    errors: { ...userErrors, 403: "the plan's login allowance is used up" },
    response: TeamUserSchema,
  }),
  deactivateUser: operation({
    method: 'delete',
    path: '/api/v1/owner/users/:accountId',
    tag: TAG,
    params: UserParam,
    summary: 'Deactivate a user (the login is kept, never deleted)',
    errors: userErrors,
    response: TeamUserSchema,
  }),
  roles: operation({
    method: 'get',
    path: '/api/v1/userRoles',
    tag: TAG,
    summary: 'Roles: the built-in Seller and User, and the roles the owner made, with their permissions',
    response: v.array(TeamRoleSchema),
  }),
  addRole: operation({
    method: 'post',
    path: '/api/v1/userRoles',
    tag: TAG,
    body: RoleBody,
    summary: 'Make a role: a name and its permissions',
    errors: { 409: 'the name is taken' },
    response: TeamRoleSchema,
  }),
  editRole: operation({
    method: 'put',
    path: '/api/v1/userRoles/:roleId',
    tag: TAG,
    params: RoleParam,
    body: RoleBody,
    summary: "Change a role's name and permissions; its users have the new permissions at their next call",
    errors: { 404: 'no such role', 409: 'the name is taken' },
    response: TeamRoleSchema,
  }),
  deleteRole: operation({
    method: 'delete',
    path: '/api/v1/userRoles/:roleId',
    tag: TAG,
    params: RoleParam,
    summary: 'Delete a role nobody has',
    errors: { 404: 'no such role', 409: 'users still have it' },
    response: v.object({ roleId: v.number() }),
  }),
  permissions: operation({
    method: 'get',
    path: '/api/v1/permissions',
    tag: TAG,
    summary: 'Every permission by area and action',
    response: v.array(PermissionAreaSchema),
  }),
  invitation: operation({
    method: 'get',
    path: '/api/v1/invitations/:invitationToken',
    tag: TAG,
    params: v.object({ invitationToken: v.pipe(v.string(), v.maxLength(200)) }),
    summary: 'Who an invitation link is for (a link used, expired or withdrawn is a 404)',
    errors: { 404: 'the link is not valid any more' },
    response: InvitationSchema,
  }),
  acceptInvitation: operation({
    method: 'post',
    path: '/api/v1/invitations/accept',
    tag: TAG,
    body: AcceptInvitationBody,
    summary: 'Set the password of an invited login (the link works once); then log in',
    errors: { 404: 'the link is not valid any more' },
    response: v.object({ email: v.string() }),
  }),
  // sub-sellers
  sellers: operation({
    method: 'get',
    path: '/api/v1/owner/sellers',
    tag: TAG,
    query: SubSellerQuery,
    summary: 'Sub-seller accounts (parentAccountId is the caller); searchPattern matches company or email',
    response: v.array(SubSellerSchema),
  }),
  newSeller: operation({
    method: 'post',
    path: '/api/v1/owner/register/seller',
    tag: TAG,
    body: NewSubSellerBody,
    summary: 'A new sub-seller: its own organisation and owner login (an email to set the password)',
    errors: { 403: 'the plan allows no more sub-sellers', 409: 'the email has an account' },
    response: SubSellerSchema,
  }),
  switchSeller: operation({
    method: 'post',
    path: '/api/v1/owner/sellers/:orgId/switch',
    tag: TAG,
    params: v.object({ orgId: numericId('orgId') }),
    summary: 'Switch into a sub-seller: a short session as its owner (it cannot refresh; log in again to come back)',
    errors: { 404: noSubSeller },
    response: v.object({ accessToken: LoginAnswerSchema.entries.accessToken }),
  }),
  consolidatedOrders: operation({
    method: 'get',
    path: '/api/v1/owner/sellers/orders',
    tag: TAG,
    query: ConsolidatedQuery,
    summary: 'Orders of the caller and its sub-sellers together, newest first; sellerOrgId narrows to one',
    errors: { 404: noSubSeller },
    response: ConsolidatedOrdersSchema,
  }),
  consolidatedWallets: operation({
    method: 'get',
    path: '/api/v1/owner/sellers/wallets',
    tag: TAG,
    summary: 'The wallet balance of the caller and of each sub-seller',
    response: ConsolidatedWalletSchema,
  }),
  consolidatedWalletHistory: operation({
    method: 'get',
    path: '/api/v1/owner/sellers/wallet-history',
    tag: TAG,
    query: ConsolidatedQuery,
    summary: 'Wallet lines of the caller and its sub-sellers together, newest first; sellerOrgId narrows to one',
    errors: { 404: noSubSeller },
    response: ConsolidatedWalletHistorySchema,
  }),
  consolidatedShipments: operation({
    method: 'get',
    path: '/api/v1/owner/sellers/shipments',
    tag: TAG,
    query: ConsolidatedQuery,
    summary: 'Shipments of the caller and its sub-sellers together, newest booking first; sellerOrgId narrows to one',
    errors: { 404: noSubSeller },
    response: ConsolidatedShipmentsSchema,
  }),
  // plans
  plan: operation({
    method: 'get',
    path: '/api/v1/owner/plan',
    tag: TAG,
    summary: 'The plan in force, its period, a pending downgrade, logins used and allowed, and the prices',
    response: PlanStateSchema,
  }),
  upgrades: operation({
    method: 'get',
    path: '/api/v1/owner/plan/upgrades',
    tag: TAG,
    summary:
      'The plans above the caller’s, with their features and monthly price (the upgrade path); refused on Premium, the top plan',
    errors: { 403: 'the account is on Premium, the top plan' },
    response: v.array(PlanSchema),
  }),
  upgrade: operation({
    method: 'put',
    path: '/api/v1/upgrade',
    tag: TAG,
    body: UpgradeBody,
    summary:
      'Upgrade (plan PRO or PREMIUM, billingFrequency MONTHLY or YEARLY): paid now from the wallet, in force at once, with a GST invoice; a repeat of the same requestKey acts once',
    errors: { 409: 'not an upgrade', 422: 'the wallet cannot pay' },
    response: UpgradeAnswerSchema,
  }),
  subscriptions: operation({
    method: 'get',
    path: '/api/v1/owner/subscriptions',
    tag: TAG,
    summary: 'The subscriptions history, newest first',
    response: v.array(SubscriptionRowSchema),
  }),
  invoices: operation({
    method: 'get',
    path: '/api/v1/owner/invoices',
    tag: TAG,
    summary: 'Subscription invoices (one per paid period), newest first',
    response: v.array(SubscriptionRowSchema),
  }),
  invoicePdf: operation({
    method: 'get',
    path: '/api/v1/owner/invoices/:subscriptionId/invoice.pdf',
    tag: TAG,
    params: v.object({ subscriptionId: numericId('subscriptionId') }),
    summary: "A subscription's GST tax invoice as PDF",
    errors: { 404: 'no such invoice of yours' },
    response: { file: 'application/pdf' },
  }),
  downgrades: operation({
    method: 'get',
    path: '/api/v1/owner/downgrades',
    tag: TAG,
    summary: 'Downgrade requests, newest first',
    response: v.array(DowngradeRowSchema),
  }),
  requestDowngrade: operation({
    method: 'post',
    path: '/api/v1/owner/downgrades',
    tag: TAG,
    body: DowngradeBody,
    summary: 'Request a downgrade: it takes effect at the end of the paid period and can be cancelled until then',
    errors: { 409: 'not a downgrade, or one is pending' },
    response: DowngradeRowSchema,
  }),
  cancelDowngrade: operation({
    method: 'delete',
    path: '/api/v1/owner/downgrades/:downgradeId',
    tag: TAG,
    params: v.object({ downgradeId: numericId('downgradeId') }),
    summary: 'Cancel a pending downgrade request',
    errors: { 404: 'no such downgrade request of yours', 409: 'it is not pending' },
    response: DowngradeRowSchema,
  }),
};
