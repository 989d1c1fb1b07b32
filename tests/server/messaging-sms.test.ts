import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_MESSAGING } from '../../src/domain/messaging/messages-contract';
import { API_SHIPPING } from '../../src/domain/shipping-contract';

import type { OrderDetail } from '../../src/domain/orders-contract';
import { readMessagingSettings } from '../../server/messaging/settings';
import { ingestScans } from '../../server/modules/courier-inlet/ingest';
import { ratingKey } from '../../server/modules/tracking/rating-key';
import { Msg91Standin, msg91TemplatesJson, type Msg91StandinTemplate } from '../messaging/msg91-standin';
import { errorOf, startTestServer, type TestServer } from './harness';
import { answer, answerOf, send } from './call';
import { creditWallet, login, MEERA, newShippableOrder, SELLER, STAFF, verifiedPickup } from './helpers';
import { seedDemo } from '../../server/seeds/demo-accounts';

// SMS through MSG91 end to end: the product configured by its variables against the MSG91
// stand-in ships an order, and the buyer's tracking SMS goes on its registered template with
// exactly its variables; delivery reports come back once; refusals are logged, never sent.

const AUTH_KEY = 'msg91-test-authkey-0001';
const REPORT_TOKEN = 'report-secret-7f3a';
const DND_BUYER = '9876500011';
const TEMPLATES: (Msg91StandinTemplate & { kind: string; category?: string })[] = [
  {
    kind: 'tracking_update',
    templateId: '6650a1b2c3d4e5f601020301',
    dltTemplateId: '1107171234567890101',
    header: 'DKYSHP',
    text: 'Dear ##buyer##, your ##brand## order ##order## is ##status##. Track: ##link## - DKYSHP',
  },
  {
    kind: 'out_for_delivery',
    templateId: '6650a1b2c3d4e5f601020302',
    dltTemplateId: '1107171234567890102',
    header: 'DKYSHP',
    category: 'promotional',
    text: 'Your ##brand## order ##order## is out for delivery today: ##link##',
  },
];

describe('SMS through MSG91', () => {
  let s: TestServer;
  let msg91: Msg91Standin;
  let meera: string;
  let seller: string;
  let staff: string;
  let support: string;
  let pickupId: number;

  const ship = async (o: OrderDetail) => {
    const { quotes } = await answer(s, API_SHIPPING.courierQuotes, { params: { orderId: o.orderId }, token: meera });
    return answer(s, API_SHIPPING.ship, {
      params: { orderId: o.orderId },
      body: { carrierCode: quotes[0].carrierCode },
      token: meera,
    });
  };
  const scan = (awb: string, courierStatus: string) =>
    ingestScans(s.deps, [
      { awb, at: new Date(s.clock.now.getTime() + 1000), courierStatus, location: 'Jaipur', remark: '' },
    ]);
  const log = async (orderId: number) => answer(s, API_MESSAGING.orderMessages, { params: { orderId }, token: meera });
  const report = (body: string, query = `?token=${REPORT_TOKEN}`, headers: Record<string, string> = {}) =>
    s.request(`${API_MESSAGING.smsReports.path}${query}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
      body,
    });

  beforeAll(async () => {
    msg91 = await new Msg91Standin({ authKey: AUTH_KEY, templates: TEMPLATES }).start();
    const messaging = readMessagingSettings({
      MSG91_AUTH_KEY: AUTH_KEY,
      MSG91_BASE_URL: msg91.url,
      MSG91_SENDER_ID: 'DKYSHP',
      MSG91_DLT_PE_ID: '1101234567890123456',
      MSG91_TEMPLATES: msg91TemplatesJson(TEMPLATES),
      MSG91_REPORT_TOKEN: REPORT_TOKEN,
    });
    expect(messaging.problems).toEqual([]);
    s = await startTestServer({
      seed: async (deps) => void (await seedDemo(deps)),
      config: { messaging: { ...messaging, dnd: new Set([DND_BUYER]) } },
    });
    meera = (await login(s, MEERA)).token;
    seller = (await login(s, SELLER)).token;
    staff = (await login(s, STAFF)).token;
    support = (await login(s, { email: 'support@dakiya.in', password: 'Staff@123' })).token;
    const pickup = await verifiedPickup(s, meera);
    pickupId = pickup.pickupId;
    await creditWallet(s, staff, pickup.orgId, 5000, 'Float for SMS tests');
  }, 60_000);
  afterAll(async () => {
    await s?.close();
    await msg91?.close();
  });

  it('an order ships and the buyer’s tracking SMS goes on its registered template with exactly its variables', async () => {
    const o = await newShippableOrder(s, meera, pickupId, { buyerPhone: '9876500001', buyerEmail: 'kavya@example.in' });
    const info = await ship(o);
    await scan(info.awb, 'PICKED_UP');
    const sent = msg91.sent().filter((m) => m.mobiles === '919876500001');
    expect(sent).toHaveLength(1);
    const link = `http://dakiya.test/s?r=${info.shortCode}&k=${ratingKey(s.deps.ratingKey, info.shipmentId)}`;
    expect(sent[0]).toMatchObject({
      templateId: TEMPLATES[0].templateId,
      sender: 'DKYSHP',
      shortUrl: true,
      variables: { buyer: 'Kavya Reddy', brand: 'Meera Crafts', order: o.orderNumber, status: 'Picked Up', link },
      text: `Dear Kavya Reddy, your Meera Crafts order ${o.orderNumber} is Picked Up. Track: ${link} - DKYSHP`,
    });
    const rows = await log(o.orderId);
    expect(rows.map((r) => [r.kind, r.channel, r.provider, r.status])).toEqual([
      ['tracking_update', 'EMAIL', 'outbox', 'sent'],
      ['tracking_update', 'SMS', 'msg91', 'sent'],
    ]);
    const sms = rows.find((r) => r.channel === 'SMS')!;
    expect(sms).toMatchObject({ template: TEMPLATES[0].templateId, recipient: '+91 ••••• •0001', reply: null });

    // the delivery report: unauthenticated or unreadable ones change nothing
    const body = msg91.reportBody(sent[0].requestId, '1');
    expect((await report(body, '')).status).toBe(401);
    expect((await report(body, '?token=wrong-token-000000')).status).toBe(401);
    expect((await errorOf(await report('data=not-json'))).message).toBe('The body is not an MSG91 delivery report');
    // the same report three times at once moves the message once
    const answers = await Promise.all([1, 2, 3].map(() => report(body, '', { 'x-report-token': REPORT_TOKEN })));
    const applied = await Promise.all(answers.map(async (a) => (await answerOf(API_MESSAGING.smsReports, a)).applied));
    expect(applied.reduce((a, b) => a + b, 0)).toBe(1);
    expect((await log(o.orderId)).find((r) => r.channel === 'SMS')!.status).toBe('delivered');
    // a late failure report cannot undo a delivery
    await answerOf(API_MESSAGING.smsReports, await report(msg91.reportBody(sent[0].requestId, '2')));
    expect((await log(o.orderId)).find((r) => r.channel === 'SMS')!.status).toBe('delivered');
  });

  it('a failure report records why; a kind with no SMS template is not sent and says so', async () => {
    const o = await newShippableOrder(s, meera, pickupId, { buyerPhone: '9876500002' });
    const info = await ship(o);
    await scan(info.awb, 'PICKED_UP');
    const [sent] = msg91.sent().filter((m) => m.mobiles === '919876500002');
    await answerOf(API_MESSAGING.smsReports, await report(msg91.reportBody(sent.requestId, '17')));
    expect((await log(o.orderId))[0]).toMatchObject({ status: 'failed', error: 'The number is blocked.' });
    await scan(info.awb, 'IN_TRANSIT');
    await scan(info.awb, 'OUT_FOR_DELIVERY');
    const before = msg91.callCount();
    await scan(info.awb, 'DELIVERED'); // rating_request: not registered on MSG91 here
    expect(msg91.callCount()).toBe(before);
    expect((await log(o.orderId))[0]).toMatchObject({
      kind: 'rating_request',
      channel: 'SMS',
      status: 'failed',
      error: 'Not sent: no SMS template is registered for “Delivered: rate your order”.',
    });
  });

  it('a promotional template never goes to a number on the DND list; a rate-limited send is logged as not sent', async () => {
    const o = await newShippableOrder(s, meera, pickupId, { buyerPhone: DND_BUYER });
    const info = await ship(o);
    await scan(info.awb, 'PICKED_UP');
    await scan(info.awb, 'IN_TRANSIT');
    const before = msg91.callCount();
    await scan(info.awb, 'OUT_FOR_DELIVERY');
    expect(msg91.callCount()).toBe(before);
    expect((await log(o.orderId))[0]).toMatchObject({
      kind: 'out_for_delivery',
      status: 'failed',
      error: 'Not sent: the number is on the do-not-disturb registry and the template is promotional.',
    });
    const other = await newShippableOrder(s, meera, pickupId, { buyerPhone: '9876500003' });
    const otherInfo = await ship(other);
    msg91.exhaustRateLimit();
    await scan(otherInfo.awb, 'PICKED_UP');
    expect((await log(other.orderId))[0]).toMatchObject({
      status: 'failed',
      error: 'MSG91 could not take the SMS just now (too many messages at once); it was not sent.',
    });
    msg91.advance(61_000);
  });

  it('another seller’s order is a 404; staff see the registrations only with the permission', async () => {
    const o = await newShippableOrder(s, meera, pickupId);
    expect((await send(s, API_MESSAGING.orderMessages, { params: { orderId: o.orderId }, token: seller })).status).toBe(
      404,
    );
    expect((await send(s, API_MESSAGING.orderMessages, { params: { orderId: o.orderId }, token: staff })).status).toBe(
      403,
    );
    expect((await send(s, API_MESSAGING.orderMessages, { params: { orderId: o.orderId } })).status).toBe(401);
    const view = await answer(s, API_MESSAGING.templates, { token: staff });
    expect(view.source).toEqual({ SMS: 'configured', WHATSAPP: 'demo' });
    expect(view.providers.SMS).toBe('msg91');
    expect(view.dndNumbers).toBe(1);
    const sms = view.cells.filter((c) => c.channel === 'SMS');
    expect(sms.filter((c) => c.template).map((c) => c.kind)).toEqual(['tracking_update', 'out_for_delivery']);
    expect(sms.find((c) => c.kind === 'tracking_update')!.template).toMatchObject({
      id: TEMPLATES[0].templateId,
      dltTemplateId: TEMPLATES[0].dltTemplateId,
      header: 'DKYSHP',
      variables: ['buyer', 'brand', 'order', 'status', 'link'],
    });
    expect((await send(s, API_MESSAGING.templates, { token: support })).status).toBe(403);
    expect((await send(s, API_MESSAGING.templates, { token: meera })).status).toBe(403);
    const counts = await answer(s, API_MESSAGING.monthlyCounts, { token: meera });
    const smsCount = counts.find((c) => c.channel === 'SMS')!;
    expect(smsCount.month).toMatch(/^\d{4}-\d{2}$/);
    expect(smsCount.sent).toBeGreaterThanOrEqual(1);
    expect(smsCount.delivered).toBe(1);
    expect(smsCount.failed).toBeGreaterThanOrEqual(3);
  });
});
