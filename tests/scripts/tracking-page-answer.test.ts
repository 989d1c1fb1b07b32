import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { trackingPagesWithAnswer } from '../../server/http/page-hints';
import { EMPTY_BRAND } from '../../src/domain/brand';
import { CARRIED_ANSWER_ID } from '../../src/domain/tracking/carried-answer';
import type { TrackingData } from '../../src/domain/tracking-contract';
import { trackingPageMarkup } from '../../src/track/tracking-prerender';

// A buyer's tracking page comes with its answer in its HTML (read from the public API's own route)
// and drawn by the page's own components, so it paints before its script has loaded.

const DATA = {
  view: 'BUYER',
  destination: 'Bengaluru, Karnataka',
  orderId: 7,
  isReturn: false,
  orderStatusCode: 'INT',
  orderStatusDesc: 'Order Shipped',
  deliveredDate: null,
  expectedDeliveryDate: '2099-11-28',
  promisedDeliveryDate: null,
  newExpectedDeliveryDate: null,
  carrierName: 'Shadowfax',
  trackingNumber: 'SF017400792702',
  shortCode: 'abcdefgh',
  trackingDetails: [{ scanDateTime: '2026-11-23T08:00:00Z', scanStatus: 'In Transit', scanLocation: 'Jaipur hub' }],
  orderNumber: 'ORD-000007',
  orderPlacedOn: '2026-11-20',
  orderedDate: '2026-11-20',
  buyerName: 'Kavya </script><script>alert(1)</script>',
  buyerPhoneNumber: 'XXXXXX6655',
  buyerPhoneNum: 'XXXXXX6655',
  buyerAddress: 'Indiranagar',
  buyerAddressLine1: '',
  buyerAddressLine2: '',
  buyerAddressLine3: '',
  buyerAddressLine4: '',
  companyName: 'Meera Crafts',
  companyLogoUrl: null,
  supportEmail: 'care@meeracrafts.in',
  supportPhoneNumber: '9123456780',
  feedbackGiven: false,
  ratingGiven: null,
  isDakiyaFeedbackGiven: false,
  dakiyaRatingGiven: null,
  accountBrandCustomisationConfig: EMPTY_BRAND,
} satisfies TrackingData;

describe('the tracking page with its answer', () => {
  const dir = mkdtempSync(join(tmpdir(), 'dakiya-track-answer-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  mkdirSync(join(dir, 'assets'), { recursive: true });
  writeFileSync(join(dir, 'assets', 'track-b2.css'), '.t-main{margin:0}');
  const trackHtml =
    '<!doctype html>\n<html lang="en-IN"><head><script type="module" crossorigin src="/assets/track-a1.js"></script>' +
    '<link rel="stylesheet" crossorigin href="/assets/track-b2.css"></head><body><div id="root"></div></body></html>';
  const asked: string[] = [];
  const read = async (path: string) => (asked.push(path), path.endsWith('/abcdefgh') ? DATA : null);

  it('reads the answer the page would ask, carries it escaped and draws the page in the browser’s language', async () => {
    const page = trackingPagesWithAnswer(dir, trackHtml, read, trackingPageMarkup);
    const html = (await page('/s', '?r=abcdefgh&loading=0', 'hi-IN,hi;q=0.9'))!;
    expect(asked.at(-1)).toBe('/rest/v1/tracking/short/abcdefgh');
    expect(html).toContain('<html lang="hi-IN">');
    expect(html).toContain('<style>.t-main{margin:0}</style>');
    // no loading period: the page itself, as the script's first render draws it
    expect(html).toContain('<h1>');
    expect(html).toContain('ORD-000007');
    // the seller's and buyer's texts cannot close the data block or run
    expect(html).not.toContain('<script>alert(1)');
    const block = html.match(new RegExp(`<script type="application/json" id="${CARRIED_ANSWER_ID}">([^<]*)</script>`));
    expect(JSON.parse(block![1])).toEqual(DATA);
  });

  it('draws the spinner during the loading period, the answer still carried', async () => {
    const page = trackingPagesWithAnswer(dir, trackHtml, read, trackingPageMarkup);
    const html = (await page('/s', '?r=abcdefgh', 'en'))!;
    expect(html).toContain('class="t-loading"');
    expect(html).not.toContain('<h1>');
    expect(html).toContain(`id="${CARRIED_ANSWER_ID}"`);
  });

  it('leaves other pages, unknown shipments and a failed drawing to the page as before', async () => {
    const broken = () => {
      throw new Error('no');
    };
    const page = trackingPagesWithAnswer(dir, trackHtml, read, broken);
    expect(await page('/public/track', '', 'en')).toBeNull();
    expect(await page('/tracking/UNKNOWN1', '', 'en')).toBeNull();
    expect(await page('/tracking/%E0%A4', '', 'en')).toBeNull();
    const undrawn = (await page('/s', '?r=abcdefgh', 'en'))!;
    expect(undrawn).toContain('<div id="root"></div>');
    expect(undrawn).toContain(`id="${CARRIED_ANSWER_ID}"`);
  });
});
