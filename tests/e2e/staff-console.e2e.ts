import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Page } from 'playwright-core';
import { DEMO, fitsWidth, loginAs, newPage, screenshot, VIEWPORTS, watchErrors, appStage } from './support';

// The staff console: a finance login is not offered KYC and is refused it; finance creates a
// coupon a seller then applies; an admin deactivates that seller, whose open session fails at
// once and whose login says why; the audit log shows the deactivation; the admin reaches the order
// simulation, banners, release notes, the couriers' health and the unknown courier codes from the
// menu's Platform group, and adds a staff member
// in a dialog that closes once the login is made. At 1280 px and at 375 px
// (each width with its own seller, since the first ends up deactivated).

// Delhivery's pushes are signed with this secret: the couriers page names the scheme, never the secret
const DELHIVERY_PUSH_SECRET = 'e2e-delhivery-push-secret-5c1d';

const stage = appStage({ DELHIVERY_WEBHOOK_SECRET: DELHIVERY_PUSH_SECRET });

const FINANCE = { email: 'finance@dakiya.in', password: 'Staff@123' };
const istDay = (offsetDays = 0) =>
  new Date(Date.now() + 5.5 * 3_600_000 + offsetDays * 86_400_000).toISOString().slice(0, 10);

async function staffLogin(page: Page, who: { email: string; password: string }) {
  await page.goto(`${stage.url}/login`);
  await page.getByLabel('Email').fill(who.email);
  await page.getByLabel('Password').fill(who.password);
  await page.getByRole('button', { name: 'Login' }).click();
  await page.waitForURL(/\/dakiya\/dashboard$/);
}

/** Opens a page of the menu's Platform group: its disclosure menu on a desktop, the drawer on a phone. */
async function openPlatformPage(page: Page, drawer: boolean, name: string) {
  if (drawer) {
    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.getByRole('dialog').getByRole('link', { name, exact: true }).click();
    return;
  }
  const nav = page.getByRole('navigation', { name: 'Main' });
  await nav.getByRole('button', { name: 'Platform' }).click();
  await nav.getByRole('link', { name, exact: true }).click();
}

/** The menu's page links: on a phone in a drawer behind a button, on a desktop in a row. */
async function menuLinks(page: Page, drawer: boolean): Promise<string[]> {
  if (drawer) await page.getByRole('button', { name: 'Open menu' }).click();
  const nav = page.getByRole('navigation', { name: drawer ? 'Menu' : 'Main' });
  // the role's pages show once the account is read
  await nav.getByRole('link', { name: 'Dashboard' }).waitFor();
  const names = await nav.getByRole('link').allTextContents();
  if (drawer) await page.getByRole('button', { name: 'Close menu' }).click();
  return names;
}

const CASES = {
  desktop: { seller: DEMO.seller, company: 'Aarav Traders', plan: 'LITE', code: 'LITEDESK50' },
  phone: { seller: DEMO.seller2, company: 'Meera Crafts', plan: 'PRO', code: 'PROPHONE50' },
} as const;

for (const [name, viewport] of Object.entries(VIEWPORTS) as [keyof typeof VIEWPORTS, (typeof VIEWPORTS)['phone']][]) {
  const c = CASES[name];
  test(`staff roles, a coupon, a deactivation and its audit at ${viewport.width} px`, async () => {
    // finance: no KYC in the menu, and the page itself is refused before it loads
    const fin = await newPage(stage.browser, viewport);
    const finProblems = watchErrors(fin.page);
    await staffLogin(fin.page, FINANCE);
    const links = await menuLinks(fin.page, viewport.width < 768);
    assert.ok(links.includes('Coupons'), `finance sees Coupons (${links.join(', ')})`);
    assert.ok(!links.includes('KYC'), 'finance is not offered KYC');
    assert.ok(!links.includes('Banners') && !links.includes('Order simulation'), 'finance has no platform pages');
    if (viewport.width >= 768)
      assert.equal(
        await fin.page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Platform' }).count(),
        0,
      );
    await fin.page.goto(`${stage.url}/dakiya/kyc`);
    await fin.page.waitForURL(/\/denied\?role=staff$/);
    await fin.page.getByText('Your staff role does not allow this page. Ask a Dakiya admin for access.').waitFor();

    // finance creates a coupon for the seller's plan
    await fin.page.goto(`${stage.url}/dakiya/coupons`);
    await fin.page.getByRole('heading', { name: 'Coupons', exact: true }).waitFor();
    await fin.page.getByRole('button', { name: 'New coupon' }).click();
    const form = fin.page.getByRole('form', { name: 'New coupon' });
    await form.getByRole('button', { name: 'Create coupon' }).click();
    await form.getByText('Coupon code must be 3 to 20 characters').waitFor();
    await form.getByLabel('Coupon code').fill(c.code);
    await form.getByLabel('Description').fill(`₹50 on ₹500 for ${c.plan} sellers`);
    await form.getByLabel('Plan').selectOption(c.plan);
    await form.getByLabel('Recharge amount').fill('500');
    await form.getByLabel('Flat bonus').fill('50');
    await form.getByLabel('Maximum bonus').fill('50');
    await form.getByLabel('Valid from').fill(istDay(-1));
    await form.getByLabel('Valid until').fill(istDay(30));
    await form.getByLabel('Usage cap').fill('100');
    await form.getByRole('button', { name: 'Create coupon' }).click();
    // the dialog closes by itself once the coupon is created; the page says so
    await fin.page.getByRole('status').getByText(`Coupon ${c.code} created`).waitFor();
    assert.equal(await fin.page.getByRole('dialog').count(), 0);
    await fin.page.getByRole('table', { name: 'Coupons' }).getByText(c.code).waitFor();
    assert.ok(await fitsWidth(fin.page), `the coupons page fits ${viewport.width} px`);
    await screenshot(fin.page, `staff-coupons-${name}`);
    assert.deepEqual(finProblems, []);
    await fin.context.close();

    // the seller applies it, and keeps the page open
    const sel = await newPage(stage.browser, viewport);
    await loginAs(sel.page, stage.url, c.seller, '/wallet');
    await sel.page.getByRole('button', { name: '₹500', exact: true }).click();
    await sel.page.getByLabel('Coupon code (optional)').fill(c.code.toLowerCase());
    await sel.page.getByRole('button', { name: 'Apply' }).click();
    await sel.page.getByText('₹50.00 bonus will be added to your wallet with this recharge').waitFor();

    // the admin deactivates the seller with a reason
    const adm = await newPage(stage.browser, viewport);
    const admProblems = watchErrors(adm.page);
    await staffLogin(adm.page, DEMO.staff);
    await adm.page.goto(`${stage.url}/dakiya/accounts`);
    await adm.page.getByLabel('Search by name, email, phone or company').fill(c.seller.email);
    await adm.page.getByLabel('Search by name, email, phone or company').press('Enter');
    await adm.page.getByRole('link', { name: c.company === 'Aarav Traders' ? 'Aarav Sharma' : 'Meera Iyer' }).click();
    await adm.page.waitForURL(/\/dakiya\/accounts\/\d+$/);
    await adm.page.getByRole('heading', { name: 'Recent orders' }).waitFor();
    const status = adm.page.getByRole('form', { name: 'Deactivate account' });
    await status.getByRole('button', { name: 'Deactivate' }).click();
    await status.getByText('Reason must be 5 to 300 characters').waitFor();
    const reason = `Chargeback ring found at ${viewport.width} px`;
    await status.getByLabel('Reason').fill(reason);
    await status.getByRole('button', { name: 'Deactivate' }).click();
    await adm.page
      .getByRole('dialog', { name: 'Deactivate this seller?' })
      .getByRole('button', { name: 'Deactivate' })
      .click();
    // the page reads the account again: it is deactivated, and the form now offers to activate it
    await adm.page.getByText('Deactivated', { exact: true }).waitFor();
    await adm.page.getByRole('heading', { name: 'Activate this login' }).waitFor();
    assert.ok(await fitsWidth(adm.page), `the account page fits ${viewport.width} px`);
    await screenshot(adm.page, `staff-account-${name}`);

    // the seller's open session fails at once, and login says why
    await sel.page.getByRole('button', { name: 'Apply' }).click();
    await sel.page.waitForURL(/\/login/);
    await sel.page.getByLabel('Email').fill(c.seller.email);
    await sel.page.getByLabel('Password').fill(c.seller.password);
    await sel.page.getByRole('button', { name: 'Login' }).click();
    await sel.page
      .getByText('This account has been deactivated by Dakiya. Write to support@dakiya.in to have it reactivated.')
      .waitFor();
    await sel.context.close();

    // the audit log shows it, with its reason, and survives a reload
    await adm.page.goto(`${stage.url}/dakiya/audit`);
    await adm.page.getByLabel('Search by staff email, action or record id').fill('account.deactivate');
    await adm.page.getByLabel('Search by staff email, action or record id').press('Enter');
    const table = adm.page.getByRole('table', { name: 'Staff audit log' });
    await table.getByText(reason).first().waitFor();
    await adm.page.reload();
    await adm.page.getByRole('table', { name: 'Staff audit log' }).getByText(reason).first().waitFor();
    assert.ok(await fitsWidth(adm.page), `the audit page fits ${viewport.width} px`);
    await screenshot(adm.page, `staff-audit-${name}`);

    // the admin reaches the platform's own pages from the menu's Platform group
    const drawer = viewport.width < 768;
    for (const [link, heading, path] of [
      ['Order simulation', 'Order simulation', /\/dakiya\/simulation$/],
      ['Banners', 'Banners', /\/dakiya\/banners$/],
      ['Release notes', 'Release notes', /\/dakiya\/release-notes$/],
    ] as const) {
      await openPlatformPage(adm.page, drawer, link);
      await adm.page.waitForURL(path);
      await adm.page.getByRole('heading', { name: heading, level: 1 }).waitFor();
    }

    // the couriers' health on a fresh install: every courier on the sandbox, no calls yet, no
    // limit to run into; the page survives a reload
    await openPlatformPage(adm.page, drawer, 'Couriers');
    await adm.page.waitForURL(/\/dakiya\/couriers$/);
    await adm.page.getByRole('heading', { name: 'Couriers', level: 1 }).waitFor();
    const couriers = adm.page.getByRole('table', { name: 'Couriers' });
    await couriers
      .getByRole('row', { name: /Delhivery Surface/ })
      .getByText('Sandbox', { exact: true })
      .waitFor();
    await couriers.getByText('No limit (sandbox)').first().waitFor();
    await adm.page.getByText('No calls to couriers in the last 24 hours.', { exact: false }).waitFor();
    await adm.page.reload();
    const delhivery = couriers.getByRole('row', { name: /Delhivery Surface/ });
    await delhivery.getByText('No credentials').waitFor();
    await delhivery.getByText('HMAC signature').waitFor();
    assert.ok(!(await adm.page.content()).includes(DELHIVERY_PUSH_SECRET), 'the page never shows a webhook secret');
    assert.ok(await fitsWidth(adm.page), `the couriers page fits ${viewport.width} px`);
    await screenshot(adm.page, `staff-couriers-${name}`);
    // and the codes couriers sent that no table knows: none yet
    await openPlatformPage(adm.page, drawer, 'Unknown courier codes');
    await adm.page.waitForURL(/\/dakiya\/courier-codes$/);
    await adm.page
      .getByRole('table', { name: 'Unknown courier codes' })
      .getByText('No unknown codes: every code couriers sent is in the tables.')
      .waitFor();
    assert.ok(await fitsWidth(adm.page), `the unknown codes page fits ${viewport.width} px`);
    await screenshot(adm.page, `staff-courier-codes-${name}`);

    if (!drawer) {
      await adm.page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Platform' }).click();
      await screenshot(adm.page, `staff-menu-platform-${name}`);
      await adm.page.keyboard.press('Escape');
    }

    // the admin adds a staff member: the dialog closes once the login is made, and the list shows it
    await adm.page.goto(`${stage.url}/dakiya/staff`);
    await adm.page.getByRole('button', { name: 'New staff member' }).click();
    const newStaff = adm.page.getByRole('dialog', { name: 'New staff member' });
    const newEmail = `desk${viewport.width}@dakiya.in`;
    await newStaff.getByLabel('First name').fill('Kavya');
    await newStaff.getByLabel('Last name').fill(`Desk ${viewport.width}`);
    await newStaff.getByLabel('Email').fill(newEmail);
    await newStaff.getByLabel('Phone number').fill(`98765${String(viewport.width).padStart(5, '0')}`);
    await newStaff.getByLabel('Staff role').selectOption('SUPPORT');
    await newStaff.getByRole('button', { name: 'Add staff member' }).click();
    await adm.page
      .getByRole('status')
      .getByText(`Staff login made: ${newEmail} has a temporary password by email`)
      .waitFor();
    assert.equal(await adm.page.getByRole('dialog').count(), 0);
    await adm.page.getByRole('region', { name: newEmail }).waitFor();

    // the admin gives another staff member a new role, with a reason
    const [role, label] = name === 'desktop' ? ['OPERATIONS', 'Operations'] : ['SUPPORT', 'Support'];
    await adm.page.goto(`${stage.url}/dakiya/staff`);
    const member = adm.page.getByRole('region', { name: 'support@dakiya.in' });
    const roleForm = adm.page.getByRole('form', { name: 'Role of support@dakiya.in' });
    await roleForm.getByLabel('Staff role').selectOption(role);
    await roleForm.getByLabel('Reason').fill(`Desk change at ${viewport.width} px`);
    await roleForm.getByRole('button', { name: 'Change role' }).click();
    await member.getByText(`support@dakiya.in · ${label}`).waitFor();
    assert.ok(await fitsWidth(adm.page), `the staff page fits ${viewport.width} px`);
    await screenshot(adm.page, `staff-members-${name}`);
    // turning a staff login off asks once more (kept here: the login stays on for the other cases)
    const statusForm = adm.page.getByRole('form', { name: 'Deactivate support@dakiya.in' });
    await statusForm.getByLabel('Reason').fill(`Leaving the desk at ${viewport.width} px`);
    await statusForm.getByRole('button', { name: 'Deactivate login' }).click();
    const confirm = adm.page.getByRole('dialog', { name: 'Deactivate this staff login?' });
    await confirm.waitFor();
    await confirm.getByRole('button', { name: 'Keep it' }).click();
    await confirm.waitFor({ state: 'hidden' });
    assert.deepEqual(admProblems, []);
    await adm.context.close();
  });
}
