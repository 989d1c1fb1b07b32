// Analytics (spec section 7): a tag-manager container loads only when a container id is
// configured at build time (VITE_GTM_CONTAINER_ID, e.g. GTM-ABC1234); without one nothing is
// loaded and nothing leaves the browser. Page views and the events 'New Signup', 'login' and
// 'Sign up' are pushed to the data layer either way (docs/decisions/analytics.md).

export type DataLayerEntry = Record<string, unknown>;

declare global {
  interface Window {
    dataLayer?: DataLayerEntry[];
  }
}

export const ANALYTICS_EVENTS = {
  /** the sign-up form was opened: a seller starts signing up */
  signUp: 'Sign up',
  /** an account was created */
  newSignup: 'New Signup',
  /** a seller or staff member logged in */
  login: 'login',
} as const;

export type AnalyticsEvent = (typeof ANALYTICS_EVENTS)[keyof typeof ANALYTICS_EVENTS];

const CONTAINER_ID = /^GTM-[A-Z0-9]{4,12}$/;
export const TAG_MANAGER_URL = 'https://www.googletagmanager.com/gtm.js';

/** The configured container id, or null when none (or a malformed one) is set. */
export function configuredContainerId(value: unknown = import.meta.env?.VITE_GTM_CONTAINER_ID): string | null {
  return typeof value === 'string' && CONTAINER_ID.test(value.trim()) ? value.trim() : null;
}

function layer(): DataLayerEntry[] | null {
  if (typeof window === 'undefined') return null;
  window.dataLayer ??= [];
  return window.dataLayer;
}

/** Starts the data layer, and loads the tag manager when a container id is given. Answers whether it loaded. */
export function startAnalytics(
  containerId: string | null = configuredContainerId(),
  doc: Document = document,
): boolean {
  const dl = layer();
  if (!dl || !containerId) return false;
  if (doc.querySelector(`script[data-tag-manager="${containerId}"]`)) return true;
  dl.push({ 'gtm.start': Date.now(), event: 'gtm.js' });
  const script = doc.createElement('script');
  script.async = true;
  script.src = `${TAG_MANAGER_URL}?id=${encodeURIComponent(containerId)}`;
  script.dataset.tagManager = containerId;
  doc.head.appendChild(script);
  return true;
}

/** A page of the app was shown (the path only: query strings may carry tokens). */
export function trackPageView(path: string): void {
  layer()?.push({ event: 'page_view', page_path: path });
}

export function trackEvent(event: AnalyticsEvent): void {
  layer()?.push({ event });
}
