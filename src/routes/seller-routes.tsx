import type { ReactNode } from 'react';
import type { RouteObject } from 'react-router-dom';
import { AccountTypeGuard } from './guards';
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
import { TrackingPageScreen } from '../ui/screens/setup/tracking-page-screen';
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
import { ProfileScreen } from '../ui/screens/profile/profile-screen';
import { SettingsScreen } from '../ui/screens/profile/settings-screen';
import { BankAccountsScreen } from '../ui/screens/bank/bank-accounts-screen';
import { TermsGate } from '../ui/screens/account/terms-gate';

// The core (seller) module, loaded lazily. Seller routes are blocked for the DAKIYA account type.

const SCREENS: Record<SellerPath, ReactNode> = {
  '/home': <HomeScreen />,
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
  '/orders': <OrdersScreen />,
  '/orders/new': <OrderFormScreen />,
  '/orders/upload': <OrdersUploadScreen />,
  '/tools/rate-calculator': <RateCalculatorScreen />,
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
  '/kyc': <KycScreen />,
};

// a temporary password may be changed before anything else is allowed
const DURING_PASSWORD_CHANGE: ReadonlySet<SellerPath> = new Set(['/change_password']);

export const sellerRoutes: RouteObject[] = SELLER_PATHS.map((path) => ({
  path,
  element: (
    <AccountTypeGuard allowed={SELLER_TYPES} allowDuringPasswordChange={DURING_PASSWORD_CHANGE.has(path)}>
      {/* a newly published terms version is accepted before anything else */}
      <TermsGate>{SCREENS[path]}</TermsGate>
    </AccountTypeGuard>
  ),
}));

export default sellerRoutes;
