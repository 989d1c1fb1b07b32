import { API_COD, type SellerPayoutList } from '../../src/domain/cod-contract';
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import type { BrowserContext, Page } from 'playwright-core';
import { API_ORDERS, type OrderRow } from '../../src/domain/orders-contract';
import { API_SHIPPING, type RateAnswer, type ShipmentInfo } from '../../src/domain/shipping-contract';
import { pathOf } from '../../src/domain/operation';
import { API_RETURNS } from '../../src/domain/returns-contract';
import { API_SETUP } from '../../src/domain/setup-contract';
import { API_WEIGHT, WEIGHT_COURIER_FILES, type SellerDiscrepancyList } from '../../src/domain/weight-contract';
import { ALL_PATHS, routeExists } from '../../src/routes/route-paths';
import { API_ACCOUNT } from '../../src/domain/account-contract';
import { API_TICKETS, type TicketDetail } from '../../src/domain/tickets-contract';
import {
  needsAddress,
  REDIRECTS,
  screenOf,
  WALK_BY_ROLE,
  WALKED_ELSEWHERE,
  type AddressedPath,
} from './route-walk-plan';
import { API_TEAM } from '../../src/domain/team-contract';
import {
  apiCaller,
  apiToken,
  axeFailures,
  codesOnScreen,
  DEMO,
  loginAs,
  meeraOnPremium,
  newPage,
  SCREENS_DIR,
  screenshot,
  staffLoginAs,
  VIEWPORTS,
  appStage,
} from './support';
import { reasonCode, sandboxControl } from './sandbox-parcels';
import { refreshesSettled } from './session-refreshes';

// What a new seller trips over, each checked where it showed, and a walk over every route of the
// route table (route-walk-plan.ts: seller app as a demo seller, corporate area as staff, public and
// buyer pages logged out) at 375 px and 1280 px that fails on an axe violation, on horizontal
// overflow, on a link to a path the route table does not have, on an internal code shown in
// place of its words, and on any console error. One server, one browser and one page per role.

let seller: { context: BrowserContext; page: Page };
const consoleErrors = new Map<Page, string[]>();

function watchConsole(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (m) => m.type() === 'error' && errors.push(`${page.url()}: ${m.text()}`));
  page.on('pageerror', (e) => errors.push(`${page.url()}: ${e.message}`));
  consoleErrors.set(page, errors);
  return errors;
}

const stage = appStage({}, async ({ url, browser }) => {
  seller = await newPage(browser, VIEWPORTS.desktop);
  watchConsole(seller.page);
  await loginAs(seller.page, url, DEMO.seller2);
});

/** What fails a page: wider than the window, a link to no route, console errors since the last check. */
async function pageProblems(page: Page, label: string): Promise<string[]> {
  const problems: string[] = [];
  const { scrollWidth, innerWidth, hrefs } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    innerWidth: window.innerWidth,
    hrefs: [...document.querySelectorAll('a[href]')].map((a) => (a as HTMLAnchorElement).href),
  }));
  if (scrollWidth > innerWidth) problems.push(`${label}: ${scrollWidth} px wide in a ${innerWidth} px window`);
  for (const href of new Set(hrefs)) {
    const url = new URL(href);
    if (url.origin !== new URL(stage.url).origin || url.pathname.startsWith('/api/')) continue;
    if (!routeExists(url.pathname))
      problems.push(`${label}: a link to ${url.pathname}, which is not in the route table`);
  }
  const errors = consoleErrors.get(page) ?? [];
  problems.push(...errors.splice(0).map((e) => `${label}: console error ${e}`));
  return problems;
}

/** Opens a path once no session refresh of the current page is under way (session-refreshes.ts). */
async function go(page: Page, path: string) {
  await refreshesSettled(page);
  await page.goto(`${stage.url}${path}`);
}

test('login and sign-up fit a 375 px phone: the form is not cut off', async () => {
  const { page, context } = await newPage(stage.browser, VIEWPORTS.phone);
  for (const path of ['/login', '/signup']) {
    await go(page, `${path}`);
    await page.getByRole('main').getByRole('button').first().waitFor();
    const { scrollWidth, innerWidth, cardRight } = await page.evaluate(() => ({
      scrollWidth: document.documentElement.scrollWidth,
      innerWidth: window.innerWidth,
      cardRight: document.querySelector('.auth-card')!.getBoundingClientRect().right,
    }));
    assert.ok(scrollWidth <= innerWidth, `${path} is ${scrollWidth} px wide`);
    assert.ok(cardRight <= innerWidth, `${path}: the form ends at ${cardRight} px`);
    await screenshot(page, `new-seller${path.replace('/', '-')}-phone`);
  }
  // the new password says how strong it is as it is typed (spec section 5: Weak, Medium, Strong)
  const form = page.getByRole('form', { name: 'Sign up' });
  const password = form.getByLabel('Password', { exact: true });
  const strength = form.locator('.password-strength');
  assert.equal(await strength.textContent(), 'Enter a password');
  for (const [typed, level] of [
    ['abcdefgh', 'Weak'],
    ['Abcdefg1', 'Medium'],
    ['Abcdefg1!', 'Strong'],
  ] as const) {
    await password.fill(typed);
    await strength.getByText(`Password strength: ${level}`).waitFor();
    assert.match((await password.getAttribute('aria-describedby')) ?? '', /-strength/);
    await screenshot(page, `new-seller-password-${level.toLowerCase()}-phone`);
  }
  await context.close();
});

test('menus and Home offer only pages that exist; a logged-in seller’s 404 keeps their frame and menu', async () => {
  const { page } = seller;
  for (const [name, viewport] of Object.entries(VIEWPORTS)) {
    await page.setViewportSize(viewport);
    await go(page, `/home`);
    await page.getByRole('heading', { name: /Namaste, / }).waitFor();
    if (name === 'phone') await page.getByRole('button', { name: 'Open menu' }).click();
    const links = await page
      .locator('a[href]')
      .evaluateAll((as) => as.map((a) => new URL((a as HTMLAnchorElement).href).pathname));
    for (const path of links) assert.ok(routeExists(path), `Home links to ${path}`);
    // the profile exists now: the menu offers it (the tour's seventh step)
    if (name === 'phone')
      assert.ok((await page.getByRole('link', { name: 'Profile', exact: true }).count()) > 0, 'Profile is offered');
    // Help is a menu of its own (the help desk when it exists, and the tour)
    for (const gone of ['Help', 'Complete KYC']) {
      assert.equal(
        await page.getByRole('link', { name: gone, exact: true }).count(),
        0,
        `${gone} is offered at ${name}`,
      );
    }
    await screenshot(page, `new-seller-home-menu-${name}`);
    if (name === 'phone') await page.keyboard.press('Escape');
    await go(page, `/no-such-page`);
    await page.waitForURL(/\/error$/);
    await page.getByRole('heading', { name: '404 Page Not Found!' }).waitFor();
    await page
      .getByRole('banner')
      .getByRole('button', { name: name === 'phone' ? 'Open menu' : 'Orders' })
      .waitFor();
    assert.equal(await page.getByRole('link', { name: 'Login' }).count(), 0);
    await screenshot(page, `new-seller-404-${name}`);
    await page.getByRole('link', { name: 'Go to home' }).click();
    await page.waitForURL(/\/home$/);
  }
  await page.setViewportSize(VIEWPORTS.desktop);
});

test('Home says there is nothing to download when no shipment waits for pickup', async () => {
  const { page } = seller;
  await go(page, `/home`);
  const card = page.getByRole('region', { name: 'Waiting for pickup' });
  await card.getByLabel('Shipments').selectOption('7');
  await card.getByRole('button', { name: 'Download labels' }).click();
  await card.getByText('Nothing to download: no shipment booked 7 days ago waits for pickup').waitFor();
  await screenshot(page, 'new-seller-home-nothing-to-download');
  consoleErrors.get(page)?.splice(0); // the 404 of that request is the answer, not a fault
});

test('dialogs sit above the sticky header, and a short wallet keeps the courier choices beside the recharge', async () => {
  const { page } = seller;
  for (const [name, viewport] of Object.entries(VIEWPORTS)) {
    await page.setViewportSize(viewport);
    await go(page, `/orders`);
    await page.locator('a[href^="/orders/"]').filter({ hasText: /\S/ }).first().waitFor();
    const orderLink = page.locator('a[href^="/orders/"]').filter({ hasText: /^ORD-/ }).first();
    await orderLink.click();
    await page.getByRole('button', { name: 'Ship now' }).click();
    const dialog = page.getByRole('dialog');
    const couriers = dialog.getByRole('list', { name: 'Couriers' });
    await couriers.waitFor();
    // the top of the dialog is the dialog's own, not the header's
    await dialog.evaluate((d) => d.scrollTo(0, 0));
    const box = (await dialog.boundingBox())!;
    const onTop = await page.evaluate(
      ([x, y]) => !!document.elementFromPoint(x, y)?.closest('[role="dialog"]'),
      [box.x + box.width / 2, box.y + 4],
    );
    assert.ok(onTop, `${name}: something covers the top of the ship dialog`);
    const radios = couriers.getByRole('radio');
    const count = await radios.count();
    assert.ok(count >= 2);
    // the wallet falls short (the server's answer for a seller without float, as it words it)
    await page.route('**/api/v1/**/ship', (route) =>
      route.request().method() === 'POST'
        ? route.fulfill({
            status: 422,
            contentType: 'application/json',
            body: JSON.stringify({
              errorMessage:
                'Insufficient wallet balance: this shipment costs ₹90.00 and your wallet has ₹10.00. Recharge at least ₹80.00 to ship it',
            }),
          })
        : route.fallback(),
    );
    await dialog.getByRole('button', { name: 'Ship now' }).click();
    await dialog.getByText(/^Insufficient wallet balance/).waitFor();
    assert.equal(await radios.count(), count, 'the courier choices stay');
    const other = radios.nth(count - 1);
    assert.equal(await other.isEnabled(), true);
    await other.check();
    assert.equal(await other.isChecked(), true);
    await dialog.getByRole('link', { name: /Recharge wallet/ }).waitFor();
    await dialog.getByRole('button', { name: 'Ship now' }).waitFor();
    await screenshot(page, `new-seller-ship-short-wallet-${name}`);
    await page.unrouteAll();
    await page.keyboard.press('Escape');
    consoleErrors.get(page)?.splice(0); // the refused booking's 422 is the answer shown
    // add product, the other tall dialog
    // in-app navigation: no reload while the refresh cookie may be turning over
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    await page.evaluate(() => {
      history.pushState({}, '', '/setup/products');
      dispatchEvent(new PopStateEvent('popstate'));
    });
    await page.getByRole('button', { name: 'Add product' }).click();
    const add = page.getByRole('dialog');
    await add.waitFor();
    const addBox = (await add.boundingBox())!;
    assert.ok(
      await page.evaluate(
        ([x, y]) => !!document.elementFromPoint(x, y)?.closest('[role="dialog"]'),
        [addBox.x + addBox.width / 2, Math.max(addBox.y, 0) + 4],
      ),
      `${name}: something covers the top of the add product dialog`,
    );
    await screenshot(page, `new-seller-add-product-${name}`);
    await page.keyboard.press('Escape');
  }
  await page.setViewportSize(VIEWPORTS.desktop);
});

test('a reload keeps the seller panel (staff session) and the staff member’s own session', async () => {
  const { page, context } = await newPage(stage.browser, VIEWPORTS.desktop);
  watchConsole(page);
  await go(page, `/login`);
  await page.getByLabel('Email').fill(DEMO.staff.email);
  await page.getByLabel('Password').fill(DEMO.staff.password);
  await page.getByRole('button', { name: 'Login' }).click();
  await page.waitForURL(/\/dakiya\/dashboard$/);
  const [panel] = await Promise.all([
    context.waitForEvent('page'),
    page.getByRole('button', { name: `Open seller panel for ${DEMO.seller.email}` }).click(),
  ]);
  const banner = panel.getByRole('region', { name: 'Staff session' });
  await banner.getByText('Viewing as Aarav Traders — staff session').waitFor();
  await panel.reload();
  await panel.waitForURL(/\/home$/);
  await banner.getByText('Viewing as Aarav Traders — staff session').waitFor();
  await panel.getByRole('heading', { name: 'Namaste, Aarav Sharma' }).waitFor();
  await screenshot(panel, 'new-seller-panel-after-reload');
  // the staff tab is still signed in
  await page.reload();
  await page.waitForURL(/\/dakiya\/dashboard$/);
  await page.getByText(DEMO.seller.email).first().waitFor();
  // Exit ends the panel only; the panel closes itself, which may be before the click has returned
  const closed = panel.waitForEvent('close');
  await banner
    .getByRole('button', { name: 'Exit seller panel' })
    .click()
    .catch((e: unknown) => {
      if (!panel.isClosed()) throw e;
    });
  await closed;
  await page.reload();
  await page.getByText(DEMO.seller.email).first().waitFor();
  assert.deepEqual(await pageProblems(page, 'staff'), []);
  await context.close();
});

test('the forced password change survives a reload, and a second request is told when it can be sent', async () => {
  const { page, context } = await newPage(stage.browser, VIEWPORTS.phone);
  const who = DEMO.seller.email;
  await go(page, `/login`);
  await page.getByRole('button', { name: 'Forgot password?' }).click();
  await page.getByLabel('Email').fill(who);
  await page.getByRole('button', { name: 'Send password' }).click();
  await page
    .getByText('Password sent to registered email. If it does not arrive, you can ask for a new one in 60 seconds.')
    .waitFor();
  const rows = (
    (await (await fetch(`${stage.url}/api/dev/outbox`)).json()) as { data: { recipient: string; body: string }[] }
  ).data;
  const temp = /temporary password is: (\S+)/.exec(rows.find((r) => r.recipient === who)!.body)![1];
  await page.getByLabel('Password').fill(temp);
  await page.getByRole('button', { name: 'Login' }).click();
  await page.waitForURL(/\/change_password$/);
  await page
    .getByText('Please change your password to continue')
    .first()
    .waitFor()
    .catch(() => undefined);
  await page.reload();
  await page.getByRole('form', { name: 'Change password' }).waitFor();
  assert.match(page.url(), /\/change_password$/);
  await screenshot(page, 'new-seller-password-change-after-reload');
  // asking again at once: told when, not told it was sent
  const elsewhere = await newPage(stage.browser, VIEWPORTS.phone);
  const other = elsewhere.page;
  await other.goto(`${stage.url}/login`);
  await other.getByRole('button', { name: 'Forgot password?' }).click();
  await other.getByLabel('Email').fill(who);
  await other.getByRole('button', { name: 'Send password' }).click();
  await other.getByText(/You can ask for a new one in \d+ seconds/).waitFor();
  assert.equal(await other.getByText('Password sent to registered email').count(), 0);
  await elsewhere.context.close();
  // the change itself goes through after the reload
  await page.getByLabel('Current password').fill(temp);
  await page.getByLabel('New password', { exact: true }).fill('Fresh#Pass9');
  await page.getByLabel('Confirm new password').fill('Fresh#Pass9');
  await page.getByRole('button', { name: 'Change password' }).click();
  await page.waitForURL(/\/home$/);
  await context.close();
});

/** Books one of the second demo seller's orders through the API: a real parcel for the buyer's tracking addresses. */
async function shipOneOrder(): Promise<ShipmentInfo> {
  const api = apiCaller(stage.url, await apiToken(stage.url, DEMO.seller2));
  const [order] = (await api<{ items: OrderRow[] }>(`${API_ORDERS.orders.path}?searchPattern=Arjun`)).items;
  const { quotes } = await api<RateAnswer>(pathOf(API_SHIPPING.courierQuotes, { orderId: order.orderId }));
  return api<ShipmentInfo>(pathOf(API_SHIPPING.ship, { orderId: order.orderId }), {
    method: 'POST',
    json: { carrierCode: quotes[0].carrierCode },
  });
}

/** The path of the NDR answer link in the buyer's SMS about an order (waits for the courier's report). */
async function ndrLinkPath(orderNumber: string): Promise<string> {
  for (let i = 0; i < 60; i++) {
    const outbox = ((await (await fetch(`${stage.url}/api/dev/outbox`)).json()) as { data: { body: string }[] }).data;
    const link = outbox
      .filter((m) => m.body.includes(orderNumber))
      .map((m) => /https?:\/\/\S+(\/ndr\/[^\s/]+)/.exec(m.body)?.[1])
      .find(Boolean);
    if (link) return link;
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`no NDR link sent about ${orderNumber}`);
}

/** An invitation of the Pro demo seller's team, for /invite/:token (opening the page does not use it). */
async function invitationPath(): Promise<string> {
  const call = apiCaller(stage.url, await apiToken(stage.url, DEMO.seller2));
  const email = 'walk.invite@example.in';
  await call(API_TEAM.invite.path, {
    method: 'POST',
    json: { firstName: 'Walk', lastName: 'Invite', username: 'walkinvite', email, phone: '9876501234', role: 'USER' },
  });
  const outbox = (
    (await (await fetch(`${stage.url}/api/dev/outbox`)).json()) as {
      data: { recipient: string; body: string }[];
    }
  ).data;
  const link = outbox.filter((m) => m.recipient === email).map((m) => /\/invite\/[A-Za-z0-9_-]+/.exec(m.body)?.[0])[0];
  if (!link) throw new Error('no invitation link sent');
  return link;
}

/** A standalone return of the demo seller (an order sold elsewhere), for /returns/:returnId. */
async function oneReturn(): Promise<number> {
  const call = apiCaller(stage.url, await apiToken(stage.url, DEMO.seller2));
  const [address] = (await call<{ items: { addressId: number }[] }>(API_SETUP.addresses.path)).items;
  const created = await call<{ returnId: number }>(API_RETURNS.standalone.path, {
    method: 'POST',
    json: {
      orderNumber: 'WEB-WALK-1',
      buyerName: 'Asha Verma',
      buyerPhone: '9876543210',
      buyerAddress: { line1: '4, Civil Lines', line2: '', pincode: '302006' },
      items: [{ name: 'Table runner', sku: 'TR-1', quantity: 1, unitPrice: 300 }],
      reason: 'NO_LONGER_NEEDED',
      subReason: 'ORDERED_BY_MISTAKE',
      returnToKind: 'PICKUP_ADDRESS',
      returnToId: address.addressId,
      refundDecision: 'REFUND',
      lengthCm: 30,
      breadthCm: 20,
      heightCm: 5,
      deadWeightKg: 0.5,
    },
  });
  return created.returnId;
}

/** A weight discrepancy on the parcel (a courier's file imported by staff), for /weight-discrepancies/:discrepancyId. */
async function oneDiscrepancy(awb: string): Promise<number> {
  const staff = await apiToken(stage.url, DEMO.staff);
  const form = new FormData();
  const csv = `awb,chargedWeightKg,lengthCm,breadthCm,heightCm,hubPhotoUrl\n${awb},9.5,50,40,40,\n`;
  form.set('file', new File([csv], 'courier.csv', { type: 'text/csv' }));
  const files = WEIGHT_COURIER_FILES;
  const up = await fetch(`${stage.url}${files.upload.path}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${staff}` },
    body: form,
  });
  assert.ok(up.ok, `courier file: ${up.status}`);
  const seller = apiCaller(stage.url, await apiToken(stage.url, DEMO.seller2));
  for (let i = 0; i < 50; i++) {
    const list = await seller<SellerDiscrepancyList>(`${API_WEIGHT.discrepancies.path}?searchPattern=${awb}`);
    if (list.items.length) return list.items[0].discrepancyId;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`no weight discrepancy raised on ${awb}`);
}

/** A help-desk ticket of the Pro demo seller, for /help/tickets/:ticketId and /dakiya/tickets/:ticketId. */
async function oneTicket(): Promise<number> {
  const call = apiCaller(stage.url, await apiToken(stage.url, DEMO.seller2));
  const ticket = await call<TicketDetail>(API_TICKETS.raise.path, {
    method: 'POST',
    json: {
      category: 'PICKUP',
      subject: 'Pickup not attempted',
      description: 'The courier did not come for the pickup booked for today.',
    },
  });
  return ticket.ticketId;
}

/** The COD confirmation link of a demo order awaiting its buyer (server/seeds/cod-verification-demo.ts), from the SMS. */
async function codConfirmationPath(): Promise<string> {
  const outbox = ((await (await fetch(`${stage.url}/api/dev/outbox`)).json()) as { data: { body: string }[] }).data;
  const link = outbox.map((m) => /https?:\/\/\S+(\/cod\/[^\s/]+)/.exec(m.body)?.[1]).find(Boolean);
  if (!link) throw new Error('no COD confirmation link sent');
  return link;
}

/**
 * Opens a walked address and waits for its screen: a heading, no spinner left (the DOM is enough:
 * live streams never let the network go quiet).
 */
async function walkTo(page: Page, path: string) {
  await refreshesSettled(page);
  await page.goto(`${stage.url}${path}`, { waitUntil: 'domcontentloaded' });
  await page.locator('h1, h2').first().waitFor();
  await page
    .locator('.spinner')
    .first()
    .waitFor({ state: 'detached', timeout: 5_000 })
    .catch(() => undefined);
}

/** Two animation frames: the layout and paint after a resize are done. */
const afterLayout = (page: Page) =>
  page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));

/** A full-page picture of a walked route, to look at (E2E_WALK_SHOTS=1: they double the walk's time). */
async function walkShot(page: Page, label: string) {
  if (!process.env.E2E_WALK_SHOTS) return;
  mkdirSync(SCREENS_DIR, { recursive: true });
  const name = `walk-${label.replace(/[^a-z0-9]+/gi, '-').replace(/^-|-$/g, '')}.png`;
  await page.screenshot({ path: join(SCREENS_DIR, name), fullPage: true });
}

test('every route at 375 px and 1280 px: axe, no overflow, no link to a missing route, no console error', async () => {
  const began = Date.now();
  const problems: string[] = [];
  // a real order of the demo seller for /orders/:orderId, and a real parcel for the tracking addresses
  await go(seller.page, `/orders`);
  const firstOrder = seller.page.locator('a[href^="/orders/"]').filter({ hasText: /^ORD-/ }).first();
  await firstOrder.waitFor();
  const orderPath = new URL(await firstOrder.evaluate((a) => (a as HTMLAnchorElement).href)).pathname;
  const parcel = await shipOneOrder();
  // its delivery fails at once (the sandbox courier's development control): the buyer's SMS
  // carries the link to the NDR answer page, read from the mailbox before the public walk
  await sandboxControl(stage.url, parcel.awb, 'fail-delivery', {
    reasonCode: reasonCode(parcel.carrierCode, 'CONSIGNEE_UNAVAILABLE'),
  });
  const payouts = await apiCaller(
    stage.url,
    await apiToken(stage.url, DEMO.seller2),
  )<SellerPayoutList>(API_COD.payouts.path);
  const payoutId = payouts.items[0].payoutId;
  const discrepancyId = await oneDiscrepancy(parcel.awb);
  const ticketId = await oneTicket();
  const meera = await apiCaller(
    stage.url,
    await apiToken(stage.url, DEMO.seller2),
  )<{ accountId: number; oid: number }>(API_ACCOUNT.accountDetails.path);
  const addresses: Record<AddressedPath, string> = {
    '/orders/:orderId': orderPath,
    '/returns/:returnId': `/returns/${await oneReturn()}`,
    '/weight-discrepancies/:discrepancyId': `/weight-discrepancies/${discrepancyId}`,
    '/wallet/cod-remittance/:payoutId': `/wallet/cod-remittance/${payoutId}`,
    '/help/tickets/:ticketId': `/help/tickets/${ticketId}`,
    '/dakiya/weight-discrepancies/:discrepancyId': `/dakiya/weight-discrepancies/${discrepancyId}`,
    '/dakiya/wallets/:orgId': `/dakiya/wallets/${meera.oid}`,
    '/dakiya/cod-remittance/:payoutId': `/dakiya/cod-remittance/${payoutId}`,
    '/dakiya/tickets/:ticketId': `/dakiya/tickets/${ticketId}`,
    '/dakiya/simulation/:orderId': `/dakiya/simulation/${parcel.orderId}`,
    '/dakiya/accounts/:accountId': `/dakiya/accounts/${meera.accountId}`,
    '/dakiya/rate-cards/:orgId': `/dakiya/rate-cards/${meera.oid}`,
    '/tracking/*': `/tracking/${parcel.awb}?loading=0`,
    '/v2/track/*': `/v2/track/${parcel.orderId}/${parcel.awb}?loading=0`,
    '/s': `/s?r=${parcel.shortCode}&loading=0`,
    '/ndr/:token': '', // read from the buyer's SMS once the courier's report has arrived
    '/cod/:token': await codConfirmationPath(),
    '/invite/:token': await invitationPath(),
  };
  const address = (p: string) => (needsAddress(p) ? addresses[p as AddressedPath] : p);
  // on Premium, so the plan-gated screens open (the walk is this file's last test)
  // (the next page load's session refresh carries the new plan)
  await meeraOnPremium(stage.url, 'route-walk');
  const staff = await newPage(stage.browser, VIEWPORTS.phone);
  watchConsole(staff.page);
  await staffLoginAs(staff.page, stage.url);
  const visitor = await newPage(stage.browser, VIEWPORTS.phone);
  watchConsole(visitor.page);

  const pages = { seller: seller.page, staff: staff.page, public: visitor.page };
  // the change-password screens last in their role's walk (nothing is changed)
  const walks: Record<keyof typeof pages, readonly string[]> = {
    seller: [...WALK_BY_ROLE.seller, '/change_password'],
    staff: [...WALK_BY_ROLE.staff, '/dakiya/change_password'],
    public: WALK_BY_ROLE.public,
  };
  const walked = new Set<string>();
  const slowest: [string, number][] = [];
  /**
   * One role's walk, on its own page: the three roles walk side by side (most of a screen's time is
   * waiting). Each screen is opened once and checked at both widths, the window resized between
   * (as a phone turned sideways would): opening it anew for the second width doubled the walk.
   */
  async function walkRole(role: keyof typeof pages) {
    const page = pages[role];
    if (role === 'public') addresses['/ndr/:token'] = await ndrLinkPath(parcel.orderNumber);
    for (const path of walks[role]) {
      const start = Date.now();
      const opened = await walkTo(page, address(path)).then(
        () => true,
        (e: Error) => problems.push(`${role} ${path}: ${e.message.split('\n')[0]}`) < 0,
      );
      if (!opened) continue;
      const screen = screenOf(page.url());
      if (screen !== (REDIRECTS[path] ?? path)) problems.push(`${role} ${path}: opened ${page.url()}`);
      // the width the page is at first, then the other
      const widths = Object.entries(VIEWPORTS).sort(([, v]) => (v.width === page.viewportSize()?.width ? -1 : 1));
      for (const [name, viewport] of widths) {
        const label = `${role} ${path} at ${name}`;
        if (viewport.width !== page.viewportSize()?.width) {
          await page.setViewportSize(viewport);
          await afterLayout(page);
        }
        problems.push(...(await pageProblems(page, label)));
        problems.push(...(await axeFailures(page)).map((f) => `${label}: ${f}`));
        // every value a person reads is in words (src/domain/display-labels.ts): no code on screen
        problems.push(...(await codesOnScreen(page)).map((c) => `${label}: shows the code ${c}`));
        await walkShot(page, `${role} ${path} ${name}`);
      }
      walked.add(path);
      slowest.push([`${role} ${path}`, Date.now() - start]);
    }
  }
  await Promise.all((Object.keys(pages) as (keyof typeof pages)[]).map(walkRole));
  // nothing of the route table was left out but what another test walks
  assert.deepEqual(ALL_PATHS.filter((p) => !walked.has(p)).sort(), Object.keys(WALKED_ELSEWHERE).sort());
  assert.deepEqual(problems, []);
  await staff.context.close();
  await visitor.context.close();
  slowest.sort((a, b) => b[1] - a[1]);
  console.log(
    `# route walk: ${walked.size} screens at 2 widths in ${((Date.now() - began) / 1000).toFixed(1)} s; slowest ${slowest
      .slice(0, 5)
      .map(([l, ms]) => `${l} ${ms} ms`)
      .join(', ')}`,
  );
});
