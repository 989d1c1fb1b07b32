import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import type { Page } from 'playwright-core';
import { API_NDR, type NdrListAnswer, type NdrReason, type NdrRow } from '../../src/domain/ndr-contract';
import { readyOrders, shipAndFail, waitUntil } from './sandbox-parcels';
import {
  apiCaller,
  apiToken,
  checkAccessibility,
  DEMO,
  fitsWidth,
  loginAs,
  newPage,
  screenshot,
  VIEWPORTS,
  watchErrors,
  openFromSellerMenu,
  appStage,
} from './support';

// Failed deliveries end to end. Five demo orders are shipped through the API; the sandbox
// courier's development control makes each one's delivery attempt fail on cue (and hold the
// parcel for instructions). A seller re-attempts one NDR and sends another back to origin, at
// 1280 px and at 375 px; a buyer on a phone corrects the address from the SMS link, and one whose
// phone speaks Hindi reads the page in Hindi, then switches it to English.

let api: ReturnType<typeof apiCaller>;
const parcels = new Map<string, { orderNumber: string; buyerPhone: string; awb: string }>();

async function openNdrs(): Promise<NdrRow[]> {
  return (await api<NdrListAnswer>(`${API_NDR.list.path}?tab=ACTION_REQUIRED&recordsPerPage=50`)).items;
}

// a courier hour is six minutes: what follows an action (a return starting, the next attempt) comes after the test
const stage = appStage({ SANDBOX_COURIER_SPEED: '10', SANDBOX_COURIER_TICK_S: '1' }, async ({ url }) => {
  api = apiCaller(url, await apiToken(url, DEMO.seller2));
  const reasons: NdrReason[] = [
    'CONSIGNEE_UNAVAILABLE',
    'REFUSED',
    'CONSIGNEE_UNAVAILABLE',
    'REFUSED',
    'ADDRESS_ISSUE',
  ];
  for (const [i, order] of (await readyOrders(api, 5)).entries()) {
    const shipment = await shipAndFail(url, api, order, reasons[i]);
    parcels.set(['desktopAgain', 'desktopBack', 'phoneAgain', 'phoneBack', 'buyer'][i], {
      orderNumber: order.orderNumber,
      buyerPhone: order.buyerPhone,
      awb: shipment.awb,
    });
  }
  // the courier reports every second: the five failed attempts become NDRs
  await waitUntil('the five failed attempts to become NDRs', async () => (await openNdrs()).length === 5);
});

async function actOn(
  page: Page,
  orderNumber: string,
  action: 'Re-attempt delivery' | 'Return to origin',
  shot: string,
) {
  await page.getByRole('button', { name: `Take action on ${orderNumber}` }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByText('What should the courier do?').waitFor();
  await dialog.getByRole('button', { name: new RegExp(`^${action}`) }).click();
  if (action === 'Return to origin') {
    await dialog.getByRole('button', { name: 'Return to origin' }).click();
    await dialog.getByText('Confirm that the parcel goes back to you').waitFor();
    await dialog.getByLabel('Send this parcel back to me').check();
    await screenshot(page, `${shot}-form`);
    await dialog.getByRole('button', { name: 'Return to origin' }).click();
  } else {
    // the first day the courier can come, typed as the hint shows it (dd MMM yyyy)
    const date = dialog.getByLabel('Re-attempt date (optional)');
    const hint = await dialog.getByText('The courier tries again on this day').textContent();
    const first = /from (\d{2} [A-Z][a-z]{2,3} \d{4}) to/.exec(hint!)![1];
    await date.fill(first);
    await date.blur();
    assert.equal(await date.inputValue(), first, `${shot}: the day shows as typed`);
    await dialog.getByLabel('Remarks (optional)').fill('Buyer is home after 2 pm; call before coming');
    await screenshot(page, `${shot}-form`);
    await dialog.getByRole('button', { name: 'Send to courier' }).click();
  }
  const answers = dialog.getByRole('list', { name: "Courier's answers" });
  // Delhivery takes an action as a request it confirms later: its answer is Waiting, then confirmed
  await answers.getByText(/^(Accepted|Waiting)$/).waitFor();
  assert.match(await answers.innerText(), new RegExp(orderNumber));
  await screenshot(page, `${shot}-done`);
  await dialog.getByRole('button', { name: 'Done' }).click();
  await dialog.waitFor({ state: 'detached' });
  // the queue reads itself again: the next row is acted on once the answered one has left it
  await page
    .getByRole('table', { name: 'NDRs: Action required' })
    .getByText(orderNumber)
    .waitFor({ state: 'detached' });
}

for (const [name, viewport] of [
  ['desktop', VIEWPORTS.desktop],
  ['phone', VIEWPORTS.phone],
] as const) {
  test(`a seller re-attempts one NDR and sends another back to origin (${viewport.width} px)`, async () => {
    const { page, context } = await newPage(stage.browser, viewport);
    const errors = watchErrors(page);
    const again = parcels.get(`${name}Again`)!;
    const back = parcels.get(`${name}Back`)!;
    await loginAs(page, stage.url, DEMO.seller2);
    if (name === 'desktop') await openFromSellerMenu(page, 'Orders', 'NDR');
    else await page.goto(`${stage.url}/ndr`);
    await page.getByRole('heading', { name: 'Failed deliveries (NDR)' }).waitFor();
    const table = page.getByRole('table', { name: 'NDRs: Action required' });
    await table.getByText(again.orderNumber).waitFor();
    await page
      .getByRole('button', { name: /Action required/ })
      .getByText(/^\d+$/)
      .waitFor();
    await screenshot(page, `ndr-queue-${name}`);
    assert.ok(await fitsWidth(page), 'the NDR queue scrolls sideways');

    await actOn(page, again.orderNumber, 'Re-attempt delivery', `ndr-reattempt-${name}`);
    await actOn(page, back.orderNumber, 'Return to origin', `ndr-rto-${name}`);

    // both left the queue for "Action taken", where what was done shows
    await table.getByText(again.orderNumber).waitFor({ state: 'detached' });
    await page.getByRole('button', { name: /^Action taken/ }).click();
    await page.waitForURL(/tab=ACTION_TAKEN/);
    const taken = page.getByRole('table', { name: 'NDRs: Action taken' });
    await taken
      .getByRole('row', { name: new RegExp(again.orderNumber) })
      .getByText('Re-attempt delivery by you')
      .waitFor();
    await taken
      .getByRole('row', { name: new RegExp(back.orderNumber) })
      .getByText('Return to origin by you')
      .waitFor();
    // the story of one NDR: its failed attempt and the action
    await page.getByRole('button', { name: `History of ${again.orderNumber}` }).click();
    const history = page.getByRole('dialog', { name: `History of ${again.orderNumber}` });
    await history.getByRole('list', { name: 'Actions' }).getByText('Re-attempt delivery').waitFor();
    await history.getByRole('list', { name: 'Delivery attempts' }).getByText('Attempt 1').waitFor();
    await screenshot(page, `ndr-history-${name}`);
    await history.getByRole('button', { name: 'Close' }).click();

    // the tab is in the address: a reload opens it again
    await page.reload();
    await page.getByRole('table', { name: 'NDRs: Action taken' }).getByText(back.orderNumber).waitFor();
    assert.ok(await fitsWidth(page));

    if (name === 'desktop') {
      const download = page.waitForEvent('download');
      await page.getByRole('button', { name: 'Export CSV of NDRs' }).click();
      const csv = readFileSync(await (await download).path(), 'utf8');
      assert.match(csv.split('\n')[0], /ndr_id/);
      assert.match(csv, new RegExp(again.orderNumber));
      // the returns view, by stage, with what a return costs
      await page.getByRole('link', { name: 'Returns to origin' }).click();
      await page.getByRole('heading', { name: 'Returns to origin (RTO)' }).waitFor();
      await page.getByRole('table', { name: 'Returns: RTO initiated' }).waitFor();
      await page.getByRole('button', { name: /^RTO in transit/ }).click();
      await page.getByRole('table', { name: 'Returns: RTO in transit' }).waitFor();
      await screenshot(page, 'rto-desktop');
      assert.ok(await fitsWidth(page));
    }
    assert.deepEqual(errors, []);
    await context.close();
  });
}

/** The buyer's answer page, from the SMS about the failed delivery. */
async function buyerLink(): Promise<URL> {
  const buyer = parcels.get('buyer')!;
  const outbox = (
    (await (await fetch(`${stage.url}/api/dev/outbox`)).json()) as { data: { recipient: string; body: string }[] }
  ).data;
  const sms = outbox.find((m) => m.recipient === `+91${buyer.buyerPhone}` && m.body.includes(buyer.orderNumber));
  assert.ok(sms, `no SMS to +91${buyer.buyerPhone} about ${buyer.orderNumber}`);
  assert.ok(!sms.body.includes(buyer.awb), 'the link carries a token, never the AWB');
  return new URL(/https?:\/\/\S+\/ndr\/\S+/.exec(sms.body)![0]);
}

test('a buyer whose phone speaks Hindi reads the answer page in Hindi, switches to English and a reload keeps it', async () => {
  const buyer = parcels.get('buyer')!;
  const link = await buyerLink();
  const { page, context } = await newPage(stage.browser, VIEWPORTS.phone, 'hi-IN');
  const errors = watchErrors(page);
  await page.goto(`${stage.url}${link.pathname}`);
  await page.getByRole('heading', { name: `हम आप तक नहीं पहुँच पाए: ऑर्डर ${buyer.orderNumber}` }).waitFor();
  assert.equal(await page.evaluate(() => document.documentElement.lang), 'hi-IN');
  assert.equal(await page.title(), 'आपकी डिलीवरी: बताइए अब क्या करें');
  await page.getByText('पता अधूरा या ग़लत है').waitFor();
  await page.getByRole('heading', { name: 'हम क्या करें?' }).waitFor();
  // the form and the rules' problem in Hindi; nothing is sent
  await page.getByRole('button', { name: /मेरा पता या फ़ोन नंबर ठीक करें/ }).click();
  await page.getByLabel('मकान, बिल्डिंग और गली').waitFor();
  await page.getByRole('button', { name: 'पक्का करें' }).click();
  await page.getByText(/अभी सब कुछ वही है जो कूरियर के पास है/).waitFor();
  assert.match(
    await page.getByRole('radiogroup', { name: 'डिलीवरी का दिन' }).innerText(),
    /(रवि|सोम|मंगल|बुध|गुरु|शुक्र|शनि), \d{2} (जनवरी|फ़रवरी|मार्च|अप्रैल|मई|जून|जुलाई|अगस्त|सितंबर|अक्टूबर|नवंबर|दिसंबर)/,
  );
  assert.ok(await fitsWidth(page), 'the Hindi answer page scrolls sideways at 375 px');
  await checkAccessibility(page, 'ndr-buyer-hindi');
  await screenshot(page, 'ndr-buyer-hindi-phone');
  // English, kept across a reload
  await page.getByRole('group', { name: 'भाषा / Language' }).getByRole('button', { name: 'English' }).click();
  await page.getByText(/nothing differs from what the courier has/).waitFor();
  await page.reload();
  await page.getByRole('heading', { name: `We missed you: order ${buyer.orderNumber}` }).waitFor();
  await page.getByRole('heading', { name: 'What should we do?' }).waitFor();
  assert.equal(await page.getByRole('button', { name: 'English' }).getAttribute('aria-pressed'), 'true');
  assert.equal(await page.evaluate(() => document.documentElement.lang), 'en-IN');
  assert.equal(await page.getByText('हम क्या करें?').count(), 0);
  await checkAccessibility(page, 'ndr-buyer-english-after-hindi');
  assert.deepEqual(errors, []);
  await context.close();
});

test('a buyer on a phone corrects the address from the SMS link', async () => {
  const buyer = parcels.get('buyer')!;
  const link = await buyerLink();

  const { page, context } = await newPage(stage.browser, VIEWPORTS.phone);
  const errors = watchErrors(page);
  await page.goto(`${stage.url}${link.pathname}`);
  await page.getByRole('heading', { name: `We missed you: order ${buyer.orderNumber}` }).waitFor();
  await page
    .getByText('Bad or incomplete address')
    .or(page.getByText(/address/i))
    .first()
    .waitFor();
  await screenshot(page, 'ndr-buyer-phone');
  await page.getByRole('button', { name: /Correct my address or phone/ }).click();
  await page.getByRole('button', { name: 'Confirm' }).click();
  // the form starts from the address the courier has: sent unchanged, it says nothing differs
  await page.getByText(/nothing differs from what the courier has/).waitFor();
  await page.getByLabel('House, building and street').fill('Flat 4B, Shanti Kunj, 14 Moti Doongri Road');
  await page.getByLabel('Landmark').fill('Opposite Ganesh temple');
  await page.getByLabel('Pincode').fill('30200');
  await page.getByRole('button', { name: 'Confirm' }).click();
  await page.getByText('Pincode must be 6 digits and not start with 0').waitFor();
  await page.getByLabel('Pincode').fill('302004');
  await page.getByRole('radiogroup', { name: 'Delivery day' }).getByRole('radio').nth(1).click();
  await screenshot(page, 'ndr-buyer-form-phone');
  assert.ok(await fitsWidth(page), 'the buyer page scrolls sideways');
  await page.getByRole('button', { name: 'Confirm' }).click();
  await page.getByRole('heading', { name: 'Thank you, we have told the courier' }).waitFor();
  await screenshot(page, 'ndr-buyer-done-phone');

  // a second visit of the same link: already answered, nothing to send again
  await page.reload();
  await page.getByRole('heading', { name: 'Already answered' }).waitFor();
  assert.equal(await page.getByRole('button', { name: /Correct my address/ }).count(), 0);
  assert.deepEqual(errors, []);

  // the seller sees the buyer's answer as the action taken
  const taken = (await api<NdrListAnswer>(`${API_NDR.list.path}?tab=ACTION_TAKEN&recordsPerPage=50`)).items;
  const row = taken.find((r) => r.orderNumber === buyer.orderNumber);
  assert.equal(row?.actionSource, 'BUYER');
  assert.equal(row?.action, 'CHANGE_ADDRESS');
  await context.close();
});
