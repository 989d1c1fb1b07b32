import { API_TRACKING_SETTINGS } from '../../src/domain/tracking-settings-contract';
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import type { Browser } from 'playwright-core';
import { API_COD_VERIFICATION } from '../../src/domain/cod-verification-contract';
import { API_WHATSAPP } from '../../src/domain/messaging/whatsapp-contract';
import { LIVE_API } from '../../src/domain/live-events-contract';
import { pathOf } from '../../src/domain/operation';
import { startWhatsAppStandin, type WhatsAppStandin } from '../messaging/standin/whatsapp-standin';
import { waitUntil } from './sandbox-parcels';
import {
  apiCaller,
  apiToken,
  codOrder,
  DEMO,
  launchBrowser,
  loginAs,
  newPage,
  screenshot,
  startApp,
  VIEWPORTS,
  watchErrors,
  type RunningApp,
} from './support';

// WhatsApp in the browser: the product configured by WHATSAPP_* against the Cloud API stand-in.
// The Pro demo seller (Meera) verifies every COD order and asks for the confirmation on WhatsApp;
// with her order page open, the buyer taps "Confirm order" (a signed webhook from the stand-in)
// and the COD verification panel shows the order confirmed as it arrives, and after a reload; the
// seller then answers the buyer in their own words inside the window the tap opened.

const SECRET = 'e2e-meta-app-secret';
const TEMPLATE = { name: 'cod_confirm_v2', language: 'en', buttons: ['Confirm order', 'Cancel order'] };

let app: RunningApp;
let browser: Browser;
let whatsapp: WhatsAppStandin;
let meera: ReturnType<typeof apiCaller>;

before(async () => {
  whatsapp = await startWhatsAppStandin({
    accessToken: 'e2e-wa-token',
    phoneNumberId: '106540352242922',
    appSecret: SECRET,
    templates: [{ ...TEMPLATE, params: 4 }],
    start: new Date(),
  });
  app = await startApp({
    WHATSAPP_BASE_URL: whatsapp.url,
    WHATSAPP_ACCESS_TOKEN: 'e2e-wa-token',
    WHATSAPP_PHONE_NUMBER_ID: '106540352242922',
    WHATSAPP_APP_SECRET: SECRET,
    WHATSAPP_VERIFY_TOKEN: 'e2e-verify',
    WHATSAPP_TEMPLATES: JSON.stringify({
      cod_confirmation: { ...TEMPLATE, category: 'UTILITY', params: ['buyer', 'brand', 'order', 'amount'] },
    }),
  });
  whatsapp.setWebhook(`${app.url}${API_WHATSAPP.webhook.path}`);
  browser = await launchBrowser();
  meera = apiCaller(app.url, await apiToken(app.url, DEMO.seller2));
  await meera(API_COD_VERIFICATION.saveSettings.path, {
    method: 'PUT',
    json: {
      enabled: true,
      scope: 'ALL',
      minOrderValueRupees: null,
      riskyPincodes: false,
      minPastRtos: null,
      waitHours: 24,
      afterWait: 'HOLD',
      offerPrepaid: false,
    },
  });
  await meera(API_TRACKING_SETTINGS.notificationSettings.path, {
    method: 'PUT',
    json: [{ event: 'COD_CONFIRMATION', sms: true, email: false, whatsapp: true, language: 'en' }],
  });
});

after(async () => {
  await browser?.close();
  await app?.stop();
  await whatsapp?.close();
});

for (const [width, viewport, phone] of [
  ['1280', VIEWPORTS.desktop, '9822200001'],
  ['375', VIEWPORTS.phone, '9822200002'],
] as const) {
  test(`at ${width} px the COD panel shows the buyer's WhatsApp confirmation as it arrives`, async () => {
    const order = await codOrder(meera, 'Kavya Reddy', phone);
    await waitUntil('the confirmation template at WhatsApp', async () => whatsapp.messagesTo(`91${phone}`).length > 0);
    const [sent] = whatsapp.messagesTo(`91${phone}`);
    assert.equal(sent.template?.name, TEMPLATE.name);
    const { page, context } = await newPage(browser, viewport);
    const errors = watchErrors(page);
    await loginAs(page, app.url, DEMO.seller2);
    // the order's live stream is open before the buyer answers
    const streaming = page.waitForResponse((r) =>
      r.url().endsWith(pathOf(LIVE_API.sellerOrder, { orderId: order.orderId })),
    );
    await page.goto(`${app.url}/orders/${order.orderId}`);
    const panel = page.getByRole('region', { name: 'COD verification' });
    await panel.getByText('Awaiting buyer').first().waitFor();
    await streaming;
    const delivery = await whatsapp.tapButton(sent.id, 'Confirm order');
    assert.equal(delivery.status, 200);
    await panel.getByText('Confirmed by buyer').first().waitFor();
    await panel.getByText('The answer came on WhatsApp').waitFor();
    await screenshot(page, `whatsapp-cod-confirmed-${width}`);
    await page.reload();
    await panel.getByText('Confirmed by buyer').first().waitFor();
    // the tap opened the buyer's 24-hour window: the seller may answer in their own words
    await page.getByLabel('Your message').fill('Thank you! It ships today.');
    await page.getByRole('button', { name: 'Send on WhatsApp' }).click();
    await page.getByText('Sent to the buyer on WhatsApp').waitFor();
    assert.equal(whatsapp.messagesTo(`91${phone}`).at(-1)?.text, 'Thank you! It ships today.');
    await screenshot(page, `whatsapp-seller-answer-${width}`);
    assert.deepEqual(errors, []);
    await context.close();
  });
}
