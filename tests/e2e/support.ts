import { pathOf } from '../../src/domain/operation';
import assert from 'node:assert/strict';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { after, before } from 'node:test';
import { join } from 'node:path';
import { createRequire } from 'node:module';
import { ROOT, serverScript, startServerProcess, type ServerProcess } from '../../scripts/server-process';
import {
  copyOfTemplate,
  createMigratedTemplate,
  createTestDatabase,
  releaseCopy,
  withDatabase,
} from '../../scripts/pg-admin';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { API_ACCOUNT, API } from '../../src/domain/account-contract';
import { type Paged } from '../../src/domain/paging';
import { STORAGE_KEYS } from '../../src/domain/constants';
import { REFRESH_COOKIE } from '../../server/modules/auth/cookie';
import { API_TEAM } from '../../src/domain/team-contract';
import { API_WALLET } from '../../src/domain/wallet-contract';
import { API_ORDERS, type OrderDetail, type OrderRow } from '../../src/domain/orders-contract';
import { API_SETUP, type PickupAddressRow } from '../../src/domain/setup-contract';
import { isScreen, screenOf } from './route-walk-plan';
import { followRefreshes } from './session-refreshes';
import { codesShownIn } from '../../src/domain/display-labels';
import { API_REGISTRATION } from '../../src/domain/registration-contract';
import { API_AUTH } from '../../src/domain/auth-contract';

// End-to-end support: the real product (server/main.ts serving the built SPA on a fresh
// embedded database) driven by Debian's Chromium through playwright-core.

export { ROOT };
export const SCREENS_DIR = join(ROOT, 'test-results/screens');
export const DEMO = {
  seller: { email: 'seller@demo.dakiya.in', password: 'Seller@123' },
  seller2: { email: 'meera@demo.dakiya.in', password: 'Seller@123' },
  staff: { email: 'ops@dakiya.in', password: 'Staff@123' },
};

export type RunningApp = ServerProcess;

/** A migrated, empty embedded database that run.ts leaves for each file's server to start on a copy of. */
export const PGLITE_TEMPLATE_ENV = 'E2E_PGLITE_TEMPLATE';

/** A migrated, empty PostgreSQL database (its URL) that run.ts leaves for each file's server to start on a copy of. */
export const PG_TEMPLATE_ENV = 'E2E_PG_TEMPLATE';

/** A fresh database on the server at `url`, migrated, to copy from; drop() removes it. */
export const createPgTemplate = (url: string) => createMigratedTemplate(url, `dakiya_e2e_tpl_${process.pid}`);

let copies = 0;

/** The server's database: a copy of run.ts's PostgreSQL template, or of its embedded one in a temporary folder. */
async function freshDatabase(): Promise<{ env: Record<string, string>; drop: () => Promise<void> }> {
  const pgTemplate = process.env[PG_TEMPLATE_ENV];
  if (pgTemplate) {
    const template = new URL(pgTemplate).pathname.slice(1);
    const name = copyOfTemplate(template, `${process.pid}_${++copies}`);
    // two files may copy the template at once; PostgreSQL refuses a copy while another holds it
    for (let attempt = 0; ; attempt++) {
      try {
        await createTestDatabase(withDatabase(pgTemplate, 'postgres'), name, template);
        break;
      } catch (e) {
        if (attempt >= 20 || !/being accessed by other users/.test(String(e))) throw e;
        await new Promise((r) => setTimeout(r, 250 + Math.random() * 500));
      }
    }
    // dropped with the template when run.ts ends (copyOfTemplate says why)
    return {
      env: { DATABASE_URL: withDatabase(pgTemplate, name) },
      drop: () => releaseCopy(withDatabase(pgTemplate, 'postgres'), name),
    };
  }
  const dir = mkdtempSync(join(tmpdir(), 'dakiya-e2e-'));
  const template = process.env[PGLITE_TEMPLATE_ENV];
  if (template) cpSync(template, join(dir, 'pglite'), { recursive: true });
  return {
    env: { DATABASE_URL: '', DATA_DIR: join(dir, 'pglite') },
    drop: async () => rmSync(dir, { recursive: true, force: true }),
  };
}

/** The product on a fresh database of its own, in development mode; a busy CI machine may take minutes to start it. */
export async function startApp(env: Record<string, string> = {}): Promise<RunningApp> {
  const database = await freshDatabase();
  const app = await startServerProcess(
    serverScript('main'),
    { ...database.env, NODE_ENV: 'development', ...env },
    '/api/v1/app-config',
    240_000,
  );
  return {
    ...app,
    stop: async () => {
      await app.stop();
      await database.drop();
    },
  };
}

/** What a browser-test file works on: its own app and browser, started before its tests. */
export interface AppStage {
  /** the app's address (set once the file's `before` has run) */
  readonly url: string;
  readonly browser: Browser;
}

/**
 * Starts the app (with these settings) and a browser before the file's tests, then the file's own
 * `setup` on them, and stops both after. (A file's top-level `before` hooks start as they are
 * declared, not one after another, so what needs the app goes in `setup`.)
 */
export function appStage(env: Record<string, string> = {}, setup?: (stage: AppStage) => Promise<void>): AppStage {
  let app: RunningApp | undefined;
  let browser: Browser | undefined;
  const stage: AppStage = {
    get url() {
      return app!.url;
    },
    get browser() {
      return browser!;
    },
  };
  before(async () => {
    // side by side: the browser starts while the server waits on its database; what did start is
    // kept for after() to stop, whichever failed
    const [started, launched] = await Promise.allSettled([startApp(env), launchBrowser()]);
    if (started.status === 'fulfilled') app = started.value;
    if (launched.status === 'fulfilled') browser = launched.value;
    if (started.status === 'rejected') throw started.reason;
    if (launched.status === 'rejected') throw launched.reason;
    await setup?.(stage);
  });
  after(async () => {
    await browser?.close();
    await app?.stop();
  });
  return stage;
}

// Debian's headless shell (package chromium-headless-shell) is the same Blink without the full
// browser around it: the same files ran on about a quarter less CPU than on /usr/bin/chromium
const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';

export async function launchBrowser(): Promise<Browser> {
  // playwright-core gives each launch a fresh temporary profile (the --user-data-dir of the notes)
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH || (existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : '/usr/bin/chromium'),
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      // The pages' scripts run once or twice a test: V8's optimising compilers (Maglev, TurboFan)
      // spent more on compiling them than they saved. Without them, six files took 171.2 s and
      // 152.6 s instead of 197.2 s and 178.9 s, and three others 70.4 s instead of 73.5 s.
      '--js-flags=--no-opt --no-maglev',
    ],
  });
}

export const VIEWPORTS = {
  desktop: { width: 1280, height: 800 },
  phone: { width: 375, height: 740 },
};

export async function newPage(
  browser: Browser,
  viewport = VIEWPORTS.desktop,
  /** the browser's language (navigator.languages and Accept-Language) */
  locale = 'en-IN',
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ viewport, locale, timezoneId: 'Asia/Kolkata' });
  const page = await context.newPage();
  page.setDefaultTimeout(15_000);
  context.on('page', (p) => {
    followScreens(p);
    followRefreshes(p);
  });
  followScreens(page);
  followRefreshes(page);
  return { context, page };
}

// Accessibility: axe-core in the page (injected; @axe-core/playwright wants a newer Node) on every
// screen a test records with screenshot(), at 1280 px and 375 px; serious or critical violations fail.
// A screen is its route-table path (/orders/42 and /orders/43 are one screen, /orders/new another).

const AXE_SCRIPT = createRequire(import.meta.url).resolve('axe-core/axe.min.js');
let axeText: string | null = null;
const axeSource = () => (axeText ??= readFileSync(AXE_SCRIPT, 'utf8'));
const FAILING_IMPACTS = ['serious', 'critical'];
const opened = new Set<string>();
const checked = new Set<string>();

function followScreens(page: Page) {
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame() && frame.url().startsWith('http') && isScreen(new URL(frame.url()).pathname))
      opened.add(screenOf(frame.url()));
  });
}

/** Where each browser-test process leaves the screens it opened and checked; run.ts sums them up at the end. */
export const SCREEN_RECORDS_DIR = join(ROOT, 'test-results/a11y-screens');

process.on('exit', () => {
  if (!opened.size) return;
  mkdirSync(SCREEN_RECORDS_DIR, { recursive: true });
  writeFileSync(
    join(SCREEN_RECORDS_DIR, `${process.pid}.json`),
    JSON.stringify({ opened: [...opened], checked: [...checked] }),
  );
});

interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: unknown[]; failureSummary?: string }[];
}

/** What the tests use of axe-core in the page: its run, and its rules with the impact each declares. */
interface AxeInPage {
  run: (o: object) => Promise<{ violations: AxeViolation[] }>;
  _audit?: { rules: { id: string; impact?: string }[] };
}

/** axe's serious and critical violations on the page as it is now, at its current width, one line each. */
export async function axeFailures(page: Page): Promise<string[]> {
  // evaluated through the browser's debugging protocol, which the page's Content-Security-Policy
  // does not govern (a script tag would be refused, as it should be)
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axeSource());
  const violations = await page.evaluate(async (impacts) => {
    const axe = (window as unknown as { axe: AxeInPage }).axe;
    // A rule that declares its impact gives that impact to every violation it finds (axe-core 4.x),
    // so a rule declared minor or moderate can never fail a check here and is not run: 32 of 4.14's
    // 105 rules, among them region, which visits every element of the page.
    const neverFailing = (axe._audit?.rules ?? []).filter((r) => r.impact && !impacts.includes(r.impact));
    const result = await axe.run({
      resultTypes: ['violations'],
      rules: Object.fromEntries(neverFailing.map((r) => [r.id, { enabled: false }])),
    });
    return result.violations.filter((v) => impacts.includes(v.impact ?? ''));
  }, FAILING_IMPACTS);
  checked.add(screenOf(page.url()));
  return violations.map(
    (v) =>
      `${page.viewportSize()?.width} px: ${v.impact} ${v.id} (${v.help}) at ${v.nodes
        .slice(0, 3)
        .map((n) => JSON.stringify(n.target))
        .join(', ')}`,
  );
}

/** The screens (route and state) this process has checked at each width. */
const checkedAtWidth = new Set<string>();
/** A check's name without the width it was taken at: a flow's desktop and phone runs name one state. */
const stateOf = (page: Page, name: string) =>
  `${screenOf(page.url())}|${name.replace(/[-_ ]?(desktop|phone|mobile|1280|375)(px)?/gi, '')}`;

/**
 * Runs axe on the page as it is now at its own width, and at the other width (desktop or phone) unless
 * this state was already checked there: a flow that runs at both widths checks each state twice,
 * not four times, and a flow run at one width still has its states checked at both.
 */
export async function checkAccessibility(page: Page, name = screenOf(page.url())): Promise<void> {
  const original = page.viewportSize();
  const failures: string[] = [];
  const state = stateOf(page, name);
  const widths =
    original?.width === VIEWPORTS.phone.width
      ? [VIEWPORTS.phone, VIEWPORTS.desktop]
      : [VIEWPORTS.desktop, VIEWPORTS.phone];
  for (const viewport of widths) {
    const key = `${state}@${viewport.width}`;
    if (viewport.width !== original?.width && checkedAtWidth.has(key)) continue;
    if (viewport.width !== page.viewportSize()?.width) await page.setViewportSize(viewport);
    failures.push(...(await axeFailures(page)));
    checkedAtWidth.add(key);
  }
  if (original && original.width !== page.viewportSize()?.width) await page.setViewportSize(original);
  if (failures.length) throw new Error(`Accessibility violations on ${name}:\n${failures.join('\n')}`);
}

/**
 * Checks the page with axe and keeps a full-page picture of it to look at. PNG, though a JPEG of a
 * tall page encodes in about half the time: the image viewers on these machines show PNG only.
 */
export async function screenshot(page: Page, name: string): Promise<string> {
  await checkAccessibility(page, name);
  mkdirSync(SCREENS_DIR, { recursive: true });
  const path = join(SCREENS_DIR, `${name}.png`);
  writeFileSync(path, await fullPagePng(page));
  return path;
}

/**
 * The whole page as PNG, through the browser's debugging protocol with its encoder set for speed:
 * the same pixels as Playwright's full-page picture, which asks for the smallest file (the home
 * page 73 ms against 107 ms, medians of five; the file about a third larger).
 */
async function fullPagePng(page: Page): Promise<Buffer> {
  const cdp = await page.context().newCDPSession(page);
  try {
    const { cssContentSize } = await cdp.send('Page.getLayoutMetrics');
    const { data } = await cdp.send('Page.captureScreenshot', {
      format: 'png',
      optimizeForSpeed: true,
      captureBeyondViewport: true,
      clip: { x: 0, y: 0, width: Math.ceil(cssContentSize.width), height: Math.ceil(cssContentSize.height), scale: 1 },
    });
    return Buffer.from(data, 'base64');
  } finally {
    await cdp.detach();
  }
}

interface OutboxRow {
  id: number;
  channel: string;
  recipient: string;
  subject: string;
  body: string;
}

/** The newest 6-digit code sent to a recipient (email address or +91 number), from /api/dev/outbox. */
export async function latestCode(
  appUrl: string,
  recipientIncludes: string,
  afterId = 0,
): Promise<{ code: string; id: number }> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const rows = ((await (await fetch(`${appUrl}/api/dev/outbox`)).json()) as { data: OutboxRow[] }).data;
    const row = rows.find((r) => r.id > afterId && r.recipient.includes(recipientIncludes) && /\b\d{6}\b/.test(r.body));
    if (row) return { code: row.body.match(/\b(\d{6})\b/)![1], id: row.id };
    if (Date.now() > deadline) throw new Error(`no code sent to ${recipientIncludes}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** Logs in through the login page and waits for the seller landing. */
/** The seller signed in through the login screen itself, as a person does (its analytics event, its checks). */
export async function loginThroughScreen(
  page: Page,
  appUrl: string,
  who: { email: string; password: string },
): Promise<void> {
  await page.goto(`${appUrl}/login`);
  await page.getByLabel('Email').waitFor();
  await checkAccessibility(page, 'login');
  await page.getByLabel('Email').fill(who.email);
  await page.getByLabel('Password').fill(who.password);
  await page.getByRole('button', { name: 'Login' }).click();
  await page.waitForURL(/\/home$/);
}

/**
 * The seller signed in, on Home or on the page the test starts from (`landing`, a path of the
 * app). The login itself goes through the API, as the login screen's request does, and the
 * browser is given what that screen leaves it: the refresh cookie and the logged-in marker. The
 * login screen is walked and checked by the route walk and the sign-in tests; loading it before
 * every test cost a second each, and so did loading Home before a test that starts elsewhere.
 */
export async function loginAs(
  page: Page,
  appUrl: string,
  who: { email: string; password: string },
  landing = '/home',
): Promise<void> {
  const res = await fetch(`${appUrl}${API_AUTH.login.path}`, {
    method: 'POST',
    headers: { authorization: `Basic ${Buffer.from(`${who.email}:${who.password}`).toString('base64')}` },
  });
  assert.equal(res.status, 200, `login of ${who.email}: ${res.status}`);
  const cookie = res.headers.getSetCookie().find((c) => c.startsWith(`${REFRESH_COOKIE}=`));
  assert.ok(cookie, 'the login sets the refresh cookie');
  const url = new URL(appUrl);
  await page.context().addCookies([
    {
      name: REFRESH_COOKIE,
      value: cookie.split(';')[0].slice(REFRESH_COOKIE.length + 1),
      domain: url.hostname,
      path: '/api/v1/auth',
      httpOnly: true,
      sameSite: 'Strict',
    },
  ]);
  // the marker lives in the origin's storage, set before the app's first script on this tab's
  // first page (once: a later logout removes it for good)
  await page.addInitScript((key) => {
    if (sessionStorage.getItem('e2e.loginMarked')) return;
    sessionStorage.setItem('e2e.loginMarked', '1');
    localStorage.setItem(key, '1');
  }, STORAGE_KEYS.loggedIn);
  await page.goto(`${appUrl}${landing}`);
}

/** A demo login's bearer token through the API, to set up data without the browser. */
export async function apiToken(appUrl: string, who: { email: string; password: string }): Promise<string> {
  const login = await fetch(`${appUrl}${API_AUTH.login.path}`, {
    method: 'POST',
    headers: { authorization: `Basic ${Buffer.from(`${who.email}:${who.password}`).toString('base64')}` },
  });
  return ((await login.json()) as { data: { accessToken: string } }).data.accessToken;
}

/** Calls the API with a bearer token (GET, or the method given with a JSON body); an error answer fails the test. */
export function apiCaller(appUrl: string, token: string) {
  return async <T>(path: string, init: { method?: string; json?: unknown } = {}): Promise<T> => {
    const res = await fetch(`${appUrl}${path}`, {
      method: init.method ?? 'GET',
      headers: { authorization: `Bearer ${token}`, ...(init.json ? { 'content-type': 'application/json' } : {}) },
      body: init.json ? JSON.stringify(init.json) : undefined,
    });
    const body = (await res.json()) as { data: T; errorMessage?: string };
    assert.ok(res.ok, `${path}: ${res.status} ${body.errorMessage}`);
    return body.data;
  };
}

/**
 * Meera (Pro) moved to Premium through the plan API, paid from a wallet credit staff make first;
 * `key` keeps the credit and the upgrade once. Answers her API caller.
 */
export async function meeraOnPremium(appUrl: string, key: string): Promise<ReturnType<typeof apiCaller>> {
  const staff = apiCaller(appUrl, await apiToken(appUrl, DEMO.staff));
  const meera = apiCaller(appUrl, await apiToken(appUrl, DEMO.seller2));
  const me = await meera<{ oid: number }>('/api/v1/account/details');
  await staff(pathOf(API_WALLET.adjust, { orgId: me.oid }), {
    method: 'POST',
    json: { direction: 'CREDIT', amount: 10000, reason: 'Premium plan float', idempotencyKey: `${key}-float` },
  });
  await meera(API_TEAM.upgrade.path, {
    method: 'PUT',
    json: { plan: 'PREMIUM', billingFrequency: 'MONTHLY', requestKey: `${key}-upgrade` },
  });
  return meera;
}

/** The console errors and uncaught errors of a page, to assert at the end that there were none. */
export function watchErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (m) => m.type() === 'error' && errors.push(`${page.url()}: ${m.text()}`));
  page.on('pageerror', (e) => errors.push(`${page.url()}: ${e.message}`));
  return errors;
}

/**
 * The label table's codes the page shows as words (src/domain/display-labels.ts, with its short
 * allow-list): only text a person sees, as written in the page (not as CSS capitalises it), so
 * folded details, hidden menus and form values do not count.
 */
export async function codesOnScreen(page: Page): Promise<string[]> {
  const text = await page.evaluate(() => {
    const seen: string[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let n = walker.nextNode(); n; n = walker.nextNode()) {
      const parent = n.parentElement;
      if (!parent || !n.textContent?.trim() || parent.closest('script, style, noscript, template')) continue;
      // a registration shown exactly as an outside party issued it (a DLT sender header such as
      // DAKIYA, a template id) is data staff must read verbatim, not a code of ours
      if (parent.closest('[data-verbatim]')) continue;
      if (!parent.checkVisibility({ visibilityProperty: true, opacityProperty: true } as CheckVisibilityOptions))
        continue;
      seen.push(n.textContent);
    }
    return seen.join('\n');
  });
  return codesShownIn(text);
}

/** Whether the page fits its width (nothing scrolls sideways). */
export const fitsWidth = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

/** An order that may ship now: ready to ship, and not awaiting (nor held without) its buyer's COD confirmation. */
export const mayShip = (o: Pick<OrderRow, 'status' | 'codVerification'>) =>
  o.status === 'RTS' && o.codVerification !== 'PENDING' && o.codVerification !== 'EXPIRED';

/**
 * A new seller signed up through the API as the sign-up form does (both contacts proven by their
 * codes); not KYC-verified. The home tour is marked seen unless the test is about the first visit.
 */
export async function signUpSeller(
  appUrl: string,
  who: { firstName: string; lastName: string; companyName: string; email: string; phone: string },
  { firstVisit = false }: { firstVisit?: boolean } = {},
): Promise<{ email: string; password: string }> {
  const password = 'Kyc#Seller1';
  const post = async (path: string, json: unknown) => {
    const res = await fetch(`${appUrl}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(json),
    });
    const body = (await res.json()) as { data: unknown; errorMessage?: string };
    assert.ok(res.ok, `${path}: ${res.status} ${body.errorMessage}`);
    return body.data;
  };
  await post(API_REGISTRATION.sendEmailOtp.path, { firstName: who.firstName, email: who.email });
  await post(API_REGISTRATION.verifyOtp.path, {
    target: who.email,
    otp: (await latestCode(appUrl, who.email)).code,
    firstName: who.firstName,
  });
  await post(API_REGISTRATION.sendPhoneOtp.path, { firstName: who.firstName, phone: who.phone });
  await post(API_REGISTRATION.verifyOtp.path, {
    target: `+91${who.phone}`,
    otp: (await latestCode(appUrl, who.phone)).code,
    firstName: who.firstName,
  });
  const sources = (
    (await (await fetch(`${appUrl}${API.referralSources}`)).json()) as { data: { referralSourceId: number }[] }
  ).data;
  await post(API_REGISTRATION.register.path, {
    ...who,
    password,
    confirmPassword: password,
    tncAccepted: true,
    ipAddress: '49.36.12.7',
    referralSourceId: sources[0].referralSourceId,
  });
  if (!firstVisit)
    await apiCaller(appUrl, await apiToken(appUrl, { email: who.email, password }))(API_ACCOUNT.homeTourSeen.path, {
      method: 'POST',
    });
  return { email: who.email, password };
}

/** Staff's login through the login page, landing on the corporate dashboard. */
export async function staffLoginAs(page: Page, appUrl: string): Promise<void> {
  await page.goto(`${appUrl}/login`);
  await page.getByLabel('Email').fill(DEMO.staff.email);
  await page.getByLabel('Password').fill(DEMO.staff.password);
  await page.getByRole('button', { name: 'Login' }).click();
  await page.waitForURL(/\/dakiya\/dashboard$/);
}

/** Waits until the image has loaded and has pixels: its address answered an image (a private file's signed link works). */
export async function imageShown(img: import('playwright-core').Locator): Promise<void> {
  await img.waitFor();
  // no named functions inside: the page has no __name helper for them
  await img.evaluate(
    (el: HTMLImageElement) =>
      new Promise<void>((resolve, reject) => {
        if (el.complete) return el.naturalWidth > 0 ? resolve() : reject(new Error(`image not shown: ${el.src}`));
        el.addEventListener('load', () => resolve(), { once: true });
        el.addEventListener('error', () => reject(new Error(`image not shown: ${el.src}`)), { once: true });
      }),
  );
}

/** A page from the seller's menu at 1280 px: its group's menu opened, then the link. */
export async function openFromSellerMenu(page: Page, group: string, link: string): Promise<void> {
  const nav = page.getByRole('navigation', { name: 'Main' });
  await nav.getByRole('button', { name: group }).click();
  await nav.getByRole('link', { name: link, exact: true }).click();
}

const todayIst = () => new Date(Date.now() + 330 * 60_000).toISOString().slice(0, 10);

/** A new COD order of one vase from the seller's verified pickup address (its COD verification rules then weigh it). */
export async function codOrder(
  call: ReturnType<typeof apiCaller>,
  buyerName: string,
  buyerPhone: string,
  over: Record<string, unknown> = {},
) {
  const addresses = await call<Paged<PickupAddressRow>>(API_SETUP.addresses.path);
  const pickup = addresses.items.find((a) => a.verified) ?? addresses.items[0];
  return call<OrderDetail>(API_ORDERS.orders.path, {
    method: 'POST',
    json: {
      orderDate: todayIst(),
      paymentMethod: 'COD',
      buyerName,
      buyerPhone,
      shipping: { line1: '12, 4th Cross, Indiranagar', pincode: '560038' },
      items: [{ name: 'Blue Pottery Vase', sku: 'BPV-12', quantity: 1, unitPrice: 1450, taxRatePercent: 12 }],
      lengthCm: 30,
      breadthCm: 20,
      heightCm: 15,
      deadWeightKg: 1.2,
      pickupAddressId: pickup.addressId,
      ...over,
    },
  });
}
