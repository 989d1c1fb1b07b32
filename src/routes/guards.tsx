import { useEffect, type ReactNode } from 'react';
import { Navigate, useLocation, useSearchParams } from 'react-router-dom';
import { useSession } from '../services/session-context';
import { accessMessage, accountTypeCheck, afterLoginTarget, betaRedirect, planAllows } from '../domain/access';
import { landingFor } from '../domain/constants';
import { Spinner } from '../ui/kit/spinner';
import { deniedPath, type DeniedReason } from '../domain/access';
import { lowestPlanFor, planAllowsFeature, sessionPlan, type PaidPlan, type PlanFeature } from '../domain/plans';
import { checkableRole, mayUse, type RoutePermission } from '../domain/permissions';
import { INTERNAL_TYPES } from '../domain/access';
import { staffPageNeeds } from '../domain/staff-pages';

// Thin guard components over the pure rules in src/domain/access.ts (spec section 6).

function Checking() {
  return (
    <div className="auth-main" style={{ minHeight: '60vh' }}>
      <Spinner label="Checking your session" />
    </div>
  );
}

/** /login, /signup, /register: a logged-in user goes to returnUrl or the landing page. */
export function LoginGuard({ children }: { children: ReactNode }) {
  const session = useSession();
  const [params] = useSearchParams();
  if (session.status === 'checking') return <Checking />;
  if (session.status === 'authenticated' && session.claims) {
    return <Navigate replace to={afterLoginTarget(params.get('returnUrl'), landingFor(session.claims.at))} />;
  }
  return <>{children}</>;
}

/** Account-type check: 0 allowed; 1 not logged in → /login with returnUrl; 2 wrong type → logout. */
export function AccountTypeGuard({
  allowed,
  children,
  allowDuringPasswordChange = false,
}: {
  allowed: readonly string[];
  children: ReactNode;
  allowDuringPasswordChange?: boolean;
}) {
  const session = useSession();
  const location = useLocation();
  const code = session.status === 'authenticated' ? accountTypeCheck(session.claims, allowed) : 1;
  useEffect(() => {
    if (code === 2) session.logout(accessMessage(2));
  }, [code, session]);
  if (session.status === 'checking') return <Checking />;
  if (code === 1) {
    const returnUrl = `${location.pathname}${location.search}`;
    return <Navigate replace to={`/login?returnUrl=${encodeURIComponent(returnUrl)}`} />;
  }
  if (code === 2) return <Checking />;
  const mustChange = session.claims?.pcr || session.account?.mustChangePassword;
  if (mustChange && !allowDuringPasswordChange) {
    return <Navigate replace to={session.claims?.at === 'DAKIYA' ? '/dakiya/change_password' : '/change_password'} />;
  }
  return <>{children}</>;
}

/** The plan in force: the account as read last (an upgrade shows at once), else the token's. */
/**
 * Plan guard: denies one subscription type (FREE, LITE or PREMIUM). A page a higher plan opens
 * shows `upgrade` in place (the plan badge and the upgrade path, never a dead end); without one it
 * sends to /denied, which names the plan that opens the page (`opens`) with the upgrade link.
 */
export function PlanGuard({
  deny,
  opens = 'PRO',
  upgrade,
  children,
}: {
  deny: 'FREE' | 'LITE' | 'PREMIUM';
  opens?: string;
  upgrade?: ReactNode;
  children: ReactNode;
}) {
  const plan = sessionPlan(useSession());
  if (plan && !planAllows(deny, plan)) return upgrade ? <>{upgrade}</> : <Navigate replace to={deniedPath(opens)} />;
  return <>{children}</>;
}

/**
 * A page a plan feature opens: below the lowest plan with it, `upgrade` in place of the page (the
 * plan badge and the upgrade path), else /denied naming that plan.
 */
export function FeatureGuard({
  feature,
  upgrade,
  children,
}: {
  feature: PlanFeature;
  upgrade?: (plan: PaidPlan) => ReactNode;
  children: ReactNode;
}) {
  const plan = sessionPlan(useSession());
  if (plan && !planAllowsFeature(plan, feature)) {
    const opens = lowestPlanFor(feature);
    return upgrade ? <>{upgrade(opens)}</> : <Navigate replace to={deniedPath(opens)} />;
  }
  return <>{children}</>;
}

/** A page the user's role does not allow: /denied says so (the menus do not offer it either). */
export function PermissionGuard({ needs, children }: { needs: RoutePermission | undefined; children: ReactNode }) {
  const { account, claims } = useSession();
  // the page's calls wait for the account: a role that may not open it never asks. The owner may
  // open every page, so an owner's token (its role claim) lets the page ask while the account loads
  const who = checkableRole(account, claims);
  if (!who) return <Checking />;
  if (!mayUse(who.role, who.permissions, needs)) return <Navigate replace to="/denied?role=1" />;
  return <>{children}</>;
}

/**
 * The staff console's guard, before its code loads: a staff login (account type), then the page's
 * staff permission as the account reads now; a page the role may not open goes to /denied.
 */
export function StaffConsoleGuard({ children }: { children: ReactNode }) {
  const location = useLocation();
  return (
    <AccountTypeGuard allowed={INTERNAL_TYPES} allowDuringPasswordChange>
      <StaffPagePermission pathname={location.pathname}>{children}</StaffPagePermission>
    </AccountTypeGuard>
  );
}

function StaffPagePermission({ pathname, children }: { pathname: string; children: ReactNode }) {
  const { account } = useSession();
  if (!account) return <Checking />;
  const needs = staffPageNeeds(pathname);
  if (needs !== 'open' && needs !== 'unknown' && !account.permissions.includes(needs))
    return <Navigate replace to="/denied?role=staff" />;
  return <>{children}</>;
}

/** Beta guard: accounts with beta features on go to /orders_v2. */
export function BetaGuard({ children }: { children: ReactNode }) {
  const { account } = useSession();
  const target = betaRedirect(!!account?.betaFeaturesEnabled);
  if (target) return <Navigate replace to={target} />;
  return <>{children}</>;
}

/** Deny-all guard: always /denied; `reason` (a DENIED_REASONS key) says why, in words, there. */
export function DenyAll({ reason }: { reason?: DeniedReason }) {
  return <Navigate replace to={reason ? `/denied?reason=${reason}` : '/denied'} />;
}
