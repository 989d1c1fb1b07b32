import { pathOf } from '../../src/domain/operation';
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { API_SETUP } from '../../src/domain/setup-contract';
import { API_WALLET } from '../../src/domain/wallet-contract';
import {
  apiCaller,
  apiToken,
  DEMO,
  fitsWidth,
  loginAs,
  newPage,
  screenshot,
  VIEWPORTS,
  watchErrors,
  appStage,
} from './support';

// An owner invites a user with an "orders only" role, who cannot open the wallet; a Lite seller
// opening a Pro page lands on /denied with the upgrade link; the owner upgrades to Pro and adds a
// second pickup address.

const stage = appStage();

async function inviteLink(email: string): Promise<string> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const rows = (
      (await (await fetch(`${stage.url}/api/dev/outbox`)).json()) as {
        data: { recipient: string; body: string }[];
      }
    ).data;
    const m = rows.find((r) => r.recipient === email)?.body.match(/\/invite\/[A-Za-z0-9_-]+/);
    if (m) return m[0];
    if (Date.now() > deadline) throw new Error(`no invitation to ${email}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

test('an owner invites a user with an "orders only" role; that user cannot open the wallet', async () => {
  const { page, context } = await newPage(stage.browser, VIEWPORTS.desktop);
  const errors = watchErrors(page);
  await loginAs(page, stage.url, DEMO.seller2, '/team');
  await page.getByRole('heading', { name: 'Team' }).waitFor();
  await page.getByRole('button', { name: 'New role' }).click();
  await page.getByLabel('Role name').fill('Orders only');
  for (const label of ['View orders', 'Create and edit orders', 'Ship orders']) await page.getByLabel(label).check();
  await page.getByRole('button', { name: 'Save role' }).click();
  await page.getByRole('cell', { name: 'Orders only' }).waitFor();
  await page.getByRole('button', { name: 'Invite a user' }).click();
  await page.getByLabel('First name').fill('Asha');
  await page.getByLabel('Last name').fill('Rao');
  await page.getByLabel('Username').fill('ashaorders');
  await page.getByLabel('Email').fill('asha.orders@example.in');
  await page.getByLabel('Phone number').fill('9876501234');
  await page.getByLabel('Role', { exact: true }).selectOption({ label: 'Orders only' });
  await page.getByRole('button', { name: 'Send invitation' }).click();
  await page.getByText(/Invitation sent to asha.orders@example.in/).waitFor();
  await screenshot(page, 'team-invited');
  await page.getByRole('button', { name: 'Done' }).click();
  await page.reload();
  await page.getByRole('cell', { name: 'asha.orders@example.in', exact: true }).waitFor();
  assert.ok(await fitsWidth(page));
  await context.close();

  const invited = await newPage(stage.browser, VIEWPORTS.phone);
  const invitedErrors = watchErrors(invited.page);
  await invited.page.goto(`${stage.url}${await inviteLink('asha.orders@example.in')}`);
  await invited.page.getByLabel('Password', { exact: true }).fill('Team@1234');
  await invited.page.getByLabel('Confirm password').fill('Team@1234');
  await invited.page.getByRole('button', { name: 'Set password' }).click();
  await invited.page.getByText(/Your password is set/).waitFor();
  await loginAs(invited.page, stage.url, { email: 'asha.orders@example.in', password: 'Team@1234' }, '/orders');
  await invited.page.getByRole('heading', { name: 'Orders' }).first().waitFor();
  await invited.page.goto(`${stage.url}/wallet`);
  await invited.page.waitForURL(/\/denied\?role=1$/);
  await invited.page.getByText(/Your role does not allow this page/).waitFor();
  assert.ok(await fitsWidth(invited.page));
  await screenshot(invited.page, 'team-user-denied-wallet');
  assert.deepEqual([...errors, ...invitedErrors], []);
  await invited.context.close();
});

test('a Lite seller opening a Pro page sees in its place what Pro gives and the upgrade link; upgraded to Pro, it adds a second pickup address', async () => {
  const { page, context } = await newPage(stage.browser, VIEWPORTS.phone);
  const errors = watchErrors(page);
  await loginAs(page, stage.url, DEMO.seller, '/team');
  await page.getByRole('heading', { name: 'More than one login comes with Pro' }).waitFor();
  assert.match(page.url(), /\/team$/);
  const upgrade = page.getByRole('link', { name: 'Upgrade to Pro' });
  await upgrade.waitFor();
  assert.ok(await fitsWidth(page));
  await screenshot(page, 'team-lite-denied');
  // enough in the wallet for a month of Pro
  const staff = apiCaller(stage.url, await apiToken(stage.url, DEMO.staff));
  const seller = apiCaller(stage.url, await apiToken(stage.url, DEMO.seller));
  const me = await seller<{ oid: number }>('/api/v1/account/details');
  await staff(pathOf(API_WALLET.adjust, { orgId: me.oid }), {
    method: 'POST',
    json: { direction: 'CREDIT', amount: 5000, reason: 'Plan test float', idempotencyKey: 'team-e2e-plan-float' },
  });
  await upgrade.click();
  await page.waitForURL(/\/plan\?upgrade=PRO$/);
  await page.getByRole('button', { name: 'Upgrade to Pro monthly' }).click();
  await page.getByRole('button', { name: 'Pay from wallet' }).click();
  await page.getByText(/Upgraded: invoice DKYS\//).waitFor();
  await page.reload();
  await page
    .getByRole('cell', { name: /DKYS\// })
    .first()
    .waitFor();
  await screenshot(page, 'team-plan-pro');
  await page.goto(`${stage.url}/team`);
  await page.getByRole('heading', { name: 'Team' }).waitFor();
  // a second pickup address, which Lite refused
  const token = await apiToken(stage.url, DEMO.seller);
  const add = (name: string) =>
    fetch(`${stage.url}${API_SETUP.addresses.path}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        entityName: name,
        phoneNumber: '9123456780',
        email: 'p@m.in',
        addressLine1: 'MG Road',
        pincode: '560001',
      }),
    });
  assert.equal((await add('Second depot')).status, 200);
  assert.deepEqual(errors, []);
  await context.close();
});
