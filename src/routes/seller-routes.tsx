import type { ReactNode } from 'react';
import { lazyScreen, preloadScreensIn } from './lazy-screen';
import { AccountTypeGuard, BetaGuard, DenyAll, FeatureGuard, PermissionGuard, PlanGuard } from './guards';
import { UpgradeScreen } from '../ui/screens/plan/upgrade-screen';
import type { RoutePermission } from '../domain/permissions';
import type { PaidPlan, PlanFeature } from '../domain/plans';
import { PlanUpgradeScreen } from '../ui/screens/plan/plan-upgrade-screen';
import { SELLER_PATHS, type SellerPath } from './seller-paths';
import { SELLER_TYPES } from '../domain/access';
import { TermsGate } from '../ui/screens/account/terms-gate';
import { SellerShell } from '../ui/screens/shell/seller-shell';
import { RouteBoundary } from '../ui/kit/error-boundary';

// The core (seller) module, loaded lazily. Seller routes are blocked for the DAKIYA account type.
// Each screen is a chunk of its own, so a page loads the shell, the kit and its own screen only;
// once the first page has painted and the browser is idle, the rest are downloaded ahead of use
// (prefetch-screens.ts), to be run when they are shown.

const TeamScreen = lazyScreen(() => import('../ui/screens/team/team-screen').then((m) => m.TeamScreen));
const PlanScreen = lazyScreen(() => import('../ui/screens/team/plan-screen').then((m) => m.PlanScreen));
const SubSellersScreen = lazyScreen(() =>
  import('../ui/screens/team/sub-sellers-screen').then((m) => m.SubSellersScreen),
);
const HomeScreen = lazyScreen(() => import('../ui/screens/home/home-screen').then((m) => m.HomeScreen));
const ChangePasswordScreen = lazyScreen(() =>
  import('../ui/screens/account/change-password-screen').then((m) => m.ChangePasswordScreen),
);
const OrdersV2Screen = lazyScreen(() => import('../ui/screens/orders/orders-v2-screen').then((m) => m.OrdersV2Screen));
const SetupScreen = lazyScreen(() => import('../ui/screens/setup/setup-screen').then((m) => m.SetupScreen));
const PickupAddressesScreen = lazyScreen(() =>
  import('../ui/screens/setup/pickup-addresses-screen').then((m) => m.PickupAddressesScreen),
);
const WarehousesScreen = lazyScreen(() =>
  import('../ui/screens/setup/warehouses-screen').then((m) => m.WarehousesScreen),
);
const PackageTypesScreen = lazyScreen(() =>
  import('../ui/screens/setup/package-types-screen').then((m) => m.PackageTypesScreen),
);
const ProductsScreen = lazyScreen(() => import('../ui/screens/setup/products-screen').then((m) => m.ProductsScreen));
const ProductUploadScreen = lazyScreen(() =>
  import('../ui/screens/setup/product-upload-screen').then((m) => m.ProductUploadScreen),
);
const CustomersScreen = lazyScreen(() => import('../ui/screens/setup/customers-screen').then((m) => m.CustomersScreen));
const WalletScreen = lazyScreen(() => import('../ui/screens/wallet/wallet-screen').then((m) => m.WalletScreen));
const StatementsScreen = lazyScreen(() =>
  import('../ui/screens/wallet/statements-screen').then((m) => m.StatementsScreen),
);
const OrdersScreen = lazyScreen(() => import('../ui/screens/orders/orders-screen').then((m) => m.OrdersScreen));
const OrderFormScreen = lazyScreen(() =>
  import('../ui/screens/orders/order-form-screen').then((m) => m.OrderFormScreen),
);
const OrderDetailScreen = lazyScreen(() =>
  import('../ui/screens/orders/order-detail-screen').then((m) => m.OrderDetailScreen),
);
const OrdersUploadScreen = lazyScreen(() =>
  import('../ui/screens/orders/orders-upload-screen').then((m) => m.OrdersUploadScreen),
);
const RateCalculatorScreen = lazyScreen(() =>
  import('../ui/screens/tools/rate-calculator-screen').then((m) => m.RateCalculatorScreen),
);
const RateCardScreen = lazyScreen(() => import('../ui/screens/tools/rate-card-screen').then((m) => m.RateCardScreen));
const TrackingPageScreen = lazyScreen(() =>
  import('../ui/screens/setup/tracking-page-screen').then((m) => m.TrackingPageScreen),
);
const DocumentTemplatesScreen = lazyScreen(() =>
  import('../ui/screens/setup/document-templates-screen').then((m) => m.DocumentTemplatesScreen),
);
const PaymentModesScreen = lazyScreen(() =>
  import('../ui/screens/setup/payment-modes-screen').then((m) => m.PaymentModesScreen),
);
const CodVerificationScreen = lazyScreen(() =>
  import('../ui/screens/setup/cod-verification-screen').then((m) => m.CodVerificationScreen),
);
const CourierPreferencesScreen = lazyScreen(() =>
  import('../ui/screens/tools/courier-preferences-screen').then((m) => m.CourierPreferencesScreen),
);
const NdrScreen = lazyScreen(() => import('../ui/screens/ndr/ndr-screen').then((m) => m.NdrScreen));
const RtoScreen = lazyScreen(() => import('../ui/screens/ndr/rto-screen').then((m) => m.RtoScreen));
const PickupsScreen = lazyScreen(() => import('../ui/screens/shipping/pickups-screen').then((m) => m.PickupsScreen));
const DisputesScreen = lazyScreen(() => import('../ui/screens/disputes/disputes-screen').then((m) => m.DisputesScreen));
const WeightDiscrepanciesScreen = lazyScreen(() =>
  import('../ui/screens/weight/weight-discrepancies-screen').then((m) => m.WeightDiscrepanciesScreen),
);
const WeightDiscrepancyScreen = lazyScreen(() =>
  import('../ui/screens/weight/weight-discrepancy-screen').then((m) => m.WeightDiscrepancyScreen),
);
const CodRemittanceScreen = lazyScreen(() =>
  import('../ui/screens/cod/cod-remittance-screen').then((m) => m.CodRemittanceScreen),
);
const CodPayoutScreen = lazyScreen(() => import('../ui/screens/cod/cod-payout-screen').then((m) => m.CodPayoutScreen));
const B2bOrdersScreen = lazyScreen(() => import('../ui/screens/b2b/b2b-orders-screen').then((m) => m.B2bOrdersScreen));
const B2bOrderFormScreen = lazyScreen(() =>
  import('../ui/screens/b2b/b2b-order-form-screen').then((m) => m.B2bOrderFormScreen),
);
const B2bOrderScreen = lazyScreen(() => import('../ui/screens/b2b/b2b-order-screen').then((m) => m.B2bOrderScreen));
const B2bWarehousesScreen = lazyScreen(() =>
  import('../ui/screens/b2b/b2b-warehouses-screen').then((m) => m.B2bWarehousesScreen),
);
const B2bRateCalculatorScreen = lazyScreen(() =>
  import('../ui/screens/b2b/b2b-rate-calculator-screen').then((m) => m.B2bRateCalculatorScreen),
);
const ReturnsScreen = lazyScreen(() => import('../ui/screens/returns/returns-screen').then((m) => m.ReturnsScreen));
const ReturnDetailScreen = lazyScreen(() =>
  import('../ui/screens/returns/return-detail-screen').then((m) => m.ReturnDetailScreen),
);
const ReturnRequestsScreen = lazyScreen(() =>
  import('../ui/screens/returns/return-requests-screen').then((m) => m.ReturnRequestsScreen),
);
const ReturnSettingsScreen = lazyScreen(() =>
  import('../ui/screens/returns/return-settings-screen').then((m) => m.ReturnSettingsScreen),
);
const ReturnUploadsScreen = lazyScreen(() =>
  import('../ui/screens/returns/return-uploads-screen').then((m) => m.ReturnUploadsScreen),
);
const KycScreen = lazyScreen(() => import('../ui/screens/kyc/kyc-screen').then((m) => m.KycScreen));
const ReportsScreen = lazyScreen(() => import('../ui/screens/reports/reports-screen').then((m) => m.ReportsScreen));
const PincodePerformanceScreen = lazyScreen(() =>
  import('../ui/screens/reports/pincode-performance-screen').then((m) => m.PincodePerformanceScreen),
);
const ReportBuilderScreen = lazyScreen(() =>
  import('../ui/screens/reports/report-builder-screen').then((m) => m.ReportBuilderScreen),
);
const ProfileScreen = lazyScreen(() => import('../ui/screens/profile/profile-screen').then((m) => m.ProfileScreen));
const SettingsScreen = lazyScreen(() => import('../ui/screens/profile/settings-screen').then((m) => m.SettingsScreen));
const BankAccountsScreen = lazyScreen(() =>
  import('../ui/screens/bank/bank-accounts-screen').then((m) => m.BankAccountsScreen),
);
const NotificationsScreen = lazyScreen(() =>
  import('../ui/screens/notices/notifications-screen').then((m) => m.NotificationsScreen),
);
const WhatsNewScreen = lazyScreen(() => import('../ui/screens/notices/whats-new-screen').then((m) => m.WhatsNewScreen));
const HelpScreen = lazyScreen(() => import('../ui/screens/help/help-screen').then((m) => m.HelpScreen));
const TicketScreen = lazyScreen(() => import('../ui/screens/help/ticket-screen').then((m) => m.TicketScreen));
const ApiKeysScreen = lazyScreen(() => import('../ui/screens/open-api/api-keys-screen').then((m) => m.ApiKeysScreen));
const WebhooksScreen = lazyScreen(() => import('../ui/screens/open-api/webhooks-screen').then((m) => m.WebhooksScreen));
const ChannelsScreen = lazyScreen(() => import('../ui/screens/channels/channels-screen').then((m) => m.ChannelsScreen));
const WixReturnScreen = lazyScreen(() =>
  import('../ui/screens/channels/wix-return-screen').then((m) => m.WixReturnScreen),
);
const ShopifyCallbackScreen = lazyScreen(() =>
  import('../ui/screens/channels/shopify-callback-screen').then((m) => m.ShopifyCallbackScreen),
);

/** The dashboard's chunk holds its chart library: it is not fetched ahead (scripts/screen-chunks-plugin.mjs). */
const DashboardScreen = lazyScreen(() =>
  import('../ui/screens/dashboard/dashboard-screen').then((m) => m.DashboardScreen),
);

/** A plan-gated page below its plan: the plan badge and the upgrade path in place, never /denied. */
const upgradeTo = (feature: PlanFeature) => (plan: PaidPlan) => <PlanUpgradeScreen feature={feature} plan={plan} />;

const SCREENS: Record<SellerPath, ReactNode> = {
  '/home': <HomeScreen />,
  '/notifications': <NotificationsScreen />,
  '/whats-new': <WhatsNewScreen />,
  '/dashboard': <DashboardScreen />,
  '/change_password': <ChangePasswordScreen />,
  '/profile': <ProfileScreen />,
  '/settings': <SettingsScreen />,
  '/bank-accounts': <BankAccountsScreen />,
  '/orders_v2': <OrdersV2Screen />,
  '/setup': <SetupScreen />,
  '/setup/pickup-addresses': <PickupAddressesScreen />,
  '/setup/warehouses': <WarehousesScreen />,
  '/setup/package-types': <PackageTypesScreen />,
  '/setup/products': <ProductsScreen />,
  '/setup/products/upload': <ProductUploadScreen />,
  '/setup/customers': <CustomersScreen />,
  '/wallet': <WalletScreen />,
  '/wallet/statements': <StatementsScreen />,
  // accounts with beta features on use the new orders page (spec section 6: the beta guard)
  '/orders': (
    <BetaGuard>
      <OrdersScreen />
    </BetaGuard>
  ),
  '/orders/new': <OrderFormScreen />,
  '/orders/upload': <OrdersUploadScreen />,
  '/tools/rate-calculator': <RateCalculatorScreen />,
  '/tools/rate-card': (
    <FeatureGuard feature="customPricing" upgrade={upgradeTo('customPricing')}>
      <RateCardScreen />
    </FeatureGuard>
  ),
  '/setup/tracking-page': <TrackingPageScreen />,
  '/tools/courier-preferences': <CourierPreferencesScreen />,
  '/orders/:orderId': <OrderDetailScreen />,
  '/ndr': <NdrScreen />,
  '/rto': <RtoScreen />,
  '/pickups': <PickupsScreen />,
  '/disputes': <DisputesScreen />,
  '/weight-discrepancies': <WeightDiscrepanciesScreen />,
  '/weight-discrepancies/:discrepancyId': <WeightDiscrepancyScreen />,
  '/wallet/cod-remittance': <CodRemittanceScreen />,
  '/wallet/cod-remittance/:payoutId': <CodPayoutScreen />,
  '/b2b/orders': <B2bOrdersScreen />,
  '/b2b/orders/new': <B2bOrderFormScreen />,
  '/b2b/orders/:orderId': <B2bOrderScreen />,
  '/b2b/warehouses': <B2bWarehousesScreen />,
  '/b2b/rate-calculator': <B2bRateCalculatorScreen />,
  '/returns': <ReturnsScreen />,
  '/returns/requests': <ReturnRequestsScreen />,
  '/returns/upload': <ReturnUploadsScreen />,
  '/returns/settings': <ReturnSettingsScreen />,
  '/returns/:returnId': <ReturnDetailScreen />,
  '/reports': <ReportsScreen />,
  // custom reports come with Premium: other plans see the builder locked with the way to upgrade
  '/reports/builder': <ReportBuilderScreen />,
  '/reports/pincodes': <PincodePerformanceScreen />,
  '/kyc': <KycScreen />,
  // more than one login comes with Pro (the plan guards of spec section 6 deny FREE and LITE)
  '/team': (
    <PlanGuard deny="FREE" upgrade={upgradeTo('multiUser')('PRO')}>
      <PlanGuard deny="LITE" upgrade={upgradeTo('multiUser')('PRO')}>
        <TeamScreen />
      </PlanGuard>
    </PlanGuard>
  ),
  '/plan': <PlanScreen />,
  // the plans above one's own: Premium is the top plan (the PREMIUM-denying plan guard; the
  // deny-all guard says so on /denied)
  '/upgrade': (
    <PlanGuard deny="PREMIUM" upgrade={<DenyAll reason="top-plan" />}>
      <UpgradeScreen />
    </PlanGuard>
  ),
  '/sub-sellers': (
    <FeatureGuard feature="subSellers" upgrade={upgradeTo('subSellers')}>
      <SubSellersScreen />
    </FeatureGuard>
  ),
  // the open API comes with Premium
  '/api-keys': (
    <FeatureGuard feature="openApi" upgrade={upgradeTo('openApi')}>
      <ApiKeysScreen />
    </FeatureGuard>
  ),
  '/webhooks': (
    <FeatureGuard feature="openApi" upgrade={upgradeTo('openApi')}>
      <WebhooksScreen />
    </FeatureGuard>
  ),
  '/help': <HelpScreen />,
  '/help/tickets/:ticketId': <TicketScreen />,
  '/channels': <ChannelsScreen />,
  '/channels/shopify/callback': <ShopifyCallbackScreen />,
  '/channels/wix/callback': <WixReturnScreen />,
  '/setup/document-templates': (
    <FeatureGuard feature="documentTemplates" upgrade={upgradeTo('documentTemplates')}>
      <DocumentTemplatesScreen />
    </FeatureGuard>
  ),
  '/setup/payment-modes': (
    <FeatureGuard feature="customPaymentModes" upgrade={upgradeTo('customPaymentModes')}>
      <PaymentModesScreen />
    </FeatureGuard>
  ),
  '/setup/cod-verification': (
    <FeatureGuard feature="codVerification" upgrade={upgradeTo('codVerification')}>
      <CodVerificationScreen />
    </FeatureGuard>
  ),
};

/** The permission a page needs (src/domain/permissions.ts); a page not listed is open to every login. */
const PAGE_PERMISSIONS: Partial<Record<SellerPath, RoutePermission | undefined>> = {
  '/dashboard': 'orders.view',
  '/orders': 'orders.view',
  '/orders/new': 'orders.create',
  '/orders/upload': 'orders.create',
  '/orders/:orderId': 'orders.view',
  '/orders_v2': 'orders.view',
  '/wallet': 'wallet.view',
  '/wallet/statements': 'wallet.view',
  '/wallet/cod-remittance': 'wallet.view',
  '/wallet/cod-remittance/:payoutId': 'wallet.view',
  '/b2b/orders': 'orders.view',
  '/b2b/orders/new': 'orders.create',
  '/b2b/orders/:orderId': 'orders.view',
  '/b2b/warehouses': 'setup.view',
  '/b2b/rate-calculator': 'orders.view',
  '/returns': 'returns.view',
  '/returns/requests': 'returns.view',
  '/returns/upload': 'returns.manage',
  '/returns/settings': 'setup.manage',
  '/returns/:returnId': 'returns.view',
  '/ndr': 'ndr.view',
  '/rto': 'ndr.view',
  '/pickups': 'orders.view',
  '/disputes': 'billing.view',
  '/weight-discrepancies': 'billing.view',
  '/weight-discrepancies/:discrepancyId': 'billing.view',
  '/reports': 'reports.view',
  '/reports/builder': 'reports.view',
  '/reports/pincodes': 'reports.view',
  '/kyc': 'kyc.view',
  '/bank-accounts': 'kyc.view',
  '/setup': 'setup.view',
  '/setup/pickup-addresses': 'setup.view',
  '/setup/warehouses': 'setup.view',
  '/setup/package-types': 'setup.view',
  '/setup/products': 'setup.view',
  '/setup/products/upload': 'setup.manage',
  '/setup/customers': 'buyers.contact',
  '/setup/tracking-page': 'setup.view',
  '/setup/document-templates': 'setup.view',
  '/setup/payment-modes': 'setup.view',
  '/setup/cod-verification': 'setup.view',
  '/tools/courier-preferences': 'setup.view',
  '/tools/rate-card': 'orders.view',
  '/team': 'users.manage',
  '/api-keys': 'apikeys.manage',
  '/webhooks': 'apikeys.manage',
  '/plan': 'billing.view',
  '/upgrade': 'billing.view',
  // /help itself is every login's (the help centre and the tour); its tickets need tickets.view
  '/help/tickets/:ticketId': 'tickets.view',
  '/channels': 'setup.view',
  '/channels/shopify/callback': 'setup.manage',
  '/channels/wix/callback': 'setup.manage',
  // the owner's alone
  '/sub-sellers': undefined,
  // every login: each sees the kinds its role allows, and every note
  '/notifications': 'self',
  '/whats-new': 'self',
};

function screenFor(path: SellerPath): ReactNode {
  if (!(path in PAGE_PERMISSIONS)) return SCREENS[path];
  return <PermissionGuard needs={PAGE_PERMISSIONS[path]}>{SCREENS[path]}</PermissionGuard>;
}

// a temporary password may be changed before anything else is allowed
const DURING_PASSWORD_CHANGE: ReadonlySet<SellerPath> = new Set(['/change_password']);

/** Each seller page's element, by its route path: the app's route table renders them through SellerRoute. */
const ELEMENTS = new Map<string, ReactNode>(
  SELLER_PATHS.map((path) => [
    path,
    // a screen that fails while rendering shows its card inside the seller shell: the menu stays
    <RouteBoundary shell={SellerShell}>
      <AccountTypeGuard allowed={SELLER_TYPES} allowDuringPasswordChange={DURING_PASSWORD_CHANGE.has(path)}>
        {/* a newly published terms version is accepted before anything else */}
        <TermsGate>{screenFor(path)}</TermsGate>
      </AccountTypeGuard>
    </RouteBoundary>,
  ]),
);

/** The seller page at a route path (one of SELLER_PATHS). */
export function SellerRoute({ path }: { path: string }) {
  return <>{ELEMENTS.get(path)}</>;
}

/** Loads the code of the screen a seller page shows, ahead of its first render. */
export function preloadSellerScreen(path: string): Promise<unknown> {
  return preloadScreensIn(ELEMENTS.get(path));
}
