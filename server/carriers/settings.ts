// A courier's connection as configuration gives it: where its API is, the credentials it issued, and
// how it proves a push is its own. A courier with credentials is live (its real adapter books and
// is polled); without, the sandbox courier of the same code stands in. Push authentication is
// configured on its own, so a courier may push before it is polled.

/** How a courier proves a webhook call is its own. */
export type PushAuth =
  /** a shared token in a header (Shiprocket's webhook_key, a token Delhivery is asked to send) */
  | { scheme: 'token'; header: string; token: string }
  /** hex or base64 HMAC-SHA256 of the raw body with a shared secret (Ekart's webhook secret) */
  | { scheme: 'hmac'; header: string; secret: string }
  /** calls only from the courier's listed addresses (Delhivery's and Blue Dart's IP allow-lists) */
  | { scheme: 'ip'; allow: string[] };

export interface CourierSettings {
  /** the courier's API base, e.g. https://track.delhivery.com */
  baseUrl?: string;
  /** a static API token (Delhivery's and Shadowfax's `Authorization: Token …`, DTDC) */
  apiToken?: string;
  /** a login email (Xpressbees' shipping API logs in with email and password) */
  email?: string;
  /** login credentials for couriers that issue short-lived tokens (Ekart, Xpressbees, Blue Dart) */
  clientId?: string;
  clientSecret?: string;
  username?: string;
  password?: string;
  /** a customer code the courier issued (Gati's custCode) */
  customerCode?: string;
  /** the courier's encrypted form of the customer code, sent in its URLs (Gati's p1/p3) */
  encodedCustomerCode?: string;
  /** a key for its tracking calls (Gati's p2 of GatiKWEDktJTrack.jsp) */
  apiKey?: string;
  push?: PushAuth;
}

/**
 * Each courier code's environment prefix: DELHIVERY_TOKEN, DELHIVERY_BASE_URL, … A courier
 * account serves all its codes (Delhivery's one token books surface, heavy and mid-weight;
 * Xpressbees' one login books standard and same-day), so those codes share a prefix.
 */
export const COURIER_ENV_PREFIX: Readonly<Record<string, string>> = {
  AZ: 'AMAZON_SHIPPING',
  'SW-BD': 'SHIPWAY_BLUEDART',
  DE: 'DELHIVERY',
  DEHW: 'DELHIVERY',
  DEMW: 'DELHIVERY',
  'SW-EX': 'SHIPWAY_ECOM',
  EX: 'ECOM_EXPRESS',
  'SW-SM': 'SHIPWAY_SMARTR',
  SF: 'SHADOWFAX',
  XB: 'XPRESSBEES',
  XBSDD: 'XPRESSBEES',
  EK: 'EKART',
  UB: 'UBER',
  GT: 'GATI',
  /** Delhivery's LTL (B2B freight) API: its own host and login, apart from the parcel account */
  'DE-LTL': 'DELHIVERY_LTL',
};

/**
 * Whether the courier's API credentials are given: its real adapter is used when one is
 * registered. The base URL is not a credential: an adapter defaults it to the courier's production
 * host, and a staging host or a local stand-in takes its place through `<PREFIX>_BASE_URL`.
 */
export const hasCredentials = (s: CourierSettings | undefined): boolean =>
  !!s &&
  !!(
    s.apiToken ||
    (s.email && s.password) ||
    (s.clientId && s.clientSecret) ||
    (s.clientId && s.username && s.password) ||
    (s.username && s.password) ||
    (s.customerCode && s.encodedCustomerCode)
  );

function pushAuthOf(env: NodeJS.ProcessEnv, prefix: string): PushAuth | undefined {
  const token = env[`${prefix}_WEBHOOK_TOKEN`];
  if (token) return { scheme: 'token', header: env[`${prefix}_WEBHOOK_HEADER`] || 'x-webhook-token', token };
  const secret = env[`${prefix}_WEBHOOK_SECRET`];
  if (secret) return { scheme: 'hmac', header: env[`${prefix}_WEBHOOK_HEADER`] || 'x-signature', secret };
  const allow = env[`${prefix}_WEBHOOK_ALLOW`];
  if (allow)
    return {
      scheme: 'ip',
      allow: allow
        .split(',')
        .map((a) => a.trim())
        .filter(Boolean),
    };
  return undefined;
}

/** The couriers the environment configures; a code with nothing set is absent (the sandbox). */
export function readCourierSettings(env: NodeJS.ProcessEnv): Record<string, CourierSettings> {
  const out: Record<string, CourierSettings> = {};
  for (const [code, prefix] of Object.entries(COURIER_ENV_PREFIX)) {
    const s: CourierSettings = {
      baseUrl: env[`${prefix}_BASE_URL`] || undefined,
      // `_TOKEN` is the documented name; `_API_TOKEN` is read too, as earlier configurations spelled it
      apiToken: env[`${prefix}_TOKEN`] || env[`${prefix}_API_TOKEN`] || undefined,
      email: env[`${prefix}_EMAIL`] || undefined,
      clientId: env[`${prefix}_CLIENT_ID`] || undefined,
      clientSecret: env[`${prefix}_CLIENT_SECRET`] || undefined,
      username: env[`${prefix}_USERNAME`] || undefined,
      password: env[`${prefix}_PASSWORD`] || undefined,
      customerCode: env[`${prefix}_CUST_CODE`] || undefined,
      encodedCustomerCode: env[`${prefix}_ENC_CUST_CODE`] || undefined,
      apiKey: env[`${prefix}_API_KEY`] || undefined,
      push: pushAuthOf(env, prefix),
    };
    if (Object.values(s).some((v) => v !== undefined)) out[code] = s;
  }
  return out;
}
