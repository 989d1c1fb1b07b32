import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import type { Browser } from 'playwright-core';
import { API_MESSAGING } from '../../src/domain/messaging/messages-contract';
import type { OrderRow } from '../../src/domain/orders-contract';
import { Msg91Standin, msg91TemplatesJson } from '../messaging/msg91-standin';
import { readyOrders, shipAndFail, waitUntil } from './sandbox-parcels';
import {
  apiCaller,
  apiToken,
  DEMO,
  launchBrowser,
  loginAs,
  newPage,
  screenshot,
  staffLoginAs,
  startApp,
  VIEWPORTS,
  watchErrors,
  type RunningApp,
} from './support';

// Buyer messages through MSG91: the product configured by MSG91_* against the MSG91 stand-in. A
// delivery fails, the buyer's SMS goes on its registered template, MSG91 reports it delivered,
// and the seller's order page shows it; staff see the registrations with the kinds that have
// no template flagged.

const AUTH_KEY = 'msg91-e2e-authkey-77';
const REPORT_TOKEN = 'msg91-e2e-report-token';
const TEMPLATES = [
  {
    kind: 'ndr_action',
    templateId: '6650a1b2c3d4e5f6010203aa',
    dltTemplateId: '1107171234567890199',
    header: 'DKYSHP',
    text: '##brand##: we could not deliver order ##order##. Choose what next: ##link##',
  },
];

let app: RunningApp;
let browser: Browser;
let msg91: Msg91Standin;
let order: OrderRow;

before(async () => {
  msg91 = await new Msg91Standin({ authKey: AUTH_KEY, templates: TEMPLATES }).start();
  app = await startApp({
    MSG91_AUTH_KEY: AUTH_KEY,
    MSG91_BASE_URL: msg91.url,
    MSG91_SENDER_ID: 'DKYSHP',
    MSG91_DLT_PE_ID: '1101234567890123456',
    MSG91_TEMPLATES: msg91TemplatesJson(TEMPLATES),
    MSG91_REPORT_TOKEN: REPORT_TOKEN,
  });
  browser = await launchBrowser();
  const api = apiCaller(app.url, await apiToken(app.url, DEMO.seller2));
  [order] = await readyOrders(api, 1);
  await shipAndFail(app.url, api, order, 'CONSIGNEE_UNAVAILABLE');
  await waitUntil('the NDR SMS at MSG91', async () =>
    msg91.sent().some((m) => m.templateId === TEMPLATES[0].templateId),
  );
  const [sms] = msg91.sent();
  assert.equal(sms.variables.order, order.orderNumber);
  const report = await msg91.report(
    `${app.url}${API_MESSAGING.smsReports.path}?token=${REPORT_TOKEN}`,
    sms.requestId,
    '1',
  );
  assert.equal(report.status, 200);
});

after(async () => {
  await browser?.close();
  await app?.stop();
  await msg91?.close();
});

for (const [width, viewport] of [
  ['1280', VIEWPORTS.desktop],
  ['375', VIEWPORTS.phone],
] as const) {
  test(`at ${width} px the order page shows the buyer's SMS delivered, after a reload too`, async () => {
    const { page, context } = await newPage(browser, viewport);
    const errors = watchErrors(page);
    await loginAs(page, app.url, DEMO.seller2, `/orders/${order.orderId}`);
    const log = page.getByRole('table', { name: 'Messages to the buyer' });
    const row = log
      .getByRole('row')
      .filter({ hasText: 'Failed delivery: choose what next' })
      .filter({ hasText: 'SMS' });
    await row.getByText('Delivered', { exact: true }).waitFor();
    await row.getByText('MSG91').waitFor();
    await row.getByText(`Template ${TEMPLATES[0].templateId}`).waitFor();
    await screenshot(page, `buyer-messages-order-${width}`);
    await page.reload();
    await row.getByText('Delivered', { exact: true }).waitFor();
    assert.deepEqual(errors, []);
    await context.close();
  });

  test(`at ${width} px staff see each kind's template and the kinds with none flagged`, async () => {
    const { page, context } = await newPage(browser, viewport);
    const errors = watchErrors(page);
    await staffLoginAs(page, app.url);
    await page.goto(`${app.url}/dakiya/message-templates`);
    const table = page.getByRole('table', { name: 'Buyer message templates' });
    const ndrSms = table
      .getByRole('row')
      .filter({ hasText: 'Failed delivery: choose what next' })
      .filter({ hasText: 'SMS' });
    await ndrSms.getByText(TEMPLATES[0].templateId).waitFor();
    await ndrSms.getByText('1107171234567890199', { exact: true }).waitFor();
    // every other kind has no SMS template here: flagged, not sent
    assert.equal(await table.getByText('No template: not sent').count(), 8);
    await page.getByText(/SMS: registered by the operator, sent through msg91/).waitFor();
    await screenshot(page, `buyer-message-templates-${width}`);
    await page.reload();
    await table.getByText(TEMPLATES[0].templateId).waitFor();
    assert.deepEqual(errors, []);
    await context.close();
  });
}
