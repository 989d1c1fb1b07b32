import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Locator, Page } from 'playwright-core';
import { API_NDR, type NdrListAnswer, type NdrReason, type RtoListAnswer } from '../../src/domain/ndr-contract';
import { readyOrders, sandboxControl, shipAndFail, waitUntil } from './sandbox-parcels';
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

// Bulk NDR actions and the seller's word on a return, end to end. Eight demo orders are shipped
// through the API and the sandbox courier's development control fails each one's delivery on
// cue. At 1280 px and at 375 px a seller picks two NDRs and re-attempts them together, then two
// more and sends them back together; each row then shows what was done and the tab counts move.
// Another control brings the two returns home at once, and on the returns view the seller
// acknowledges one (received fine on a desktop, not received on a phone), which stays after a reload.

let api: ReturnType<typeof apiCaller>;
interface Parcel {
  orderNumber: string;
  awb: string;
}
const parcels: Record<'desktop' | 'phone', { again: Parcel[]; back: Parcel[] }> = {
  desktop: { again: [], back: [] },
  phone: { again: [], back: [] },
};

/** The number in a tab's count badge. */
async function tabCount(page: Page, tab: RegExp): Promise<number> {
  const badge = page
    .getByRole('navigation', { name: /status|stage/ })
    .getByRole('button', { name: tab })
    .locator('.badge');
  await badge.waitFor();
  return Number((await badge.innerText()).replace(/\D/g, ''));
}

// a courier hour is six minutes: nothing moves by itself while the test runs
const stage = appStage({ SANDBOX_COURIER_SPEED: '10', SANDBOX_COURIER_TICK_S: '1' }, async ({ url }) => {
  api = apiCaller(url, await apiToken(url, DEMO.seller2));
  const reasons: NdrReason[] = ['CONSIGNEE_UNAVAILABLE', 'REFUSED'];
  for (const [i, order] of (await readyOrders(api, 8)).entries()) {
    const shipment = await shipAndFail(url, api, order, reasons[i % 2]);
    const group = parcels[i < 4 ? 'desktop' : 'phone'];
    (i % 4 < 2 ? group.again : group.back).push({ orderNumber: order.orderNumber, awb: shipment.awb });
  }
  await waitUntil(
    'the eight failed attempts to become NDRs',
    async () => (await api<NdrListAnswer>(`${API_NDR.list.path}?tab=ACTION_REQUIRED&recordsPerPage=50`)).total >= 8,
  );
});

/** Ticks the rows of these orders and applies one action to all of them from the bulk bar. */
async function bulkAct(
  page: Page,
  table: Locator,
  picked: Parcel[],
  action: 'Re-attempt delivery' | 'Return to origin',
  shot: string,
) {
  for (const p of picked) {
    await table
      .getByRole('row', { name: new RegExp(p.orderNumber) })
      .getByRole('checkbox')
      .check();
  }
  const bar = page.getByRole('region', { name: 'Bulk actions' });
  await bar.getByText(`${picked.length} selected`).waitFor();
  await screenshot(page, `${shot}-selected`);
  await bar.getByRole('button', { name: 'Act on selected' }).click();
  const dialog = page.getByRole('dialog', { name: `Act on ${picked.length} NDRs` });
  await dialog.getByText('What should the courier do?').waitFor();
  await dialog.getByRole('button', { name: new RegExp(`^${action}`) }).click();
  if (action === 'Return to origin') {
    await dialog.getByLabel(`Send these ${picked.length} parcels back to me`).check();
    await screenshot(page, `${shot}-form`);
    await dialog.getByRole('button', { name: 'Return to origin' }).click();
  } else {
    await dialog.getByLabel('Remarks (optional)').fill('Buyers asked for an evening delivery');
    await screenshot(page, `${shot}-form`);
    await dialog.getByRole('button', { name: 'Send to courier' }).click();
  }
  const answers = dialog.getByRole('list', { name: "Courier's answers" });
  await answers
    .getByRole('listitem')
    .nth(picked.length - 1)
    .waitFor();
  const text = await answers.innerText();
  // Delhivery takes an action as a request it confirms later: its answer is Waiting
  for (const p of picked) assert.match(text, new RegExp(`^(Accepted|Waiting) ${p.orderNumber} `, 'm'), text);
  await screenshot(page, `${shot}-done`);
  await dialog.getByRole('button', { name: 'Done' }).click();
  await dialog.waitFor({ state: 'detached' });
  assert.equal(await bar.count(), 0, 'the selection is cleared after acting');
}

for (const name of ['desktop', 'phone'] as const) {
  const viewport = VIEWPORTS[name];
  test(`a seller re-attempts two NDRs and returns two others in bulk, then acknowledges a return (${viewport.width} px)`, async () => {
    const { page, context } = await newPage(stage.browser, viewport);
    const errors = watchErrors(page);
    const { again, back } = parcels[name];
    await loginAs(page, stage.url, DEMO.seller2, '/ndr');
    await page.getByRole('heading', { name: 'Failed deliveries (NDR)' }).waitFor();
    const table = page.getByRole('table', { name: 'NDRs: Action required' });
    for (const p of [...again, ...back]) await table.getByText(p.orderNumber).waitFor();
    const required = await tabCount(page, /^Action required/);
    const taken = await tabCount(page, /^Action taken/);
    assert.ok(await fitsWidth(page), 'the NDR queue scrolls sideways');

    await bulkAct(page, table, again, 'Re-attempt delivery', `ndr-bulk-reattempt-${name}`);
    await bulkAct(page, table, back, 'Return to origin', `ndr-bulk-rto-${name}`);

    // the four left the queue, and the counts moved with them
    for (const p of [...again, ...back]) await table.getByText(p.orderNumber).waitFor({ state: 'detached' });
    await waitUntil('the tab counts to move', async () => (await tabCount(page, /^Action required/)) === required - 4);
    assert.equal(await tabCount(page, /^Action taken/), taken + 4);
    await page.getByRole('button', { name: /^Action taken/ }).click();
    await page.waitForURL(/tab=ACTION_TAKEN/);
    const done = page.getByRole('table', { name: 'NDRs: Action taken' });
    for (const [list, words] of [
      [again, 'Re-attempt delivery by you'],
      [back, 'Return to origin by you'],
    ] as const) {
      for (const p of list)
        await done
          .getByRole('row', { name: new RegExp(p.orderNumber) })
          .getByText(words)
          .waitFor();
    }
    await screenshot(page, `ndr-bulk-taken-${name}`);
    assert.ok(await fitsWidth(page));

    // the courier brings the two returns home; the seller says what came back
    for (const p of back) await sandboxControl(stage.url, p.awb, 'deliver-return');
    await waitUntil('the returns to be delivered back', async () => {
      const home = await api<RtoListAnswer>(`${API_NDR.rto.path}?tab=DELIVERED&recordsPerPage=50`);
      return back.every((p) => home.items.some((r) => r.orderNumber === p.orderNumber));
    });
    if (name === 'desktop') await page.getByRole('link', { name: 'Returns to origin' }).click();
    else await page.goto(`${stage.url}/rto`);
    await page.getByRole('heading', { name: 'Returns to origin (RTO)' }).waitFor();
    await page.getByRole('button', { name: /^RTO delivered/ }).click();
    await page.waitForURL(/tab=DELIVERED/);
    const returns = page.getByRole('table', { name: 'Returns: RTO delivered' });
    const [fine, other] = back;
    const row = returns.getByRole('row', { name: new RegExp(fine.orderNumber) });
    await row.waitFor();
    await returns.getByRole('button', { name: `Acknowledge ${other.orderNumber}` }).waitFor();
    await screenshot(page, `rto-delivered-${name}`);
    assert.ok(await fitsWidth(page), 'the returns view scrolls sideways');

    await row.getByRole('button', { name: `Acknowledge ${fine.orderNumber}` }).click();
    const dialog = page.getByRole('dialog', { name: `Acknowledge the return of ${fine.orderNumber}` });
    await dialog.getByRole('group', { name: 'What came back?' }).waitFor();
    const [choice, shown] =
      name === 'desktop'
        ? (['Received in good condition', 'Received in good condition'] as const)
        : (['Not received', 'Not received'] as const);
    await dialog.getByLabel(choice).check();
    if (name === 'phone') {
      // anything but "received fine" needs a word on what is wrong
      await dialog.getByRole('button', { name: 'Acknowledge' }).click();
      await dialog.getByText('Note must say what is wrong (at least 5 characters)').waitFor();
      await dialog.getByLabel('Note', { exact: true }).fill('The courier marked it delivered; nothing came');
    }
    await screenshot(page, `rto-acknowledge-${name}`);
    await dialog.getByRole('button', { name: 'Acknowledge' }).click();
    await dialog.waitFor({ state: 'detached' });
    await row.getByText(shown).waitFor();
    assert.equal(await row.getByRole('button', { name: /^Acknowledge/ }).count(), 0);

    // the seller's word stays after a reload; the other return still waits for it
    await page.reload();
    const again2 = page.getByRole('table', { name: 'Returns: RTO delivered' });
    await again2
      .getByRole('row', { name: new RegExp(fine.orderNumber) })
      .getByText(shown)
      .waitFor();
    await again2.getByRole('button', { name: `Acknowledge ${other.orderNumber}` }).waitFor();
    if (name === 'phone') await again2.getByText('The courier marked it delivered; nothing came').waitFor();
    await screenshot(page, `rto-acknowledged-${name}`);
    assert.ok(await fitsWidth(page));
    assert.deepEqual(errors, []);
    await context.close();
  });
}
