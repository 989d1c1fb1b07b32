import { lazy, Suspense, type ReactNode } from 'react';
import type { RouteObject } from 'react-router-dom';
import { AccountTypeGuard, BetaGuard, DenyAll, FeatureGuard, PermissionGuard, PlanGuard } from './guards';
import { UpgradeScreen } from '../ui/screens/plan/upgrade-screen';
import type { RoutePermission } from '../domain/permissions';
import type { PaidPlan, PlanFeature } from '../domain/plans';
import { PlanUpgradeScreen } from '../ui/screens/plan/plan-upgrade-screen';
import { TeamScreen } from '../ui/screens/team/team-screen';
import { PlanScreen } from '../ui/screens/team/plan-screen';
import { SubSellersScreen } from '../ui/screens/team/sub-sellers-screen';
import { SELLER_PATHS, type SellerPath } from './seller-paths';
import { SELLER_TYPES } from '../domain/access';
import { HomeScreen } from '../ui/screens/home/home-screen';
import { ChangePasswordScreen } from '../ui/screens/account/change-password-screen';
import { OrdersV2Screen } from '../ui/screens/orders/orders-v2-screen';
import { SetupScreen } from '../ui/screens/setup/setup-screen';
import { PickupAddressesScreen } from '../ui/screens/setup/pickup-addresses-screen';
import { WarehousesScreen } from '../ui/screens/setup/warehouses-screen';
import { PackageTypesScreen } from '../ui/screens/setup/package-types-screen';
import { ProductsScreen } from '../ui/screens/setup/products-screen';
import { ProductUploadScreen } from '../ui/screens/setup/product-upload-screen';
import { CustomersScreen } from '../ui/screens/setup/customers-screen';
import { WalletScreen } from '../ui/screens/wallet/wallet-screen';
import { StatementsScreen } from '../ui/screens/wallet/statements-screen';
import { OrdersScreen } from '../ui/screens/orders/orders-screen';
import { OrderFormScreen } from '../ui/screens/orders/order-form-screen';
import { OrderDetailScreen } from '../ui/screens/orders/order-detail-screen';
import { OrdersUploadScreen } from '../ui/screens/orders/orders-upload-screen';
import { RateCalculatorScreen } from '../ui/screens/tools/rate-calculator-screen';
import { RateCardScreen } from '../ui/screens/tools/rate-card-screen';
import { TrackingPageScreen } from '../ui/screens/setup/tracking-page-screen';
import { DocumentTemplatesScreen } from '../ui/screens/setup/document-templates-screen';
import { PaymentModesScreen } from '../ui/screens/setup/payment-modes-screen';
import { CodVerificationScreen } from '../ui/screens/setup/cod-verification-screen';
import { CourierPreferencesScreen } from '../ui/screens/tools/courier-preferences-screen';
import { NdrScreen } from '../ui/screens/ndr/ndr-screen';
import { RtoScreen } from '../ui/screens/ndr/rto-screen';
import { DisputesScreen } from '../ui/screens/disputes/disputes-screen';
import { WeightDiscrepanciesScreen } from '../ui/screens/weight/weight-discrepancies-screen';
import { WeightDiscrepancyScreen } from '../ui/screens/weight/weight-discrepancy-screen';
import { CodRemittanceScreen } from '../ui/screens/cod/cod-remittance-screen';
import { CodPayoutScreen } from '../ui/screens/cod/cod-payout-screen';
import { ReturnsScreen } from '../ui/screens/returns/returns-screen';
import { ReturnDetailScreen } from '../ui/screens/returns/return-detail-screen';
import { ReturnRequestsScreen } from '../ui/screens/returns/return-requests-screen';
import { ReturnSettingsScreen } from '../ui/screens/returns/return-settings-screen';
import { ReturnUploadsScreen } from '../ui/screens/returns/return-uploads-screen';
import { KycScreen } from '../ui/screens/kyc/kyc-screen';
import { ReportsScreen } from '../ui/screens/reports/reports-screen';
import { ReportBuilderScreen } from '../ui/screens/reports/report-builder-screen';
import { ProfileScreen } from '../ui/screens/profile/profile-screen';
import { SettingsScreen } from '../ui/screens/profile/settings-screen';
import { BankAccountsScreen } from '../ui/screens/bank/bank-accounts-screen';
import { TermsGate } from '../ui/screens/account/terms-gate';
import { NotificationsScreen } from '../ui/screens/notices/notifications-screen';
import { WhatsNewScreen } from '../ui/screens/notices/whats-new-screen';
import { HelpScreen } from '../ui/screens/help/help-screen';
import { TicketScreen } from '../ui/screens/help/ticket-screen';
import { ApiKeysScreen } from '../ui/screens/open-api/api-keys-screen';
import { WebhooksScreen } from '../ui/screens/open-api/webhooks-screen';
import { ChannelsScreen } from '../ui/screens/channels/channels-screen';
import { SellerShell } from '../ui/screens/shell/seller-shell';
import { RouteBoundary } from '../ui/kit/error-boundary';
import { ShopifyCallbackScreen } from '../ui/screens/channels/shopify-callback-screen';

// The core (seller) module, loaded lazily. Seller routes are blocked for the DAKIYA account type.

/** The dashboard is a chunk of its own: its chart library loads with that page only. */
const DashboardScreen = lazy(() =>
  import('../ui/screens/dashboard/dashboard-screen').then((m) => ({ default: m.DashboardScreen })),
);

/** A plan-gated page below its plan: the plan badge and the upgrade path in place, never /denied. */
const upgradeTo = (feature: PlanFeature) => (plan: PaidPlan) => <PlanUpgradeScreen feature={feature} plan={plan} />;

const SCREENS: Record<SellerPath, ReactNode> = {
  '/home': <HomeScreen />,
  '/notifications': <NotificationsScreen />,
  '/whats-new': <WhatsNewScreen />,
  '/dashboard': (
    <Suspense fallback={null}>
      <DashboardScreen />
    </Suspense>
  ),
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
  '/disputes': <DisputesScreen />,
  '/weight-discrepancies': <WeightDiscrepanciesScreen />,
  '/weight-discrepancies/:discrepancyId': <WeightDiscrepancyScreen />,
  '/wallet/cod-remittance': <CodRemittanceScreen />,
  '/wallet/cod-remittance/:payoutId': <CodPayoutScreen />,
  '/returns': <ReturnsScreen />,
  '/returns/requests': <ReturnRequestsScreen />,
  '/returns/upload': <ReturnUploadsScreen />,
  '/returns/settings': <ReturnSettingsScreen />,
  '/returns/:returnId': <ReturnDetailScreen />,
  '/reports': <ReportsScreen />,
  // custom reports come with Premium: other plans see the builder locked with the way to upgrade
  '/reports/builder': <ReportBuilderScreen />,
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
  '/returns': 'returns.view',
  '/returns/requests': 'returns.view',
  '/returns/upload': 'returns.manage',
  '/returns/settings': 'setup.manage',
  '/returns/:returnId': 'returns.view',
  '/ndr': 'ndr.view',
  '/rto': 'ndr.view',
  '/disputes': 'billing.view',
  '/weight-discrepancies': 'billing.view',
  '/weight-discrepancies/:discrepancyId': 'billing.view',
  '/reports': 'reports.view',
  '/reports/builder': 'reports.view',
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

export const sellerRoutes: RouteObject[] = SELLER_PATHS.map((path) => ({
  path,
  element: (
    // a screen that fails while rendering shows its card inside the seller shell: the menu stays
    <RouteBoundary shell={SellerShell}>
      <AccountTypeGuard allowed={SELLER_TYPES} allowDuringPasswordChange={DURING_PASSWORD_CHANGE.has(path)}>
        {/* a newly published terms version is accepted before anything else */}
        <TermsGate>{screenFor(path)}</TermsGate>
      </AccountTypeGuard>
    </RouteBoundary>
  ),
}));

export default sellerRoutes;
