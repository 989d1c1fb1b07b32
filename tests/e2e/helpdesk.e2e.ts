import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Page } from 'playwright-core';
import { API_ORDERS, type OrderRow } from '../../src/domain/orders-contract';
import { API_SHIPPING, type RateAnswer } from '../../src/domain/shipping-contract';
import { pathOf } from '../../src/domain/operation';
import {
  apiCaller,
  apiToken,
  DEMO,
  fitsWidth,
  loginAs,
  newPage,
  screenshot,
  staffLoginAs,
  VIEWPORTS,
  watchErrors,
  mayShip,
  appStage,
} from './support';

// The help desk end to end, at 1280 px and at 375 px: a seller raises a ticket from an order's
// page ("Get help" fills in the form), staff answer it from the queue (the seller's mailbox gets
// the reply), the seller sees it, staff resolve it, and the seller reopens it; every step
// survives a reload.

const shipped: { orderId: number; orderNumber: string; awb: string }[] = [];

const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n', 'latin1');

const stage = appStage({}, async ({ url }) => {
  const api = apiCaller(url, await apiToken(url, DEMO.seller2));
  const list = await api<{ items: OrderRow[] }>(`${API_ORDERS.orders.path}?recordsPerPage=50`);
  const ready = list.items.filter(mayShip).slice(0, 2);
  assert.equal(ready.length, 2, 'the demo seller has two orders ready to ship');
  for (const o of ready) {
    const { quotes } = await api<RateAnswer>(pathOf(API_SHIPPING.courierQuotes, { orderId: o.orderId }));
    const info = await api<{ awb: string }>(pathOf(API_SHIPPING.ship, { orderId: o.orderId }), {
      method: 'POST',
      json: { carrierCode: quotes[0].carrierCode },
    });
    shipped.push({ orderId: o.orderId, orderNumber: o.orderNumber, awb: info.awb });
  }
});

async function mailTo(email: string, includes: string): Promise<{ subject: string; body: string }> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const rows = (
      (await (await fetch(`${stage.url}/api/dev/outbox`)).json()) as {
        data: { recipient: string; subject: string; body: string }[];
      }
    ).data;
    const hit = rows.find((m) => m.recipient === email && m.body.includes(includes));
    if (hit) return hit;
    if (Date.now() > deadline) throw new Error(`no email to ${email} with "${includes}"`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

const status = (page: Page, text: string) => page.locator('header .badge').getByText(text, { exact: true }).waitFor();

for (const [width, viewport, n] of [
  ['1280', VIEWPORTS.desktop, 0],
  ['375', VIEWPORTS.phone, 1],
] as const) {
  test(`at ${width} px: a seller raises a ticket from an order, staff reply and resolve it, the seller reopens it`, async () => {
    const order = shipped[n];
    const tag = width === '1280' ? 'desktop' : 'phone';
    const seller = await newPage(stage.browser, viewport);
    const page = seller.page;
    const problems = watchErrors(page);
    await loginAs(page, stage.url, DEMO.seller2);

    // from the order's page, the form arrives filled in with the order's AWB
    await page.goto(`${stage.url}/orders/${order.orderId}`);
    await page.getByRole('link', { name: `Get help with order ${order.orderNumber}` }).click();
    await page.waitForURL(/\/help\?/);
    const form = page.getByRole('form', { name: 'New ticket' });
    assert.equal(await form.getByLabel('Category').inputValue(), 'SHIPMENT');
    assert.equal(await form.getByLabel('Order or AWB').inputValue(), order.awb);
    // sent half-filled, the form names what is missing by its label
    await form.getByRole('button', { name: 'Raise ticket' }).click();
    await form.getByText('Subject must be 5 to 120 characters').waitFor();
    const subject = `Parcel ${order.awb} not picked up`;
    await form.getByLabel('Subject').fill(subject);
    await form.getByLabel('Description').fill('The courier has not come for the pickup since yesterday morning.');
    await form
      .getByLabel('Attachments')
      .setInputFiles({ name: 'manifest.pdf', mimeType: 'application/pdf', buffer: PDF });
    await form
      .getByRole('list', { name: 'Files to attach' })
      .getByText(/manifest\.pdf/)
      .waitFor();
    assert.ok(await fitsWidth(page), `the help page fits ${width} px`);
    await screenshot(page, `helpdesk-new-ticket-${tag}`);
    await form.getByRole('button', { name: 'Raise ticket' }).click();
    await page.waitForURL(/\/help\/tickets\/\d+$/);
    const ticketUrl = page.url();
    await page.getByRole('heading', { name: subject }).waitFor();
    await status(page, 'Open');
    const number = (await page.getByRole('navigation', { name: 'Breadcrumb' }).textContent())!.match(
      /DKY-TKT-\d{6}/,
    )![0];
    await page.getByRole('button', { name: /manifest\.pdf/ }).waitFor();

    // staff: the queue, the ticket, a reply
    const staff = await newPage(stage.browser, viewport);
    const staffProblems = watchErrors(staff.page);
    await staffLoginAs(staff.page, stage.url);
    await staff.page.goto(`${stage.url}/dakiya/tickets`);
    const row = staff.page.getByRole('row').filter({ hasText: number });
    await row.waitFor();
    assert.ok(await fitsWidth(staff.page), `the ticket queue fits ${width} px`);
    await screenshot(staff.page, `helpdesk-staff-queue-${tag}`);
    await row.getByRole('link', { name: number }).click();
    await staff.page.getByRole('heading', { name: subject }).waitFor();
    const reply = staff.page.getByRole('form', { name: 'Reply to the seller' });
    // a canned reply fills the message, which staff may then change
    await reply.getByLabel('Canned reply').selectOption({ label: 'Pickup rescheduled' });
    assert.match(await reply.getByLabel('Message').inputValue(), /pick the parcel up again today/);
    const answer = `We have booked a fresh pickup for ${order.awb} today.`;
    await reply.getByLabel('Message').fill(answer);
    await reply.getByRole('button', { name: 'Send reply' }).click();
    await status(staff.page, 'Awaiting seller');
    await staff.page.getByText(answer).waitFor();
    assert.ok(await fitsWidth(staff.page), `the staff ticket page fits ${width} px`);
    await screenshot(staff.page, `helpdesk-staff-ticket-${tag}`);

    // the seller's mailbox has the reply; the ticket shows it after a reload
    const mail = await mailTo(DEMO.seller2.email, answer);
    assert.equal(mail.subject, `${number}: Dakiya support replied`);
    await page.reload();
    await page.getByText(answer).waitFor();
    await status(page, 'Awaiting your reply');

    // staff resolve it; the seller reads the resolution and reopens within the window
    await staff.page.getByLabel('Resolution').fill('A fresh pickup was booked and the parcel has left.');
    await staff.page.getByRole('button', { name: 'Resolve ticket' }).click();
    await status(staff.page, 'Resolved');
    await page.reload();
    await page.getByRole('heading', { name: 'Resolution' }).waitFor();
    const reopen = page.getByRole('form', { name: 'Reopen ticket' });
    await reopen.getByLabel('Reason').fill('The tracking still shows it at the warehouse.');
    await screenshot(page, `helpdesk-resolved-${tag}`);
    await reopen.getByRole('button', { name: 'Reopen ticket' }).click();
    await status(page, 'Open');
    await page.getByText('Reopened: The tracking still shows it at the warehouse.').waitFor();
    await page.goto(ticketUrl);
    await status(page, 'Open');
    await page.getByRole('form', { name: 'Reply' }).waitFor();
    assert.ok(await fitsWidth(page), `the ticket page fits ${width} px`);
    await screenshot(page, `helpdesk-reopened-${tag}`);
    // and it is listed under Help with its status
    await page.goto(`${stage.url}/help`);
    await page.getByRole('row').filter({ hasText: number }).getByText('Open', { exact: true }).waitFor();

    assert.deepEqual(problems, []);
    assert.deepEqual(staffProblems, []);
    await staff.context.close();
    await seller.context.close();
  });
}

test('the help desk tells each plan its support line: Lite sees working hours and the Pro badge, Pro and Premium see 24×7', async () => {
  const lite = await newPage(stage.browser, VIEWPORTS.desktop);
  const liteErrors = watchErrors(lite.page);
  await loginAs(lite.page, stage.url, DEMO.seller, '/help');
  const liteLine = lite.page.getByTestId('support-line');
  await liteLine.getByRole('heading', { name: 'Support hours: Mon–Sat 9:00–19:00 IST' }).waitFor();
  assert.equal(await liteLine.getByTestId('plan-badge').textContent(), 'Pro');
  assert.equal(await liteLine.getByRole('link', { name: 'Upgrade to Pro' }).getAttribute('href'), '/plan?upgrade=PRO');
  assert.equal(await liteLine.getByText('Support answers 24×7').count(), 0);
  await lite.page.getByTestId('ticket-promise').getByText('Working hours support.').waitFor();
  assert.deepEqual(liteErrors, []);
  await lite.context.close();

  for (const [who, plan] of [
    [DEMO.seller2, 'Pro'],
    [{ email: 'kavya@demo.dakiya.in', password: 'Seller@123' }, 'Premium'],
  ] as const) {
    const pro = await newPage(stage.browser, VIEWPORTS.phone);
    const proErrors = watchErrors(pro.page);
    await loginAs(pro.page, stage.url, who, '/help');
    const line = pro.page.getByTestId('support-line');
    await line.getByRole('heading', { name: 'Support answers 24×7' }).waitFor();
    await line.getByRole('link', { name: 'support@dakiya.in' }).waitFor();
    await line.getByText(`your ${plan} plan includes 24×7 support`).waitFor();
    assert.equal(await line.getByTestId('plan-badge').count(), 0);
    await pro.page.getByTestId('ticket-promise').getByText('24×7 support.').waitFor();
    assert.ok(await fitsWidth(pro.page), 'the help page fits 375 px');
    assert.deepEqual(proErrors, []);
    await pro.context.close();
  }
});
