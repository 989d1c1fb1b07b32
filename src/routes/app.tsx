import { lazy, Suspense, useEffect, type ReactNode } from 'react';
import { prefetchScreens } from './prefetch-screens';
import { lazyScreen, preloadScreensIn, type Preloadable } from './lazy-screen';
import {
  BrowserRouter,
  matchRoutes,
  Navigate,
  Outlet,
  useLocation,
  useRoutes,
  type RouteObject,
} from 'react-router-dom';
import { LoginGuard, StaffConsoleGuard } from './guards';
import { SELLER_PATHS } from './seller-paths';
import { SessionProvider, useSession, useSessionActor } from '../services/session-context';
import { ScreenServicesProvider } from '../services/screen-services';
import { http } from '../services/http';
import { trackPageView } from '../services/analytics';
import { NotificationBanner } from '../services/notify';
import type { SessionActor } from '../services/session';
import { RouteBoundary } from '../ui/kit/error-boundary';

// The route table of spec section 2. Every screen loads lazily, so the entry that index.html loads
// holds only React, the router and the session (scripts/check-entry-size.mjs keeps it small).

const LoginScreen = lazyScreen(() => import('../ui/screens/login/login-screen').then((m) => m.LoginScreen));
const RegisterScreen = lazyScreen(() => import('../ui/screens/register/register-screen').then((m) => m.RegisterScreen));
const PricingScreen = lazyScreen(() => import('../ui/screens/public/pricing-screen').then((m) => m.PricingScreen));
const PromisesScreen = lazyScreen(() => import('../ui/screens/public/promises-screen').then((m) => m.PromisesScreen));
const PolicyScreen = lazyScreen(() => import('../ui/screens/public/policy-screen').then((m) => m.PolicyScreen));
const NotFoundScreen = lazyScreen(() => import('../ui/screens/public/not-found-screen').then((m) => m.NotFoundScreen));
const AcceptInvitationScreen = lazyScreen(() =>
  import('../ui/screens/public/accept-invitation-screen').then((m) => m.AcceptInvitationScreen),
);
const DeniedScreen = lazyScreen(() => import('../ui/screens/public/denied-screen').then((m) => m.DeniedScreen));
const PaymentResultScreen = lazyScreen(() =>
  import('../ui/screens/payment/payment-result-screen').then((m) => m.PaymentResultScreen),
);
const TrackingRedirect = lazyScreen(() =>
  import('../ui/screens/public/tracking-redirect').then((m) => m.TrackingRedirect),
);
/** The seller (core) module's route for a path, each screen in it a chunk of its own. */
const SellerRoute = lazyScreen(async () => {
  const module = await import('./seller-routes');
  prefetchWhenIdle();
  return module.SellerRoute;
});
/** A seller page: preloading it loads the seller module and then the page's own screen. */
const SellerScreen = Object.assign((props: { path: string }) => <SellerRoute {...props} />, {
  preload: async ({ path }: { path: string }) => {
    await SellerRoute.preload();
    const module = await import('./seller-routes');
    await module.preloadSellerScreen(path);
  },
} satisfies Preloadable);

/** After the first page has painted, once the browser is idle: the other screens' chunks, ahead of use. */
function prefetchWhenIdle() {
  const idle = (run: () => void) =>
    'requestIdleCallback' in window ? window.requestIdleCallback(run, { timeout: 10_000 }) : setTimeout(run, 1_000);
  setTimeout(() => idle(() => prefetchScreens()), PRELOAD_AFTER_MS);
}
/** Long enough after a cold start that the first page's own work is done. */
const PRELOAD_AFTER_MS = 8_000;

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
      {/* the last resort: a page outside any shell that fails shows its card, never a white page */}
      <RouteBoundary>
        <Outlet />
      </RouteBoundary>
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
      { path: '/login', element: guarded(<LoginScreen key="login" />) },
      { path: '/signup', element: guarded(<LoginScreen key="signup" initialForm="signup" />) },
      { path: '/register', element: guarded(<RegisterScreen />) },
      { path: '/error', element: <NotFoundScreen /> },
      { path: '/denied', element: <DeniedScreen /> },
      { path: '/invite/:token', element: <AcceptInvitationScreen /> },
      { path: '/pricing', element: <PricingScreen /> },
      { path: '/promises', element: <PromisesScreen /> },
      { path: '/payment/:gateway/redirect', element: <PaymentResultScreen /> },
      { path: '/terms_conditions', element: <PolicyScreen name="terms_conditions" /> },
      { path: '/privacy_policy', element: <PolicyScreen name="privacy_policy" /> },
      { path: '/refund_policy', element: <PolicyScreen name="refund_policy" /> },
      ...['/tracking/*', '/v2/track/*', '/s', '/public/track', '/ndr/:token', '/cod/:token', '/advance/:token'].map(
        (path) => ({
          path,
          element: <TrackingRedirect />,
        }),
      ),
      {
        path: '/dakiya/*',
        // guarded before the module loads: a seller, or staff without the page's permission, never fetches it
        element: (
          <StaffConsoleGuard>
            <Suspense fallback={null}>
              <CorporateModule />
            </Suspense>
          </StaffConsoleGuard>
        ),
      },
      ...SELLER_PATHS.map((path) => ({
        path,
        element: (
          <Suspense fallback={null}>
            <SellerScreen path={path} />
          </Suspense>
        ),
      })),
      { path: '*', element: <Navigate replace to="/error" /> },
    ],
  },
];

/** Loads the code of the screens `pathname` shows, so its first render suspends nowhere (lazy-screen.tsx). */
export function preloadRoute(pathname: string): Promise<unknown> {
  return Promise.all((matchRoutes(routes, pathname) ?? []).map((match) => preloadScreensIn(match.route.element)));
}

function Routes() {
  return useRoutes(routes);
}

export function App({ session }: { session: SessionActor }) {
  return (
    <SessionProvider actor={session}>
      <BrowserRouter>
        <Routes />
      </BrowserRouter>
    </SessionProvider>
  );
}
