import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Page } from 'playwright-core';
import { pathOf } from '../../src/domain/operation';
import type { Paged } from '../../src/domain/paging';
import { API_ORDERS, type OrderDetail } from '../../src/domain/orders-contract';
import { API_SETUP, type PickupAddressRow } from '../../src/domain/setup-contract';
import { API_SPLIT, type OrderPackages } from '../../src/domain/split-contract';
import type { ShipmentInfo } from '../../src/domain/shipping-contract';
import type { CsvUploadRow } from '../../src/domain/uploads-contract';
import { WEIGHT_COURIER_FILES } from '../../src/domain/weight-contract';
import { solidPng } from '../server/pdf-reader';
import {
  apiToken,
  appStage,
  DEMO,
  fitsWidth,
  imageShown,
  loginAs,
  meeraOnPremium,
  newPage,
  screenshot,
  staffLoginAs,
  VIEWPORTS,
  watchErrors,
} from './support';

// A weight dispute on an order split by box, at 1280 and 375 px: the courier weighed the
// multi-piece shipment heavier; the seller's dispute asks which box (by its number and child AWB),
// refuses to go without one, and the page shows the box disputed, after a reload too; staff's
// page of the discrepancy names the box too.

/** Per viewport: the master AWB the courier charged and the child AWB of box 2. */
const parcels: { master: string; box2: string }[] = [];

const stage = appStage({}, async ({ url }) => {
  const meera = await meeraOnPremium(url, 'weight-split');
  const addresses = await meera<Paged<PickupAddressRow>>(API_SETUP.addresses.path);
  const pickup = addresses.items.find((a) => a.verified) ?? addresses.items[0];
  for (let i = 0; i < 2; i++) {
    const order = await meera<OrderDetail>(API_ORDERS.orders.path, {
      method: 'POST',
      json: {
        orderDate: '2026-11-20',
        paymentMethod: 'PPD',
        buyerName: 'Ritika Sen',
        buyerPhone: '9988771122',
        shipping: { line1: '12, 4th Cross, Indiranagar', pincode: '560038' },
        items: [
          { name: 'Blue Pottery Vase', sku: 'BPV-12', quantity: 1, unitPrice: 1500, taxRatePercent: 12 },
          { name: 'Block Print Cushion', sku: 'BPC-02', quantity: 2, unitPrice: 500, taxRatePercent: 5 },
        ],
        lengthCm: 30,
        breadthCm: 20,
        heightCm: 15,
        deadWeightKg: 1.8,
        pickupAddressId: pickup.addressId,
      },
    });
    const { items } = await meera<OrderPackages>(pathOf(API_SPLIT.packages, { orderId: order.orderId }));
    const box = (itemId: number, quantity: number, deadWeightKg: number) => ({
      lines: [{ itemId, quantity }],
      deadWeightKg,
      lengthCm: 20,
      breadthCm: 15,
      heightCm: 10,
    });
    await meera(pathOf(API_SPLIT.packages, { orderId: order.orderId }), {
      method: 'PUT',
      json: { splitMode: 'BY_BOX', packages: [box(items[0].itemId, 1, 1.2), box(items[1].itemId, 2, 0.6)] },
    });
    const booked = await meera<ShipmentInfo>(pathOf(API_SPLIT.shipBoxes, { orderId: order.orderId }), {
      method: 'POST',
      json: { carrierCode: 'DE', idempotencyKey: `weight-split-${order.orderId}` },
    });
    const { packages } = await meera<OrderPackages>(pathOf(API_SPLIT.packages, { orderId: order.orderId }));
    parcels.push({ master: booked.awb, box2: packages[1].childAwb! });
  }
  // the courier's file charges each multi-piece shipment a heavier slab
  const staff = await apiToken(url, DEMO.staff);
  const files = WEIGHT_COURIER_FILES;
  const form = new FormData();
  const csv = [
    'awb,chargedWeightKg,lengthCm,breadthCm,heightCm,hubPhotoUrl',
    ...parcels.map((p) => `${p.master},4.6,40,30,30,`),
  ];
  form.set('file', new File([csv.join('\n')], 'courier.csv', { type: 'text/csv' }));
  const ask = async (path: string, init: RequestInit = {}) =>
    (
      (await (await fetch(`${url}${path}`, { ...init, headers: { authorization: `Bearer ${staff}` } })).json()) as {
        data: CsvUploadRow;
      }
    ).data;
  let upload = await ask(files.upload.path, { method: 'POST', body: form });
  for (let i = 0; i < 100 && upload.status !== 'DONE' && upload.status !== 'FAILED'; i++) {
    await new Promise((r) => setTimeout(r, 200));
    upload = await ask(pathOf(files.status, { uploadId: upload.uploadId }));
  }
  assert.equal(upload.result?.created, 2, JSON.stringify(upload));
});

const photo = (name: string, rgb: [number, number, number]) => ({
  name,
  mimeType: 'image/png',
  buffer: solidPng(40, 30, rgb),
});

async function disputeBoxTwo(page: Page, parcel: { master: string; box2: string }, shot: string) {
  await page.goto(`${stage.url}/weight-discrepancies`);
  await page.getByRole('heading', { name: 'Weight discrepancies' }).waitFor();
  await page.getByRole('link', { name: parcel.master }).click();
  await page.getByRole('heading', { name: new RegExp(parcel.master) }).waitFor();
  await page.getByRole('button', { name: 'Dispute', exact: true }).click();
  const form = page.getByRole('form', { name: 'Dispute the weight' });
  // every photo and the category, but no box: the form asks which
  const slots: [string, [number, number, number]][] = [
    ['Photo on the scale', [200, 40, 40]],
    ['Length photo', [40, 160, 40]],
    ['Breadth photo', [40, 40, 200]],
    ['Height photo', [160, 160, 40]],
  ];
  for (const [label, rgb] of slots) {
    await form.getByLabel(label).setInputFiles(photo(`${label.toLowerCase().replace(/ /g, '-')}.png`, rgb));
    await imageShown(form.getByRole('img', { name: label }));
  }
  await form.getByLabel('Product category').selectOption('HOME_KITCHEN');
  await form.getByRole('button', { name: 'Send dispute' }).click();
  await form.getByText('Package: choose the box the courier weighed').waitFor();
  const picker = form.getByLabel('Package');
  const choices = await picker.locator('option').allTextContents();
  assert.ok(choices.includes(`Box 2 of 2 · AWB ${parcel.box2}`), choices.join(' | '));
  await picker.selectOption({ label: `Box 2 of 2 · AWB ${parcel.box2}` });
  assert.ok(await fitsWidth(page), `${shot}: the dispute form scrolls sideways`);
  await screenshot(page, `${shot}-form`);
  await form.getByRole('button', { name: 'Send dispute' }).click();
  const evidence = page.getByRole('list', { name: 'Evidence' });
  await evidence.waitFor();
  await page.getByText(`Box 2 of 2 · AWB ${parcel.box2}`).waitFor();
  // it survives a reload
  await page.reload();
  await page.getByText(`Box 2 of 2 · AWB ${parcel.box2}`).waitFor();
  assert.ok(await fitsWidth(page), `${shot}: the page scrolls sideways`);
  await screenshot(page, `${shot}-disputed`);
}

const viewports = [
  ['desktop', VIEWPORTS.desktop],
  ['phone', VIEWPORTS.phone],
] as const;

viewports.forEach(([name, viewport], i) =>
  test(`a seller disputes the weight of one box of a multi-piece shipment (${name})`, async () => {
    const { page, context } = await newPage(stage.browser, viewport);
    const errors = watchErrors(page);
    await loginAs(page, stage.url, DEMO.seller2);
    await disputeBoxTwo(page, parcels[i], `weight-split-${name}`);
    assert.deepEqual(errors, []);
    // staff deciding the dispute read which box it is about
    const discrepancyId = new URL(page.url()).pathname.split('/').pop();
    await context.close();
    const staff = await newPage(stage.browser, viewport);
    const staffErrors = watchErrors(staff.page);
    await staffLoginAs(staff.page, stage.url);
    await staff.page.goto(`${stage.url}/dakiya/weight-discrepancies/${discrepancyId}`);
    await staff.page.getByText(`Disputed: Box 2 of 2 · AWB ${parcels[i].box2}`).waitFor();
    assert.ok(await fitsWidth(staff.page), `${name}: the staff page scrolls sideways`);
    await screenshot(staff.page, `weight-split-${name}-staff`);
    assert.deepEqual(staffErrors, []);
    await staff.context.close();
  }),
);
