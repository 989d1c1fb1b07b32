import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import type { Page } from 'playwright-core';
import { pathOf } from '../../src/domain/operation';
import { API_B2B, type B2bOrderDetail, type B2bQuotes } from '../../src/domain/b2b-contract';
import { formatRupees } from '../../src/domain/format';
import { API_WALLET } from '../../src/domain/wallet-contract';
import { readPdf } from '../server/pdf-reader';
import { sandboxControl } from './sandbox-parcels';
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
  appStage,
} from './support';

// A B2B consignment from the browser to its proof of delivery: the seller adds their own
// warehouse (registered with Gati and Delhivery LTL), creates a 12-box order with two invoices
// worth ₹1,20,000, reads the quote, is refused the booking until the e-way bills are in,
// generates them, books with Gati, downloads the LR and the box labels, asks Gati to collect the
// boxes, and sees the LR delivered (12 of 12 boxes) with its proof of delivery. A smaller order
// books with Delhivery LTL and has its pickup asked for at 375 px.
// The job that follows booked consignments runs every second here (COURIER_POLL_S); staff credit
// the demo wallet first, which starts empty.

let api: ReturnType<typeof apiCaller>;

const stage = appStage({ COURIER_POLL_S: '1' }, async ({ url }) => {
  api = apiCaller(url, await apiToken(url, DEMO.seller));
  // the demo seller's wallet starts empty: staff credit it for the freight (setup only)
  const staff = apiCaller(url, await apiToken(url, DEMO.staff));
  const me = await api<{ oid: number }>('/api/v1/account/details');
  await staff(pathOf(API_WALLET.adjust, { orgId: me.oid }), {
    method: 'POST',
    json: { direction: 'CREDIT', amount: 25000, reason: 'B2B freight float', idempotencyKey: 'b2b-e2e-float' },
  });
});

const todayIst = () => new Date(Date.now() + 330 * 60_000).toISOString().slice(0, 10);
const WAREHOUSE = 'Bhiwandi DC';
/** An amount as the page writes it (₹ with Indian grouping), to find in a row's text. */
const rupees = (paise: number) => new RegExp(formatRupees(paise).replace(/[.₹]/g, '\\$&'));

async function noOverflow(page: Page, where: string) {
  assert.ok(await fitsWidth(page), `${where} scrolls sideways at ${page.viewportSize()?.width} px`);
}

/** The seller's own warehouse, added through the warehouses page with both carriers' registrations. */
async function addWarehouse(page: Page) {
  await page.goto(`${stage.url}/b2b/warehouses`);
  await page.getByRole('heading', { level: 1, name: 'B2B warehouses' }).waitFor();
  await page.getByRole('button', { name: 'Add B2B warehouse' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Warehouse type').selectOption('OWN');
  await dialog.getByLabel('Warehouse name').fill(WAREHOUSE);
  await dialog.getByLabel('Business name').fill('Aarav Home Decor');
  await dialog.getByLabel('GSTIN', { exact: true }).fill('27AAPFU0939F1ZV');
  await dialog.getByLabel('Contact name').fill('Ravi Kumar');
  await dialog.getByLabel('Contact phone').fill('9845012345');
  await dialog.getByLabel('Address line 1', { exact: true }).fill('Gala 7, Rahnal Village');
  await dialog.getByLabel('Pincode').fill('421302');
  await dialog.getByLabel('Name registered with Gati (optional)').fill('AARAV BHIWANDI');
  await dialog.getByLabel('Name registered with Delhivery LTL (optional)').fill('AARAV BHIWANDI LTL');
  await screenshot(page, 'b2b-warehouse-dialog-1280');
  await dialog.getByRole('button', { name: 'Save warehouse' }).click();
  await dialog.waitFor({ state: 'detached' });
  await page
    .getByRole('cell', { name: new RegExp(WAREHOUSE) })
    .first()
    .waitFor();
}

interface Draft {
  boxes: { l: string; b: string; h: string; kg: string; count: string };
  invoices: { number: string; value: string; goods: Goods }[];
}

/** One goods line of an invoice: its taxable value at 18 % GST makes the invoice's value. */
interface Goods {
  name: string;
  hsn: string;
  quantity: string;
  taxable: string;
}

/** A new B2B order through the form; answers its id once the order page opens. */
async function createOrder(page: Page, d: Draft): Promise<number> {
  await page.goto(`${stage.url}/b2b/orders/new`);
  await page.getByRole('heading', { level: 1, name: 'New B2B order' }).waitFor();
  const form = page.getByRole('form', { name: 'New B2B order' });
  await form.getByLabel('Pickup warehouse').selectOption({ label: `${WAREHOUSE} (421302)` });
  await form.getByLabel('Business name').fill('Kaveri Retail LLP');
  await form.getByLabel('Contact phone').fill('9900112233');
  await form.getByLabel('Address line 1', { exact: true }).fill('45, 2nd Main, Jayanagar');
  await form.getByLabel('Pincode').fill('560041');
  await form.getByLabel('Description of goods').fill('Ceramic tableware');
  await form.getByLabel('Length (cm)').fill(d.boxes.l);
  await form.getByLabel('Breadth (cm)').fill(d.boxes.b);
  await form.getByLabel('Height (cm)').fill(d.boxes.h);
  await form.getByLabel('Weight of a box (kg)').fill(d.boxes.kg);
  await form.getByLabel('Number of boxes').fill(d.boxes.count);
  for (const [i, inv] of d.invoices.entries()) {
    if (i > 0) await form.getByRole('button', { name: 'Add an invoice' }).click();
    const set = form.getByRole('group', { name: `Invoice ${i + 1}` });
    await set.getByLabel('Invoice number').fill(inv.number);
    await set.getByLabel('Invoice date').fill(todayIst());
    await set.getByLabel('Value with GST (₹)').fill(inv.value);
    const line = set.getByRole('group', { name: `Goods line 1 of invoice ${i + 1}` });
    await line.getByLabel('Goods').fill(inv.goods.name);
    await line.getByLabel('HSN code').fill(inv.goods.hsn);
    await line.getByLabel('Quantity').fill(inv.goods.quantity);
    await line.getByLabel('Unit').selectOption('BOX');
    await line.getByLabel('Taxable value (₹)').fill(inv.goods.taxable);
    await line.getByLabel('GST rate').selectOption('18');
    await set.getByText(`Goods with GST ${formatRupees(Number(inv.value) * 100)}`).waitFor();
  }
  // a short HSN code is named by its label, and the order waits for it
  const first = form.getByRole('group', { name: 'Goods line 1 of invoice 1' });
  await first.getByLabel('HSN code').fill('69');
  await form.getByRole('button', { name: 'Save B2B order' }).click();
  await form.getByText('HSN code must be 4 to 8 digits').waitFor();
  await first.getByLabel('HSN code').fill(d.invoices[0].goods.hsn);
  await form.getByRole('region', { name: 'Gati quote' }).waitFor({ timeout: 30_000 });
  await noOverflow(page, 'the new B2B order form');
  await screenshot(page, `b2b-new-order-filled-${page.viewportSize()?.width}`);
  await form.getByRole('button', { name: 'Save B2B order' }).click();
  await page.waitForURL(/\/b2b\/orders\/\d+$/);
  return Number(new URL(page.url()).pathname.split('/').pop());
}

/** Generates the e-way bill of each invoice that lacks one, through the sandbox provider. */
async function generateEwayBills(page: Page, invoiceNumbers: string[]) {
  for (const n of invoiceNumbers) {
    await page.getByRole('button', { name: `Generate e-way bill for ${n}` }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Distance (km)').fill('1020');
    await dialog.getByRole('button', { name: 'Generate' }).click();
    await dialog.waitFor({ state: 'detached' });
  }
}

/**
 * Part B of an invoice's bill (a truck from the warehouse, NIC's "First time"; "Others" without
 * remarks is refused in the dialog), then an extension
 * asked days before its window: the server's refusal shows in the dialog, in its words.
 */
async function changeEwayBill(page: Page, invoice: string, width: string) {
  const section = page.getByRole('region', { name: `Invoice ${invoice}` });
  // generated without a vehicle, its validity starts with Part B
  await section.getByText('Valid as the e-way bill portal shows it', { exact: false }).waitFor();
  await section.getByRole('button', { name: `Update Part B of ${invoice}` }).click();
  let dialog = page.getByRole('dialog');
  await dialog.getByLabel('Vehicle number').fill('MH04 AB 1234');
  await dialog.getByRole('button', { name: 'Update Part B' }).click();
  await dialog.getByText('Reason for the vehicle change is required').waitFor();
  // NIC's reasons by name; "Others" asks what happened before anything is sent
  const reason = dialog.getByLabel('Reason for the vehicle change');
  await reason.selectOption({ label: 'Others' });
  await dialog.getByRole('button', { name: 'Update Part B' }).click();
  await dialog.getByText('Remarks must say what happened when the reason is Others').waitFor();
  await reason.selectOption({ label: 'First time' });
  await screenshot(page, `b2b-eway-bill-part-b-${width}`);
  await dialog.getByRole('button', { name: 'Update Part B' }).click();
  await dialog.waitFor({ state: 'detached' });
  await section.getByText(/valid until \d{2} [A-Z][a-z]{2} \d{4}, .* IST · vehicle MH04AB1234/).waitFor();
  await checkAccessibility(page);
  await section.getByRole('button', { name: `Extend e-way bill of ${invoice}` }).click();
  dialog = page.getByRole('dialog');
  await dialog.getByLabel('Current place').fill('Hubballi');
  await dialog.getByLabel('Current state').selectOption('Karnataka');
  await dialog.getByLabel('Current pincode').fill('580020');
  await dialog.getByLabel('Distance left (km)').fill('410');
  await dialog.getByLabel('Reason for extension').selectOption({ label: 'Transhipment' });
  await dialog.getByLabel('Remarks').fill('Moved to a new truck at Hubballi');
  await dialog.getByRole('button', { name: 'Extend validity' }).click();
  await dialog
    .getByRole('alert')
    .getByText(/extend/i)
    .waitFor();
  await noOverflow(page, 'the e-way bill extension dialog');
  await screenshot(page, `b2b-eway-bill-extend-refused-${width}`);
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await dialog.waitFor({ state: 'detached' });
}

/**
 * The first-mile pickup of a booked order: the dialog offers the coming working days and the
 * times still ahead (its first choice is always one that can be asked for); asked, the order's
 * page shows the pickup with the carrier's id, and the action is gone, after a reload too.
 */
async function requestPickup(page: Page, orderId: number, width: string) {
  await page.getByRole('button', { name: 'Request pickup' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Pickup date').waitFor();
  const days = await dialog.getByLabel('Pickup date').locator('option').allInnerTexts();
  assert.ok(days.length >= 5, 'the coming working days are offered');
  await checkAccessibility(page);
  await noOverflow(page, 'the pickup dialog');
  await screenshot(page, `b2b-pickup-dialog-${width}`);
  await dialog.getByRole('button', { name: 'Request pickup' }).click();
  await dialog.waitFor({ state: 'detached' });
  const section = page.getByRole('region', { name: 'Pickup' });
  await section.getByText('Pickup asked for').waitFor({ timeout: 30_000 });
  const asked = await api<B2bOrderDetail>(pathOf(API_B2B.one, { orderId }));
  assert.equal(asked.pickup?.status, 'REQUESTED');
  await section.getByText(asked.pickup!.carrierPickupId).waitFor();
  await page.reload();
  await section.getByText('Pickup asked for').waitFor();
  assert.equal(await page.getByRole('button', { name: 'Request pickup' }).count(), 0);
  await noOverflow(page, 'the B2B order with its pickup');
  await checkAccessibility(page);
  await screenshot(page, `b2b-order-pickup-${width}`);
}

async function downloadPdf(page: Page, button: string) {
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: button }).click();
  const bytes = readFileSync(await (await download).path());
  assert.equal(bytes.subarray(0, 5).toString(), '%PDF-', `${button} is a PDF`);
  return readPdf(bytes);
}

test('a 12-box B2B order booked with Gati, from quote to proof of delivery, at 1280 px', async () => {
  const { context, page } = await newPage(stage.browser, VIEWPORTS.desktop);
  const errors = watchErrors(page);
  await loginAs(page, stage.url, DEMO.seller);
  await addWarehouse(page);

  const orderId = await createOrder(page, {
    boxes: { l: '50', b: '40', h: '40', kg: '18', count: '12' },
    invoices: [
      {
        number: 'KT-2411',
        value: '70000',
        goods: { name: 'Stoneware plates', hsn: '69120010', quantity: '96', taxable: '59322.03' },
      },
      {
        number: 'KT-2412',
        value: '50000',
        goods: { name: 'Ceramic mugs', hsn: '6912', quantity: '48', taxable: '42372.88' },
      },
    ],
  });
  const heading = page.getByRole('heading', { level: 1, name: /^B2B order / });
  await heading.waitFor();
  await page.getByText('12 boxes', { exact: false }).first().waitFor();

  // before its e-way bills the order offers no booking, says why, and the server refuses it too
  const detail = await api<B2bOrderDetail>(pathOf(API_B2B.one, { orderId }));
  assert.ok(detail.ewayBillRequired);
  assert.equal(
    detail.invoices.reduce((n, i) => n + i.invoiceValuePaise, 0),
    120_000_00,
  );
  await page.getByText(detail.ewayBillMessage).waitFor();
  assert.equal(await page.getByText('E-way bill: needed before booking').count(), 2);
  // each invoice's goods, line by line with its HSN code and GST
  const goods = page.getByRole('table', { name: 'Goods of invoice KT-2411' });
  assert.match(await goods.getByRole('row', { name: /69120010/ }).innerText(), /Stoneware plates[\s\S]*18%/);
  assert.equal(await page.getByRole('button', { name: /^Book with/ }).count(), 0);
  const refused = await fetch(`${stage.url}${pathOf(API_B2B.book, { orderId })}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${await apiToken(stage.url, DEMO.seller)}`, 'content-type': 'application/json' },
    body: JSON.stringify({ carrierCode: 'GT', idempotencyKey: `b2b-e2e-early-${orderId}` }),
  });
  assert.equal(refused.status, 409);
  assert.match(
    ((await refused.json()) as { errorMessage: string }).errorMessage,
    /e-way bill of invoice KT-2411, KT-2412/,
  );
  await noOverflow(page, 'the B2B order page');
  await screenshot(page, 'b2b-order-needs-eway-bill-1280');

  await generateEwayBills(page, ['KT-2411', 'KT-2412']);
  const freight = page.getByRole('region', { name: 'Gati quote' });
  await freight.waitFor({ timeout: 30_000 });
  await changeEwayBill(page, 'KT-2411', '1280');

  // the quote on the page, line by line, is the server's
  const quotes = await api<B2bQuotes>(pathOf(API_B2B.orderQuotes, { orderId }));
  const gati = quotes.quotes.find((q) => q.carrierCode === 'GT')?.quote;
  assert.ok(gati, 'Gati quotes the lane');
  assert.equal(gati.weight.boxCount, 12);
  for (const line of gati.lines.slice(0, 3)) {
    const row = freight.getByRole('row', { name: new RegExp(`^${line.label}`) });
    assert.match(await row.innerText(), rupees(line.amountPaise));
  }
  const total = freight.getByRole('row', { name: /^Total/ });
  assert.match(await total.innerText(), rupees(gati.totalPaise));

  // a reload comes back to the same choice
  await page.reload();
  await freight.waitFor({ timeout: 30_000 });
  await screenshot(page, 'b2b-order-quotes-1280');

  await page.getByLabel(/^Gati · /).check();
  await page.getByRole('button', { name: 'Book with Gati' }).click();
  await page
    .getByRole('button', { name: 'Download LR' })
    .waitFor({ timeout: 30_000 })
    .catch(async (e) => {
      throw new Error(`${e}\n${await page.locator('main').innerText()}`);
    });
  const booked = await api<B2bOrderDetail>(pathOf(API_B2B.one, { orderId }));
  assert.equal(booked.booking.state, 'BOOKED');
  assert.equal(booked.booking.carrierCode, 'GT');
  const lr = booked.booking.lrNumber!;
  // the booked quote adds up: its lines, its GST and the total the wallet paid
  const bookedQuote = page.getByRole('table', { name: 'The booked quote' });
  assert.match(await bookedQuote.getByRole('row', { name: /^GST/ }).innerText(), rupees(gati.gstPaise));
  assert.match(await bookedQuote.getByRole('row', { name: /^Total/ }).innerText(), rupees(gati.totalPaise));
  await page.getByText(lr).first().waitFor();

  const lrCopy = await downloadPdf(page, 'Download LR');
  assert.ok(lrCopy.text.includes(lr), 'the LR copy names its LR');
  const labels = await downloadPdf(page, 'Download box labels');
  assert.equal(labels.pages, 12);
  assert.match(labels.text, /Box 12 of 12/);
  await noOverflow(page, 'the booked B2B order');
  await screenshot(page, 'b2b-order-booked-1280');
  await requestPickup(page, orderId, '1280');

  // the LR delivered by the sandbox carrier; the page follows it
  await sandboxControl(stage.url, lr, 'advance', { to: 'DELIVERED' });
  await page.getByText('12 of 12 boxes', { exact: false }).first().waitFor({ timeout: 60_000 });
  await page.getByRole('button', { name: 'Download proof of delivery' }).waitFor({ timeout: 30_000 });
  await page.reload();
  await page.getByText('12 of 12 boxes', { exact: false }).first().waitFor();
  const pod = await downloadPdf(page, 'Download proof of delivery');
  assert.ok(pod.pages >= 1);
  await noOverflow(page, 'the delivered B2B order');
  await screenshot(page, 'b2b-order-delivered-1280');

  // the one error the browser logs is the extension the server refused (409, shown in the dialog)
  assert.deepEqual(
    errors.filter((e) => !/status of 409/.test(e)),
    [],
  );
  assert.equal(errors.length, 1);
  await context.close();
});

test('a smaller B2B order booked with Delhivery LTL at 375 px', async () => {
  const { context, page } = await newPage(stage.browser, VIEWPORTS.phone);
  const errors = watchErrors(page);
  await loginAs(page, stage.url, DEMO.seller);
  const own = await api<{ items: { warehouseName: string }[] }>(`${API_B2B.warehouses.path}?kind=OWN`);
  if (!own.items.some((w) => w.warehouseName === WAREHOUSE)) await addWarehouse(page);

  const orderId = await createOrder(page, {
    boxes: { l: '40', b: '30', h: '30', kg: '12', count: '3' },
    invoices: [
      {
        number: 'KT-2420',
        value: '60000',
        goods: { name: 'Ceramic bowls', hsn: '69120090', quantity: '3', taxable: '50847.46' },
      },
    ],
  });
  await page.getByRole('heading', { level: 1, name: /^B2B order / }).waitFor();
  await page.getByRole('table', { name: 'Goods of invoice KT-2420' }).getByText('Ceramic bowls').waitFor();
  await noOverflow(page, 'the B2B order page');
  // a bill the seller already has, made yesterday for 100 km: it lapses within a day, so the page warns
  await page.getByRole('button', { name: 'Enter a number for KT-2420' }).click();
  const enter = page.getByRole('dialog');
  await enter.getByLabel('E-way bill number', { exact: true }).fill('3810 0270 4420');
  await enter
    .getByLabel('E-way bill date')
    .fill(new Date(Date.now() + 330 * 60_000 - 86_400_000).toISOString().slice(0, 10));
  await enter.getByLabel('Distance (km)').fill('100');
  await enter.getByRole('button', { name: 'Save number' }).click();
  await enter.waitFor({ state: 'detached' });
  const invoice = page.getByRole('region', { name: 'Invoice KT-2420' });
  await invoice.getByText(/Expires within 24 hours/).waitFor();
  await page.reload();
  await invoice.getByText(/Expires within 24 hours/).waitFor();
  await noOverflow(page, 'the B2B order page with a bill about to lapse');
  await checkAccessibility(page);
  await screenshot(page, 'b2b-order-eway-bill-warning-375');
  await page.getByRole('region', { name: 'Delhivery LTL quote' }).waitFor({ timeout: 30_000 });
  await page.getByLabel(/^Delhivery LTL · /).check();
  await page.getByRole('button', { name: 'Book with Delhivery LTL' }).click();
  // Delhivery LTL confirms its LR later; the page waits for it
  await page.getByRole('button', { name: 'Download LR' }).waitFor({ timeout: 90_000 });
  const booked = await api<B2bOrderDetail>(pathOf(API_B2B.one, { orderId }));
  assert.equal(booked.booking.state, 'BOOKED');
  assert.equal(booked.booking.carrierCode, 'DE-LTL');
  await page.getByText(booked.booking.lrNumber!).first().waitFor();
  await page.reload();
  await page.getByRole('button', { name: 'Download LR' }).waitFor();
  await noOverflow(page, 'the booked B2B order');
  await screenshot(page, 'b2b-order-booked-375');
  await requestPickup(page, orderId, '375');

  assert.deepEqual(errors, []);
  await context.close();
});
