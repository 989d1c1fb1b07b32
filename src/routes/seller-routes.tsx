import type { RouteObject } from 'react-router-dom';
import { AccountTypeGuard } from './guards';
import { SELLER_TYPES } from '../domain/access';
import { HomeScreen } from '../ui/screens/home/HomeScreen';
import { ChangePasswordScreen } from '../ui/screens/account/ChangePasswordScreen';
import { OrdersV2Screen } from '../ui/screens/orders/OrdersV2Screen';

// The core (seller) module, loaded lazily. Seller routes are blocked for the DAKIYA account type.

export const sellerRoutes: RouteObject[] = [
  { path: '/home', element: <AccountTypeGuard allowed={SELLER_TYPES}><HomeScreen /></AccountTypeGuard> },
  { path: '/change_password', element: <AccountTypeGuard allowed={SELLER_TYPES} allowDuringPasswordChange><ChangePasswordScreen /></AccountTypeGuard> },
  { path: '/orders_v2', element: <AccountTypeGuard allowed={SELLER_TYPES}><OrdersV2Screen /></AccountTypeGuard> },
];

export default sellerRoutes;
