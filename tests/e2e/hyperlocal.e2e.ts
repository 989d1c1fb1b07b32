import { pathOf } from '../../src/domain/operation';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import type { Page } from 'playwright-core';
import type { Paged } from '../../src/domain/paging';
import { API_ORDERS, type OrderDetail } from '../../src/domain/orders-contract';
import { API_SETUP, type PickupAddressRow } from '../../src/domain/setup-contract';
import { API_SHIPPING, type ShipmentInfo } from '../../src/domain/shipping-contract';
import { readPdf } from '../server/pdf-reader';
import { sandboxControl, waitUntil } from './sandbox-parcels';
import {
  type apiCaller,
  DEMO,
  fitsWidth,
  loginAs,
  meeraOnPremium,
  newPage,
  screenshot,
  VIEWPORTS,
  watchErrors,
  appStage,
} from './support';

// Hyperlocal delivery in the browser: Meera, on Premium, ships a Jaipur order across the city
// (302003 → 302012) with a hyperlocal partner in a slot she picks; the rider picks it up and rides
// to the drop (the sandbox's rider controls), the buyer gets the OTP by SMS, the rider hands the
// parcel over against it, and Meera downloads the OTP-signed proof of delivery. The buyer's page
// shows the slot and rider at 375 px; an order to another city is offered no partner.

// the sandbox clock runs slowly: the rider moves only when the test says so
const stage = appStage({ SANDBOX_COURIER_SPEED: '10', SANDBOX_COURIER_TICK_S: '1' });

const BUYER = { name: 'Ananya Joshi', phone: '9988776655' };

async function orderTo(call: ReturnType<typeof apiCaller>, pincode: string, line1: string): Promise<OrderDetail> {
  const addresses = await call<Paged<PickupAddressRow>>(API_SETUP.addresses.path);
  const pickup = addresses.items.find((a) => a.pincode === '302003');
  assert.ok(pickup, 'Meera has a pickup address in Jaipur 302003');
  return call<OrderDetail>(API_ORDERS.orders.path, {
    method: 'POST',
    json: {
      orderDate: '2026-11-20',
      paymentMethod: 'PPD',
      buyerName: BUYER.name,
      buyerPhone: BUYER.phone,
      shipping: { line1, pincode },
      items: [{ name: 'Block Print Dupatta', sku: 'BPD-07', quantity: 1, unitPrice: 900, taxRatePercent: 5 }],
      lengthCm: 25,
      breadthCm: 20,
      heightCm: 5,
      deadWeightKg: 0.4,
      pickupAddressId: pickup.addressId,
    },
  });
}

async function openShipDialog(page: Page, orderId: number) {
  await page.goto(`${stage.url}/orders/${orderId}`);
  await page.getByRole('button', { name: 'Ship now' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('list', { name: 'Couriers' }).waitFor();
  return dialog;
}

/** The buyer's SMS carrying the delivery OTP, from the development outbox. */
async function deliveryOtp(orderNumber: string): Promise<string> {
  let otp = '';
  await waitUntil('the buyer’s delivery OTP', async () => {
    const rows = (
      (await (await fetch(`${stage.url}/api/dev/outbox`)).json()) as { data: { recipient: string; body: string }[] }
    ).data;
    const sms = rows.find(
      (r) => r.recipient === `+91${BUYER.phone}` && r.body.includes(orderNumber) && /OTP \d{4}/.test(r.body),
    );
    otp = sms ? /OTP (\d{4})/.exec(sms.body)![1] : '';
    return Boolean(otp);
  });
  return otp;
}

test('a Premium seller ships across Jaipur with a hyperlocal partner in a slot, and downloads the OTP-signed proof of delivery', async () => {
  const call = await meeraOnPremium(stage.url, 'hyperlocal-e2e');
  const local = await orderTo(call, '302012', '14, Malviya Nagar');
  const outOfTown = await orderTo(call, '560038', '12, 4th Cross, Indiranagar');

  const { page } = await newPage(stage.browser, VIEWPORTS.desktop);
  const errors = watchErrors(page);
  await loginAs(page, stage.url, DEMO.seller2);

  // another city: the couriers only, and the dialog says why the partners are not there
  let dialog = await openShipDialog(page, outOfTown.orderId);
  assert.equal(await dialog.locator('.quote').filter({ hasText: 'Zippy Local' }).count(), 0);
  assert.equal(await dialog.locator('.quote').filter({ hasText: 'CityVan Express' }).count(), 0);
  await dialog.getByText(/more couriers? do(es)? not serve this order/).click();
  await dialog.getByText('Zippy Local delivers within one city only').waitFor();
  await dialog.getByText('CityVan Express delivers within one city only').waitFor();
  await screenshot(page, 'hyperlocal-other-city-dialog-desktop');
  await page.keyboard.press('Escape');
  await dialog.waitFor({ state: 'detached' });

  // across Jaipur: the partner with its distance and first slot; choosing it opens its slots
  dialog = await openShipDialog(page, local.orderId);
  const zippy = dialog.locator('.quote').filter({ hasText: 'Zippy Local' });
  await zippy.getByText(/\d+\.\d km away · first slot (Today|Tomorrow) \d\d:00–\d\d:00/).waitFor();
  await zippy.getByRole('radio', { name: /Zippy Local/ }).check();
  const slots = zippy.getByRole('group', { name: 'Delivery slot (IST)' });
  const choices = slots.getByRole('radio');
  assert.ok((await choices.count()) >= 2, 'more than one open slot');
  assert.equal(await choices.first().isChecked(), true, 'the first open slot is chosen to begin with');
  const last = choices.last();
  await last.check();
  const chosenSlot = await last.getAttribute('value');
  await screenshot(page, 'hyperlocal-ship-dialog-desktop');
  assert.ok(await fitsWidth(page));
  await page.setViewportSize(VIEWPORTS.phone);
  await screenshot(page, 'hyperlocal-ship-dialog-mobile');
  assert.ok(await fitsWidth(page), 'the ship dialog scrolls sideways at 375 px');
  await page.setViewportSize(VIEWPORTS.desktop);
  await dialog.getByRole('button', { name: 'Ship now' }).click();
  await dialog.getByText(/Shipped with Zippy Local: AWB ZL\d{10}/).waitFor();
  await dialog.getByRole('button', { name: 'Done' }).click();
  await dialog.waitFor({ state: 'detached' });

  const shipment = await call<ShipmentInfo>(pathOf(API_SHIPPING.shipment, { orderId: local.orderId }));
  assert.equal(shipment.carrierName, 'Zippy Local');
  assert.ok(shipment.deliverySlot?.riderName, 'the partner named its rider');
  // the slot chosen (not the first) is the one booked
  assert.equal(shipment.deliverySlot.slotId, chosenSlot);
  const panel = page.locator('[aria-label="Shipment"]');
  await panel.getByText(new RegExp(` IST · Rider ${shipment.deliverySlot.riderName}$`)).waitFor();

  // the rider picks it up, rides to the drop and reaches the door: the buyer's SMS has the OTP
  for (let step = 0; step < 3; step++) await sandboxControl(stage.url, shipment.awb, 'rider-step');
  await waitUntil(
    'out for delivery',
    async () => (await call<OrderDetail>(pathOf(API_ORDERS.order, { orderId: local.orderId }))).status === 'OFD',
  );
  const otp = await deliveryOtp(local.orderNumber);

  // the buyer's page, while the rider is at the door: the slot, the rider, the OTP to give
  const buyer = await newPage(stage.browser, VIEWPORTS.phone);
  await buyer.page.goto(`${stage.url}/tracking/${shipment.awb}?loading=0`);
  const slotCard = buyer.page.getByRole('region', { name: 'Your delivery slot' });
  await slotCard.getByText(`${shipment.deliverySlot.riderName} of Zippy Local brings your parcel.`).waitFor();
  await slotCard.getByText(/4-digit OTP by SMS/).waitFor();
  await buyer.page.getByText('Tracking ID').first().waitFor();
  assert.equal(await buyer.page.getByText('HL-ZIP').count(), 0, 'the partner is named, not coded');
  await screenshot(buyer.page, 'hyperlocal-tracking-mobile');
  assert.ok(await fitsWidth(buyer.page), 'the tracking page scrolls sideways at 375 px');

  // the rider hands it over against the OTP the buyer reads out
  await sandboxControl(stage.url, shipment.awb, 'deliver-with-otp', { otp, receiverName: BUYER.name });
  await waitUntil(
    'delivered',
    async () => (await call<OrderDetail>(pathOf(API_ORDERS.order, { orderId: local.orderId }))).status === 'DLV',
  );

  await page.reload();
  await page.getByText('Delivered').first().waitFor();
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download proof of delivery' }).click();
  const pod = readPdf(readFileSync(await (await download).path()));
  assert.equal(pod.pages, 1);
  assert.match(pod.text, /Delivered\s+\d{2} [A-Z][a-z]{2} \d{4}, \d{2}:\d{2} [ap]m IST/);
  assert.match(pod.text, new RegExp(`Received by\\s+${BUYER.name}`));
  assert.ok(pod.text.includes('OTP-verified delivery'), pod.text);
  assert.ok(pod.text.includes("Rider's photo at delivery"), pod.text);
  assert.equal(pod.images, 1, 'the rider’s photo is on the page');
  assert.ok(pod.barcodes.includes(shipment.awb));
  await page.evaluate(() => window.scrollTo(0, 0));
  await screenshot(page, 'hyperlocal-order-delivered-desktop');
  assert.ok(await fitsWidth(page));

  // 375 px: the delivered order page and the buyer's page fit and survive a reload
  const phone = await newPage(stage.browser, VIEWPORTS.phone);
  await loginAs(phone.page, stage.url, DEMO.seller2, `/orders/${local.orderId}`);
  await phone.page.reload();
  await phone.page.getByRole('button', { name: 'Download proof of delivery' }).waitFor();
  await phone.page.getByText(new RegExp(` IST · Rider ${shipment.deliverySlot.riderName}$`)).waitFor();
  await screenshot(phone.page, 'hyperlocal-order-delivered-mobile');
  assert.ok(await fitsWidth(phone.page), 'the order page scrolls sideways at 375 px');
  await buyer.page.reload();
  await slotCard.getByText(`${shipment.deliverySlot.riderName} of Zippy Local delivered your parcel.`).waitFor();
  assert.equal(await buyer.page.getByText(/4-digit OTP by SMS/).count(), 0, 'no OTP to give once delivered');
  await screenshot(buyer.page, 'hyperlocal-tracking-delivered-mobile');
  assert.ok(await fitsWidth(buyer.page));
  assert.deepEqual(errors, []);
});
