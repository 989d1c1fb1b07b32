import type { ReactNode } from 'react';
import type { RouteObject } from 'react-router-dom';
import { AccountTypeGuard } from './guards';
import { SELLER_PATHS, type SellerPath } from './seller-paths';
import { SELLER_TYPES } from '../domain/access';
import { HomeScreen } from '../ui/screens/home/HomeScreen';
import { ChangePasswordScreen } from '../ui/screens/account/ChangePasswordScreen';
import { OrdersV2Screen } from '../ui/screens/orders/OrdersV2Screen';
import { SetupScreen } from '../ui/screens/setup/SetupScreen';
import { PickupAddressesScreen } from '../ui/screens/setup/PickupAddressesScreen';
import { WarehousesScreen } from '../ui/screens/setup/WarehousesScreen';
import { PackageTypesScreen } from '../ui/screens/setup/PackageTypesScreen';
import { ProductsScreen } from '../ui/screens/setup/ProductsScreen';
import { ProductUploadScreen } from '../ui/screens/setup/ProductUploadScreen';
import { CustomersScreen } from '../ui/screens/setup/CustomersScreen';
import { WalletScreen } from '../ui/screens/wallet/WalletScreen';
import { OrdersScreen } from '../ui/screens/orders/OrdersScreen';
import { OrderFormScreen } from '../ui/screens/orders/OrderFormScreen';
import { OrderDetailScreen } from '../ui/screens/orders/OrderDetailScreen';
import { OrdersUploadScreen } from '../ui/screens/orders/OrdersUploadScreen';
import { RateCalculatorScreen } from '../ui/screens/tools/RateCalculatorScreen';
import { TrackingPageScreen } from '../ui/screens/setup/TrackingPageScreen';
import { CourierPreferencesScreen } from '../ui/screens/tools/CourierPreferencesScreen';

// The core (seller) module, loaded lazily. Seller routes are blocked for the DAKIYA account type.

const SCREENS: Record<SellerPath, ReactNode> = {
  '/home': <HomeScreen />,
  '/change_password': <ChangePasswordScreen />,
  '/orders_v2': <OrdersV2Screen />,
  '/setup': <SetupScreen />,
  '/setup/pickup-addresses': <PickupAddressesScreen />,
  '/setup/warehouses': <WarehousesScreen />,
  '/setup/package-types': <PackageTypesScreen />,
  '/setup/products': <ProductsScreen />,
  '/setup/products/upload': <ProductUploadScreen />,
  '/setup/customers': <CustomersScreen />,
  '/wallet': <WalletScreen />,
  '/orders': <OrdersScreen />,
  '/orders/new': <OrderFormScreen />,
  '/orders/upload': <OrdersUploadScreen />,
  '/tools/rate-calculator': <RateCalculatorScreen />,
  '/setup/tracking-page': <TrackingPageScreen />,
  '/tools/courier-preferences': <CourierPreferencesScreen />,
  '/orders/:orderId': <OrderDetailScreen />,
};

// a temporary password may be changed before anything else is allowed
const DURING_PASSWORD_CHANGE: ReadonlySet<SellerPath> = new Set(['/change_password']);

export const sellerRoutes: RouteObject[] = SELLER_PATHS.map((path) => ({
  path,
  element: (
    <AccountTypeGuard allowed={SELLER_TYPES} allowDuringPasswordChange={DURING_PASSWORD_CHANGE.has(path)}>
      {SCREENS[path]}
    </AccountTypeGuard>
  ),
}));

export default sellerRoutes;
