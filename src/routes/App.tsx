import { lazy, Suspense, useEffect, type ReactNode } from 'react';
import { createBrowserRouter, Navigate, Outlet, RouterProvider, useLocation, type RouteObject } from 'react-router-dom';
import { LoginGuard } from './guards';
import { SELLER_PATHS } from './seller-paths';
import { SessionProvider, useSession, useSessionActor } from '../services/session-context';
import { ScreenServicesProvider } from '../services/screen-services';
import { http } from '../services/http';
import { trackPageView } from '../services/analytics';
import { NotificationBanner } from '../services/notify';
import type { SessionActor } from '../services/session';
import { LoginPage } from '../ui/screens/login/LoginPage';
import { RegisterScreen } from '../ui/screens/register/RegisterScreen';
import { PricingScreen } from '../ui/screens/public/PricingScreen';
import { PolicyScreen } from '../ui/screens/public/PolicyScreen';
import { NotFoundScreen } from '../ui/screens/public/NotFoundScreen';
import { DeniedScreen } from '../ui/screens/public/DeniedScreen';
import { PaymentResultScreen } from '../ui/screens/payment/PaymentResultScreen';
import { TrackingRedirect } from '../ui/screens/public/TrackingRedirect';

// The route table of spec section 2. The seller (core) and corporate modules load lazily.

function Root() {
  const actor = useSessionActor();
  const location = useLocation();
  useEffect(() => {
    actor.send({ type: 'LOCATION', onLoginPage: location.pathname === '/login' });
    trackPageView(location.pathname);
  }, [actor, location.pathname]);
  return (
    <ScreenServicesProvider http={http} session={useSession()}>
      <NotificationBanner />
      <Outlet />
    </ScreenServicesProvider>
  );
}

const CorporateModule = lazy(() => import('./corporate-routes'));

const guarded = (node: ReactNode) => <LoginGuard>{node}</LoginGuard>;

export const routes: RouteObject[] = [
  {
    element: <Root />,
    children: [
      { path: '/', element: <Navigate replace to="/login" /> },
      { path: '/login', element: guarded(<LoginPage key="login" />) },
      { path: '/signup', element: guarded(<LoginPage key="signup" initialForm="signup" />) },
      { path: '/register', element: guarded(<RegisterScreen />) },
      { path: '/error', element: <NotFoundScreen /> },
      { path: '/denied', element: <DeniedScreen /> },
      { path: '/pricing', element: <PricingScreen /> },
      { path: '/payment/:gateway/redirect', element: <PaymentResultScreen /> },
      { path: '/terms_conditions', element: <PolicyScreen name="terms_conditions" /> },
      { path: '/privacy_policy', element: <PolicyScreen name="privacy_policy" /> },
      { path: '/refund_policy', element: <PolicyScreen name="refund_policy" /> },
      ...['/tracking/*', '/v2/track/*', '/s', '/public/track'].map((path) => ({ path, element: <TrackingRedirect /> })),
      { path: '/dakiya/*', element: <Suspense fallback={null}><CorporateModule /></Suspense> },
      ...SELLER_PATHS.map((path) => ({
        path,
        lazy: async () => {
          const route = (await import('./seller-routes')).default.find((r) => r.path === path)!;
          return { element: route.element };
        },
      })),
      { path: '*', element: <Navigate replace to="/error" /> },
    ],
  },
];

export function App({ session }: { session: SessionActor }) {
  const router = createBrowserRouter(routes);
  return (
    <SessionProvider actor={session}>
      <RouterProvider router={router} />
    </SessionProvider>
  );
}
