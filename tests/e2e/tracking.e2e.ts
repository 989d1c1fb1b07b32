import { API_TRACKING_SETTINGS } from '../../src/domain/tracking-settings-contract';
import { pathOf } from '../../src/domain/operation';
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { API } from '../../src/domain/account-contract';
import { API_ORDERS, type OrderRow } from '../../src/domain/orders-contract';
import { API_SHIPPING, type RateAnswer, type ShipmentInfo } from '../../src/domain/shipping-contract';
import { API_TRACKING } from '../../src/domain/tracking-contract';
import { EMPTY_BRAND } from '../../src/domain/brand';
import { join } from 'node:path';
import { SALES_CHANNELS } from '../../src/domain/constants';
import { COURIER_LOGOS, distinctLogos } from '../../src/domain/logos';
import { CARRIERS } from '../../src/domain/shipping/carriers';
import {
  apiCaller,
  apiToken,
  checkAccessibility,
  DEMO,
  fitsWidth,
  imageShown,
  loginAs,
  newPage,
  SCREENS_DIR,
  screenshot,
  VIEWPORTS,
  watchErrors,
  appStage,
} from './support';

// A buyer opens the SMS link on a phone, reads the timeline and rates both sections once; the
// lookup page with a valid and an invalid number; and a corpus of hostile brand texts that must
// show as text and run nothing. The seller side (a shipped demo order, the brand) is set up
// through the API.

let api: ReturnType<typeof apiCaller>;
let shipment: ShipmentInfo;

const HOSTILE = [
  '<img src=x onerror="window.__xss=1">',
  '<script>window.__xss=2</script>',
  '"><svg onload=window.__xss=3>',
  'javascript:window.__xss=4',
  '{{constructor.constructor("window.__xss=5")()}}',
];

const stage = appStage({ SANDBOX_COURIER_SPEED: '172800', SANDBOX_COURIER_TICK_S: '1' }, async ({ url }) => {
  api = apiCaller(url, await apiToken(url, DEMO.seller2));
  const orders = await api<{ items: OrderRow[] }>(`${API_ORDERS.orders.path}?searchPattern=Arjun`);
  const order = orders.items[0];
  const { quotes } = await api<RateAnswer>(pathOf(API_SHIPPING.courierQuotes, { orderId: order.orderId }));
  shipment = await api<ShipmentInfo>(pathOf(API_SHIPPING.ship, { orderId: order.orderId }), {
    method: 'POST',
    json: { carrierCode: quotes[0].carrierCode },
  });
  // the sandbox draws each parcel's life from its random AWB: a failed attempt and a return would
  // end it before the buyer's flow; steer it onto the plain road to delivery instead
  const steered = await fetch(`${url}/api/dev/sandbox-courier/${shipment.awb}/advance`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ to: 'OUT_FOR_DELIVERY' }),
  });
  assert.equal(steered.status, 200, await steered.text());
  await api(API_TRACKING_SETTINGS.brand.path, {
    method: 'PUT',
    json: {
      ...EMPTY_BRAND,
      headerConfig: {
        enabled: true,
        headerBannerContent: HOSTILE[0],
        headerBannerRedirectionLink: 'https://meeracrafts.in/sale',
        menuItemsMap: { [HOSTILE[1]]: 'https://meeracrafts.in' },
      },
      productRecommendationConfig: {
        enabled: true,
        recommendedProductsList: [
          {
            productImageUrl: 'https://meeracrafts.in/vase.png',
            productImageName: HOSTILE[2],
            productTitle: HOSTILE[2],
            productPrice: '₹1,450',
            productImageRedirectionLink: '',
          },
        ],
      },
      footerConfig: { ...EMPTY_BRAND.footerConfig, enabled: true, footerBannerContent: HOSTILE[4] },
      supportEmail: 'care@meeracrafts.in',
      supportPhone: '9123456780',
    },
  });
});

/** The tracking link of the SMS the buyer got (it carries the rating key), from the development mailbox. */
async function smsLink(shortCode: string): Promise<string> {
  const deadline = Date.now() + 20_000;
  for (;;) {
    const rows = (
      (await (await fetch(`${stage.url}${API.devOutbox}`)).json()) as { data: { channel: string; body: string }[] }
    ).data;
    const link = rows
      .map((r) => (r.channel === 'SMS' ? /https?:\/\/\S+/.exec(r.body)?.[0] : undefined))
      .find((l) => l?.includes(`/s?r=${shortCode}&k=`));
    if (link) return link;
    if (Date.now() > deadline) throw new Error(`no SMS with the tracking link of ${shortCode}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

test('a buyer opens the SMS link on a phone, follows the parcel and rates both sections once', async () => {
  const { page, context } = await newPage(stage.browser, VIEWPORTS.phone);
  // someone holding only the tracking number sees no way to rate
  await page.goto(`${stage.url}/tracking/${shipment.awb}?loading=0`);
  await page.getByRole('heading', { name: 'Track Your Order', exact: true }).waitFor({ timeout: 10_000 });
  assert.equal(await page.getByRole('radio').count(), 0);
  assert.equal(await page.getByRole('region', { name: 'Rate Meera Crafts' }).count(), 0);
  const link = new URL(await smsLink(shipment.shortCode));
  const dialogs: string[] = [];
  page.on('dialog', (d) => {
    dialogs.push(d.message());
    void d.dismiss();
  });
  await page.goto(`${stage.url}${link.pathname}${link.search}`);
  await page.getByText('Fetching your order…').waitFor();
  await page.getByRole('heading', { name: `Track Your Order : ${shipment.orderNumber}` }).waitFor({ timeout: 10_000 });
  await page.getByText(`Tracking ID - ${shipment.awb} (${shipment.carrierName})`).waitFor();
  // the courier moves two days a second: a reload a few seconds on shows more of the journey
  await page.waitForTimeout(3000);
  await page.reload();
  const timeline = page.getByRole('list', { name: 'Tracking updates' });
  await timeline.waitFor({ timeout: 10_000 });
  assert.ok((await timeline.locator('li').count()) >= 2);
  await screenshot(page, 'tracking-page-phone');
  // every card keeps the AWB and courier inside it on a 375 px phone
  assert.ok(await fitsWidth(page), 'the tracking page scrolls sideways at 375 px');
  assert.equal(
    await page.locator('.t-card').evaluateAll((cards) => cards.filter((c) => c.scrollWidth > c.clientWidth).length),
    0,
  );

  // on its way (the answer as the server gives it before delivery): the estimate shows once, and no rating is asked
  const real = (await (
    await fetch(`${stage.url}${pathOf(API_TRACKING.byShortCode, { code: shipment.shortCode })}`)
  ).json()) as {
    data: Record<string, unknown>;
  };
  await page.route(`**${pathOf(API_TRACKING.byShortCode, { code: shipment.shortCode })}`, (route) =>
    route.fulfill({
      status: 200,
      contentType: 'application/json',
      body: JSON.stringify({
        data: {
          ...real.data,
          orderStatusCode: 'INT',
          orderStatusDesc: 'Order Shipped',
          deliveredDate: null,
          expectedDeliveryDate: '2099-11-28',
          promisedDeliveryDate: null,
          newExpectedDeliveryDate: null,
        },
      }),
    }),
  );
  await page.reload();
  await page.getByRole('region', { name: 'Estimated delivery' }).waitFor({ timeout: 10_000 });
  assert.equal(await page.getByText('Saturday', { exact: true }).count(), 1, 'the estimated day shows once');
  assert.equal(await page.locator('.t-date').count(), 0, 'no second card repeats the estimate');
  assert.equal(await page.getByRole('radio').count(), 0, 'a rating is asked before delivery');
  await page.unrouteAll();

  // delivered: now both sections ask
  const toDelivered = await fetch(`${stage.url}/api/dev/sandbox-courier/${shipment.awb}/advance`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ to: 'DELIVERED' }),
  });
  await toDelivered.text();
  for (let i = 0; ; i++) {
    const t = (await (
      await fetch(`${stage.url}${pathOf(API_TRACKING.byShortCode, { code: shipment.shortCode })}`)
    ).json()) as {
      data: { orderStatusCode: string };
    };
    if (t.data.orderStatusCode === 'DLV') break;
    assert.ok(i < 60, `the parcel is ${t.data.orderStatusCode}, not delivered`);
    await new Promise((r) => setTimeout(r, 500));
  }
  await page.reload();
  await page.getByRole('region', { name: 'Rate Meera Crafts' }).waitFor({ timeout: 10_000 });

  for (const title of ['Rate Meera Crafts', 'Rate your delivery experience']) {
    const section = page.getByRole('region', { name: title });
    const submit = section.getByRole('button', { name: 'Submit' });
    assert.equal(await submit.isDisabled(), true);
    // the scale is one radio group with one tab stop, on 0 (not rated yet); the words say 0 to 10
    await section.getByText('Choose a score from 0 to 10 (10 is best); a score above 0 can be sent').waitFor();
    assert.equal(await section.locator('[role="radio"][tabindex="0"]').count(), 1);
    assert.equal(await section.locator('[role="radio"][aria-checked="true"]').innerText(), '0');
    // arrow keys move and choose: 0 → 9
    await section.getByRole('radio', { name: '0', exact: true }).focus();
    for (let i = 0; i < 9; i++) await page.keyboard.press('ArrowRight');
    assert.equal(await section.locator('[role="radio"][aria-checked="true"]').innerText(), '9');
    assert.equal(await page.evaluate(() => document.activeElement?.textContent), '9');
    await page.keyboard.press('Tab');
    assert.equal(
      await page.evaluate(() => document.activeElement?.tagName),
      'TEXTAREA',
      'one tab stop leaves the scale',
    );
    await section.getByRole('img', { name: 'very happy' }).waitFor();
    await section.getByText('Your rating: 9 out of 10').waitFor();
    await submit.click();
    await section.getByText('Thank you for your feedback!').waitFor();
  }
  await page.reload();
  await page
    .getByRole('region', { name: 'Rate Meera Crafts' })
    .getByText('Thank you for your feedback!')
    .waitFor({ timeout: 10_000 });
  await page
    .getByRole('region', { name: 'Rate your delivery experience' })
    .getByText('Thank you for your feedback!')
    .waitFor();
  // by tracking number the ratings now show, read-only
  const byNumber = await context.newPage();
  await byNumber.goto(`${stage.url}/tracking/${shipment.awb}?loading=0`);
  await byNumber
    .getByRole('region', { name: 'Rate Meera Crafts' })
    .getByText('Rated 9 out of 10')
    .waitFor({ timeout: 10_000 });
  await byNumber.close();

  // the hostile brand texts are on the page as text, and nothing ran
  for (const text of [HOSTILE[0], HOSTILE[4]]) await page.getByText(text, { exact: true }).first().waitFor();
  await page.getByRole('button', { name: 'Menu' }).click();
  await page.getByText(HOSTILE[1], { exact: true }).waitFor();
  await page.getByText(HOSTILE[2], { exact: true }).first().waitFor();
  assert.equal(await page.evaluate(() => (window as unknown as { __xss?: number }).__xss), undefined);
  assert.deepEqual(dialogs, []);
  assert.equal(await page.locator('main script, header script, footer script').count(), 0);
  await context.close();
});

test('after delivery the page shows the delivery day, and after a return to the seller says so; never the old estimate', async () => {
  const { page, context } = await newPage(stage.browser, VIEWPORTS.phone);
  const real = (await (
    await fetch(`${stage.url}${pathOf(API_TRACKING.byShortCode, { code: shipment.shortCode })}`)
  ).json()) as {
    data: Record<string, unknown>;
  };
  const cases = [
    {
      status: 'DLV',
      desc: 'Delivered',
      deliveredDate: '2026-11-27T10:15:00.000Z',
      expect: ['Delivered on', 'November'],
    },
    {
      status: 'RTO_DLV',
      desc: 'RTO Delivered',
      deliveredDate: null,
      expect: ['This parcel went back to the seller. It was not delivered.'],
    },
  ];
  for (const c of cases) {
    // the server's answer with the parcel's final status (the sandbox courier picks its own outcome)
    await page.route(`**${pathOf(API_TRACKING.byShortCode, { code: shipment.shortCode })}`, (route) =>
      route.fulfill({
        status: 200,
        contentType: 'application/json',
        body: JSON.stringify({
          data: {
            ...real.data,
            orderStatusCode: c.status,
            orderStatusDesc: c.desc,
            deliveredDate: c.deliveredDate,
            expectedDeliveryDate: '2026-11-28',
            newExpectedDeliveryDate: null,
          },
        }),
      }),
    );
    await page.goto(`${stage.url}/s?r=${shipment.shortCode}&loading=0`);
    await page
      .getByRole('heading', { name: `Track Your Order : ${shipment.orderNumber}` })
      .waitFor({ timeout: 10_000 });
    for (const text of c.expect) await page.getByText(text).first().waitFor();
    assert.equal(await page.getByText('Expected delivery').count(), 0, `${c.status}: the estimate is still shown`);
    assert.equal(await page.getByRole('region', { name: 'Estimated delivery' }).count(), 0);
    await screenshot(page, `tracking-${c.status.toLowerCase()}-phone`);
    await page.unrouteAll();
  }
  await context.close();
});

test('a buyer whose stage.browser speaks Hindi gets the pages in Hindi, switches to English and back, and the choice survives a reload', async () => {
  const { page, context } = await newPage(stage.browser, VIEWPORTS.phone, 'hi-IN');
  const errors = watchErrors(page);
  await page.goto(`${stage.url}/s?r=${shipment.shortCode}&loading=0`);
  await page.getByRole('heading', { name: `अपना ऑर्डर ट्रैक करें : ${shipment.orderNumber}` }).waitFor({ timeout: 10_000 });
  assert.equal(await page.evaluate(() => document.documentElement.lang), 'hi-IN');
  await page.getByRole('heading', { name: 'शिपमेंट का सफ़र' }).waitFor();
  await page.getByText('इन शब्दों का मतलब').waitFor();
  // dates stay dd MMM yyyy in India's time, with Hindi month names
  assert.match(
    await page.locator('.t-details').first().innerText(),
    /\d{2} (जनवरी|फ़रवरी|मार्च|अप्रैल|मई|जून|जुलाई|अगस्त|सितंबर|अक्टूबर|नवंबर|दिसंबर) \d{4}/,
  );
  assert.ok(await fitsWidth(page), 'the Hindi tracking page scrolls sideways at 375 px');
  await screenshot(page, 'tracking-hindi-phone');
  // the switch: English, kept across a reload
  const switcher = page.getByRole('group', { name: 'भाषा / Language' });
  await switcher.getByRole('button', { name: 'English' }).click();
  await page.getByRole('heading', { name: `Track Your Order : ${shipment.orderNumber}` }).waitFor();
  await page.reload();
  await page.getByRole('heading', { name: `Track Your Order : ${shipment.orderNumber}` }).waitFor({ timeout: 10_000 });
  assert.equal(await page.getByRole('button', { name: 'English' }).getAttribute('aria-pressed'), 'true');
  await page.getByRole('button', { name: 'हिन्दी' }).click();
  await page.getByRole('heading', { name: `अपना ऑर्डर ट्रैक करें : ${shipment.orderNumber}` }).waitFor();
  // the lookup page follows the same choice
  await page.goto(`${stage.url}/public/track`);
  await page.getByRole('heading', { name: 'अपना ऑर्डर ट्रैक करें' }).waitFor({ timeout: 10_000 });
  await page.getByRole('button', { name: 'ट्रैक करें' }).click();
  await page.getByText('यह ट्रैकिंग नंबर सही नहीं है').waitFor();
  await screenshot(page, 'tracking-lookup-hindi-phone');
  await page.setViewportSize(VIEWPORTS.desktop);
  await screenshot(page, 'tracking-lookup-hindi-desktop');
  // the seller's brand images live on the seller's own site, which this machine cannot reach
  assert.deepEqual(
    errors.filter((e) => !e.includes('ERR_NAME_NOT_RESOLVED')),
    [],
  );
  await context.close();
  // an English browser starts in English
  const en = await newPage(stage.browser, VIEWPORTS.desktop, 'en-IN');
  await en.page.goto(`${stage.url}/public/track`);
  await en.page.getByRole('heading', { name: 'Track Your Order' }).waitFor({ timeout: 10_000 });
  await en.context.close();
});

test('the lookup page takes a valid number to its tracking page and refuses an invalid one', async () => {
  const { page, context } = await newPage(stage.browser, VIEWPORTS.phone);
  await page.goto(`${stage.url}/public/track`);
  await page.getByRole('heading', { name: 'Track Your Order' }).waitFor();
  await page.getByText('Our logistic partners').waitFor();
  await page.getByRole('button', { name: 'Track' }).click();
  await page.getByText('Invalid tracking number entered').waitFor();
  await page.getByLabel('Please enter the tracking number').fill('NOTAREALNUMBER1');
  await page.getByRole('button', { name: 'Track' }).click();
  await page.getByText('Invalid tracking number entered').waitFor();
  await screenshot(page, 'tracking-lookup-phone');
  await page.getByLabel('Please enter the tracking number').fill(shipment.awb);
  await page.getByRole('button', { name: 'Track' }).click();
  // the page's address carries the AWB only, and a number alone shows the destination city and the progress
  await page.waitForURL(new RegExp(`/tracking/${shipment.awb}$`));
  await page.getByRole('heading', { name: 'Track Your Order', exact: true }).waitFor({ timeout: 10_000 });
  await page.getByText('Delivering to').waitFor();
  const shown = (await page.locator('main').textContent()) ?? '';
  assert.ok(!shown.includes(shipment.orderNumber), 'the order number shows without the buyer’s link');
  assert.ok(!shown.includes('Arjun'), 'the buyer’s name shows without the buyer’s link');
  // an unknown reference goes to the error page
  await page.goto(`${stage.url}/v2/track/${shipment.orderId}/SF000000000000`);
  await page.waitForURL(/\/error$/, { timeout: 10_000 });
  await page.getByText('404 Page Not Found!').waitFor();
  await context.close();
});

test('a seller brands the tracking page with a live preview, and the buyer sees it', async () => {
  const { page, context } = await newPage(stage.browser, VIEWPORTS.desktop);
  await loginAs(page, stage.url, DEMO.seller2, '/setup');
  await page.getByRole('link', { name: 'Tracking page' }).click();
  const header = page.getByRole('region', { name: 'Header and offer banner' });
  await header.getByLabel('Offer banner text').fill('Winter sale: 15% off on razais');
  const preview = page.getByRole('region', { name: 'Preview of your tracking page' });
  await preview.getByText('Winter sale: 15% off on razais').waitFor();
  const video = page.getByRole('region', { name: 'Promotional video' });
  await video.getByLabel('Show on the tracking page').check();
  await video.getByLabel('Video link (YouTube or Vimeo)').fill('https://evil.example/x');
  await page.getByRole('button', { name: 'Save tracking page' }).click();
  await page.getByText('Video link must be a YouTube or Vimeo link').waitFor();
  await video.getByLabel('Video link (YouTube or Vimeo)').fill('https://www.youtube.com/watch?v=dQw4w9WgXcQ');
  await page.getByRole('button', { name: 'Save tracking page' }).click();
  await page.getByText('Tracking page saved').waitFor();
  await screenshot(page, 'tracking-editor-desktop');
  const buyer = await context.newPage();
  await buyer.goto(`${stage.url}/s?r=${shipment.shortCode}&loading=0`);
  await buyer.getByText('Winter sale: 15% off on razais').waitFor({ timeout: 10_000 });
  assert.match(
    (await buyer.locator('iframe').getAttribute('src')) ?? '',
    /^https:\/\/www\.youtube-nocookie\.com\/embed\/dQw4w9WgXcQ$/,
  );
  await context.close();
});

test('the marquees show logos at 1280 and 375 px, and the product carousel shows one product up to 1199 px and three from 1200 px', async () => {
  const { page, context } = await newPage(stage.browser, VIEWPORTS.desktop);
  const errors = watchErrors(page);
  const couriers = distinctLogos(CARRIERS.filter((c) => !c.b2b).map((c) => COURIER_LOGOS[c.code]));
  for (const [path, region, names] of [
    ['/login', 'Sales channels you can connect', SALES_CHANNELS as readonly string[]],
    ['/public/track', 'Our logistic partners', couriers.map((l) => l.name)],
  ] as const) {
    await page.goto(`${stage.url}${path}`);
    const marquee = page.getByRole('region', { name: region });
    await marquee.getByRole('img').first().waitFor();
    // each name once, as a drawn logo that loaded (the loop's second round is hidden from the reading order)
    assert.deepEqual(await marquee.getByRole('img').evaluateAll((imgs) => imgs.map((i) => i.getAttribute('alt'))), [
      ...names,
    ]);
    for (const name of names) await imageShown(marquee.getByRole('img', { name, exact: true }));
    assert.equal(await marquee.getByText(names[0], { exact: true }).count(), 0, `${path}: a name shows as text`);
    for (const [width, viewport] of [
      ['desktop', VIEWPORTS.desktop],
      ['phone', VIEWPORTS.phone],
    ] as const) {
      await page.setViewportSize(viewport);
      assert.ok(await fitsWidth(page), `${path} scrolls sideways at ${width}`);
      await marquee.screenshot({ path: join(SCREENS_DIR, `marquee-logos${path.replace(/\//g, '-')}-${width}.png`) });
    }
    await checkAccessibility(page, `marquee ${path}`);
    await page.setViewportSize(VIEWPORTS.desktop);
  }

  await api(API_TRACKING_SETTINGS.brand.path, {
    method: 'PUT',
    json: {
      ...EMPTY_BRAND,
      productRecommendationConfig: {
        enabled: true,
        recommendedProductsList: ['Blue Pottery Vase', 'Kantha Throw', 'Brass Diya', 'Jute Runner'].map((title, i) => ({
          productImageUrl: `${stage.url}/logos/channel-shopify.svg`,
          productImageName: title,
          productTitle: title,
          productPrice: `₹${(i + 1) * 450}`,
          productImageRedirectionLink: '',
        })),
      },
    },
  });
  await page.goto(`${stage.url}/s?r=${shipment.shortCode}&loading=0`);
  const carousel = page.getByRole('region', { name: 'You may also like' });
  await carousel.waitFor({ timeout: 10_000 });
  for (const [width, shown] of [
    [1199, 1],
    [1200, 3],
    [991, 2],
    [767, 1],
  ] as const) {
    await page.setViewportSize({ width, height: 800 });
    // the carousel re-lays itself out after the resize; wait for that, not for the old layout's items
    await page
      .waitForFunction((n) => document.querySelectorAll('[aria-label="You may also like"] li').length === n, shown, {
        timeout: 5_000,
      })
      .catch(() => undefined);
    assert.equal(await carousel.getByRole('listitem').count(), shown, `at ${width} px`);
    if (width >= 1199) await screenshot(page, `carousel-${width}`);
  }
  assert.deepEqual(errors, []);
  await context.close();
});
