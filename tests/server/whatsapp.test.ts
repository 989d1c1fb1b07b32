import { pathOf } from '../../src/domain/operation';
import { API_TRACKING_SETTINGS } from '../../src/domain/tracking-settings-contract';
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_COD_VERIFICATION } from '../../src/domain/cod-verification-contract';
import { API_WHATSAPP } from '../../src/domain/messaging/whatsapp-contract';
import { API_SHIPPING } from '../../src/domain/shipping-contract';
import {
  buyerMessages,
  codVerificationEvents,
  codVerifications,
  liveOrderEvents,
  ndrRecords,
  orders,
  sandboxParcels,
  whatsappContacts,
  whatsappInbound,
} from '../../server/db/schema';
import { readMessagingSettings } from '../../server/messaging/settings';
import { readWhatsAppSettings } from '../../server/messaging/whatsapp/settings';
import { OPTED_OUT } from '../../server/modules/whatsapp/contacts';
import { WINDOW_CLOSED } from '../../server/modules/whatsapp/free-form';
import { seedDemo } from '../../server/seeds/demo-accounts';
import { planLife } from '../../server/carriers/sandbox/parcel-life';
import { reportDueScans } from '../../server/carriers/sandbox/tick';
import { CARRIER_BY_CODE } from '../../src/domain/shipping/carriers';
import { startWhatsAppStandin, type WhatsAppStandin } from '../messaging/standin/whatsapp-standin';
import { errorOf, startTestServer, type TestServer } from './harness';
import { answer, answerOf, send } from './call';
import { creditWallet, demoTokens, login, MEERA, newShippableOrder, verifiedPickup } from './helpers';

// WhatsApp through the product over HTTP, against the Cloud API's protocol stand-in: Meta's
// handshake, a COD order's confirmation template with its quick-reply buttons, the buyer's tap
// arriving as a signed webhook and confirming the order once however often it comes, forged and
// unsigned deliveries refused with nothing recorded, STOP, the 24-hour window for free-form
// messages, statuses on the message log, and an undeliverable WhatsApp falling back to SMS once.

const SECRET = 'meta-app-secret-1';
const PHONE_NUMBER_ID = '106540352242922';
const TEMPLATES = {
  cod_confirmation: [
    {
      name: 'cod_confirm_v2',
      language: 'en',
      category: 'UTILITY',
      params: ['buyer', 'brand', 'order', 'amount'],
      buttons: ['Confirm order', 'Cancel order'],
    },
    {
      name: 'cod_confirm_v2',
      language: 'hi',
      category: 'UTILITY',
      params: ['buyer', 'brand', 'order', 'amount'],
      buttons: ['ऑर्डर कन्फ़र्म करें', 'ऑर्डर रद्द करें'],
    },
  ],
  ndr_action: {
    name: 'ndr_prompt_v1',
    language: 'en',
    category: 'UTILITY',
    params: ['buyer', 'order', 'reason'],
    buttons: ['Re-attempt', 'Change address'],
  },
  tracking_update: {
    name: 'tracking_update_v1',
    language: 'en',
    category: 'UTILITY',
    params: ['buyer', 'order', 'status', 'link'],
    buttons: [],
  },
};
const STANDIN_TEMPLATES = [
  { name: 'cod_confirm_v2', language: 'en', params: 4, buttons: ['Confirm order', 'Cancel order'] },
  { name: 'cod_confirm_v2', language: 'hi', params: 4, buttons: ['ऑर्डर कन्फ़र्म करें', 'ऑर्डर रद्द करें'] },
  { name: 'ndr_prompt_v1', language: 'en', params: 3, buttons: ['Re-attempt', 'Change address'] },
  { name: 'tracking_update_v1', language: 'en', params: 4, buttons: [] },
];
const HOUR = 3_600_000;

describe('WhatsApp with replies', () => {
  let s: TestServer;
  let standin: WhatsAppStandin;
  let meera: string;
  let pickupId: number;
  let meeraOrg: number;

  beforeAll(async () => {
    standin = await startWhatsAppStandin({
      accessToken: 'wa-system-user-token',
      phoneNumberId: PHONE_NUMBER_ID,
      appSecret: SECRET,
      templates: STANDIN_TEMPLATES,
    });
    const env = {
      WHATSAPP_BASE_URL: standin.url,
      WHATSAPP_ACCESS_TOKEN: 'wa-system-user-token',
      WHATSAPP_PHONE_NUMBER_ID: PHONE_NUMBER_ID,
      WHATSAPP_APP_SECRET: SECRET,
      WHATSAPP_VERIFY_TOKEN: 'verify-me-7',
      WHATSAPP_TEMPLATES: JSON.stringify(TEMPLATES),
    };
    s = await startTestServer({
      seed: async (deps) => void (await seedDemo(deps)),
      config: { whatsapp: readWhatsAppSettings(env), messaging: readMessagingSettings(env) },
    });
    standin.setWebhook(async (body, headers) => ({
      status: (await s.request(API_WHATSAPP.webhook.path, { method: 'POST', body, headers })).status,
    }));
    const { meera: token, staff } = await demoTokens(s);
    meera = token;
    ({ pickupId, orgId: meeraOrg } = await verifiedPickup(s, meera));
    await creditWallet(s, staff, meeraOrg, 20_000, 'Test float for WhatsApp');
    await answer(s, API_COD_VERIFICATION.saveSettings, {
      token: meera,
      body: {
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
    // the seller asks for the COD confirmation on WhatsApp (SMS when it cannot go)
    await answer(s, API_TRACKING_SETTINGS.saveNotificationSettings, {
      token: meera,
      body: [{ event: 'COD_CONFIRMATION', sms: true, email: false, whatsapp: true, language: 'en' }],
    });
  }, 60_000);
  afterAll(async () => {
    await s.close();
    await standin.close();
  });

  /** both clocks move: the product's and Meta's */
  const later = async (ms: number) => {
    s.clock.advance(ms);
    standin.advance(ms);
    meera = (await login(s, MEERA)).token;
  };
  const codOrder = (phone: string) => newShippableOrder(s, meera, pickupId, { buyerPhone: phone });
  const logOf = (orderId: number) =>
    s.deps.db.select().from(buyerMessages).where(eq(buyerMessages.orderId, orderId)).orderBy(asc(buyerMessages.id));
  const verification = async (orderId: number) =>
    answer(s, API_COD_VERIFICATION.order, { params: { orderId }, token: meera });
  const orderStatus = async (orderId: number) =>
    (await s.deps.db.select({ status: orders.status }).from(orders).where(eq(orders.id, orderId)))[0].status;
  const handshake = (query: string) => s.request(`${API_WHATSAPP.webhookHandshake.path}?${query}`);

  it('answers Meta’s subscription handshake with the challenge as text, and refuses a wrong token or mode', async () => {
    const ok = await handshake('hub.mode=subscribe&hub.verify_token=verify-me-7&hub.challenge=1158201444');
    expect(ok.status).toBe(200);
    expect(ok.headers.get('content-type')).toMatch(/^text\/plain/);
    expect(await ok.text()).toBe('1158201444');
    for (const q of [
      'hub.mode=subscribe&hub.verify_token=verify-me-8&hub.challenge=1',
      'hub.mode=unsubscribe&hub.verify_token=verify-me-7&hub.challenge=1',
      'hub.mode=subscribe&hub.challenge=1',
    ])
      expect((await handshake(q)).status).toBe(403);
  });

  it('sends a COD order’s confirmation on its approved template, buttons carrying opaque signed references', async () => {
    const o = await codOrder('9811100001');
    const [m] = standin.messagesTo('919811100001');
    expect(m.template).toMatchObject({
      name: 'cod_confirm_v2',
      language: 'en',
      params: ['Kavya Reddy', expect.any(String), o.orderNumber, '₹1,450.00'],
    });
    const [confirm, cancel] = m.template!.payloads as string[];
    for (const payload of [confirm, cancel]) expect(payload).toMatch(/^\d\.[0-9a-z]+\.[A-Za-z0-9_-]{22}$/);
    // a reference turned into the other button's, or into another message's, is not ours: nothing happens
    await standin.tapButton(m.id, 'Cancel order', { payload: `1${confirm.slice(1)}` });
    await standin.tapButton(m.id, 'Confirm order', { payload: confirm.replace(/^0\.[0-9a-z]+/, '0.zz') });
    expect((await verification(o.orderId)).state).toBe('PENDING');
    const [row] = await logOf(o.orderId);
    expect(row).toMatchObject({
      channel: 'WHATSAPP',
      provider: 'whatsapp',
      template: 'cod_confirm_v2',
      status: 'sent',
      providerMessageId: m.id,
    });
  });

  it('a forged or missing signature changes nothing and is refused 401', async () => {
    const o = await codOrder('9811100002');
    const [m] = standin.messagesTo('919811100002');
    const inboundBefore = (await s.deps.db.select().from(whatsappInbound)).length;
    expect((await standin.tapButton(m.id, 'Confirm order', { forgedSecret: 'not-the-secret' })).status).toBe(401);
    expect((await standin.tapButton(m.id, 'Confirm order', { unsigned: true })).status).toBe(401);
    expect((await standin.reply('919811100002', 'STOP', { forgedSecret: 'x' })).status).toBe(401);
    expect((await verification(o.orderId)).state).toBe('PENDING');
    expect((await s.deps.db.select().from(whatsappInbound)).length).toBe(inboundBefore);
    expect((await logOf(o.orderId))[0].reply).toBeNull();
    expect(await s.deps.db.select().from(whatsappContacts).where(eq(whatsappContacts.phone, '9811100002'))).toEqual([]);
  });

  it('“Confirm order” confirms the order once, however many taps and redeliveries arrive together', async () => {
    const o = await codOrder('9811100003');
    const [m] = standin.messagesTo('919811100003');
    const first = await standin.tapButton(m.id, 'Confirm order');
    expect(first.status).toBe(200);
    const again = await Promise.all([
      standin.tapButton(m.id, 'Confirm order'),
      standin.tapButton(m.id, 'Confirm order'),
      standin.redeliver(first),
      standin.redeliver(first),
      standin.tapButton(m.id, 'Confirm order'),
    ]);
    expect(again.map((d) => d.status)).toEqual([200, 200, 200, 200, 200]);
    const v = await verification(o.orderId);
    expect(v).toMatchObject({ state: 'CONFIRMED', shippingRefusal: null });
    expect(v.timeline.map((e) => e.note)).toContain('Link sent by WhatsApp');
    expect(v.timeline.map((e) => e.note).slice(-2)).toEqual([
      'The buyer confirmed the order',
      'The answer came on WhatsApp',
    ]);
    const confirmed = await s.deps.db
      .select()
      .from(codVerificationEvents)
      .innerJoin(codVerifications, eq(codVerifications.id, codVerificationEvents.verificationId))
      .where(and(eq(codVerifications.orderId, o.orderId), eq(codVerificationEvents.kind, 'CONFIRMED')));
    expect(confirmed).toHaveLength(1);
    // the seller's screens heard it once, on the order's live stream
    const live = await s.deps.db.select().from(liveOrderEvents).where(eq(liveOrderEvents.orderId, o.orderId));
    expect(live.filter((e) => e.remark === 'The buyer confirmed the order on WhatsApp')).toHaveLength(1);
    expect((await logOf(o.orderId))[0]).toMatchObject({ reply: 'Confirm order' });
  });

  it('a reply that could not be acted on is refused 500 and acted on when Meta delivers it again', async () => {
    const o = await codOrder('9811100009');
    const [m] = standin.messagesTo('919811100009');
    const clock = s.deps.now;
    let reads = 0;
    // the database goes away after the delivery is claimed
    s.deps.now = () => {
      if (++reads === 2) throw new Error('the database connection was lost');
      return clock();
    };
    const lost = await standin.tapButton(m.id, 'Confirm order');
    s.deps.now = clock;
    expect(lost.status).toBe(500);
    expect((await verification(o.orderId)).state).toBe('PENDING');
    expect((await standin.redeliver(lost)).status).toBe(200);
    expect((await verification(o.orderId)).state).toBe('CONFIRMED');
  });

  it('“Cancel order” cancels through the same answer as the web link', async () => {
    const o = await codOrder('9811100004');
    const [m] = standin.messagesTo('919811100004');
    await standin.tapButton(m.id, 'Cancel order');
    expect(await verification(o.orderId)).toMatchObject({ state: 'CANCELLED', cancelReason: 'Another reason' });
  });

  it('records statuses on the message log, never moving back', async () => {
    const o = await codOrder('9811100005');
    const [m] = standin.messagesTo('919811100005');
    await standin.status(m.id, 'delivered');
    expect((await logOf(o.orderId))[0].status).toBe('delivered');
    await standin.status(m.id, 'read');
    await standin.status(m.id, 'delivered');
    expect((await logOf(o.orderId))[0].status).toBe('read');
  });

  it('falls back to SMS once when WhatsApp cannot deliver to the number', async () => {
    standin.notOnWhatsAppNumber('919811100006');
    const o = await codOrder('9811100006');
    await standin.settle();
    const failed = standin.deliveries.at(-1)!;
    await standin.redeliver(failed);
    const rows = await logOf(o.orderId);
    expect(rows.map((r) => [r.channel, r.status])).toEqual([
      ['WHATSAPP', 'failed'],
      ['SMS', 'sent'],
    ]);
    expect(rows[0].error).toMatch(/could not deliver to this number/);
    expect(rows[1].fallbackOf).toBe(rows[0].id);
    expect((await s.deps.messenger.recent()).filter((r) => r.recipient === '+919811100006')).toHaveLength(1);
  });

  it('STOP opts the number out of the seller’s WhatsApp; SMS still goes', async () => {
    const first = await codOrder('9811100007');
    await standin.reply('919811100007', ' Stop ');
    const [contact] = await s.deps.db
      .select()
      .from(whatsappContacts)
      .where(and(eq(whatsappContacts.orgId, meeraOrg), eq(whatsappContacts.phone, '9811100007')));
    expect(contact.optedOutAt).not.toBeNull();
    expect((await logOf(first.orderId))[0].reply).toBe('Stop');
    const before = standin.messagesTo('919811100007').length;
    const next = await codOrder('9811100007');
    expect(standin.messagesTo('919811100007')).toHaveLength(before);
    const rows = await logOf(next.orderId);
    expect(rows.map((r) => [r.channel, r.status])).toEqual([
      ['WHATSAPP', 'failed'],
      ['SMS', 'sent'],
    ]);
    expect(rows[0].error).toBe(`${OPTED_OUT}.`);
    // nor may the seller write to them free-form
    const refused = await errorOf(
      await send(s, API_WHATSAPP.orderMessage, {
        params: { orderId: next.orderId },
        body: { text: 'Hi' },
        token: meera,
      }),
    );
    expect(refused).toMatchObject({ status: 409, message: OPTED_OUT });
  });

  it('free-form messages go only inside the buyer’s 24-hour window', async () => {
    const o = await codOrder('9811100008');
    const say = (text: string) =>
      s.request(pathOf(API_WHATSAPP.orderMessage, { orderId: o.orderId }), {
        method: 'POST',
        token: meera,
        json: { text },
      });
    const sentBefore = standin.messagesTo('919811100008').length;
    expect(await errorOf(await say('Your order is packed'))).toMatchObject({ status: 409, message: WINDOW_CLOSED });
    expect(standin.messagesTo('919811100008')).toHaveLength(sentBefore);
    await standin.reply('919811100008', 'Can you deliver after 6 pm?');
    expect((await logOf(o.orderId))[0].reply).toBe('Can you deliver after 6 pm?');
    await answerOf(API_WHATSAPP.orderMessage, await say('Yes, we will tell the courier'));
    expect(standin.messagesTo('919811100008').at(-1)).toMatchObject({
      type: 'text',
      text: 'Yes, we will tell the courier',
    });
    await later(23 * HOUR);
    await answerOf(API_WHATSAPP.orderMessage, await say('It ships today'));
    await later(2 * HOUR);
    expect(await errorOf(await say('Still there?'))).toMatchObject({ status: 409, message: WINDOW_CLOSED });
    await standin.settle();
    expect(standin.textsOutsideWindow).toBe(0);
    const texts = (await logOf(o.orderId)).filter((r) => r.template === null);
    expect(texts.map((r) => [r.channel, r.status])).toEqual([
      ['WHATSAPP', 'sent'],
      ['WHATSAPP', 'sent'],
    ]);
  });

  describe('the NDR prompt', () => {
    /** a prepaid order shipped, out for delivery, and not delivered: its NDR prompt goes on WhatsApp */
    const failedDelivery = async (phone: string) => {
      await answer(s, API_TRACKING_SETTINGS.saveNotificationSettings, {
        token: meera,
        body: [{ event: 'NDR', sms: true, email: false, whatsapp: true, language: 'en' }],
      });
      const o = await newShippableOrder(s, meera, pickupId, { buyerPhone: phone, paymentMethod: 'PPD' });
      const info = await answer(s, API_SHIPPING.ship, {
        params: { orderId: o.orderId },
        body: { carrierCode: 'DE' },
        token: meera,
      });
      // the sandbox courier's parcel fails its first attempt; the clock runs until it reports so
      const profile = CARRIER_BY_CODE.get(info.carrierCode)!;
      const failing = { ...profile, behaviour: { ...profile.behaviour, ndrRate: 1, lossRate: 0, rtoNdrRate: 0 } };
      const [parcel] = await s.deps.db.select().from(sandboxParcels).where(eq(sandboxParcels.awb, info.awb));
      await s.deps.db
        .update(sandboxParcels)
        .set({ plan: planLife(failing, info.awb, parcel.lane) })
        .where(eq(sandboxParcels.awb, info.awb));
      for (let h = 0; h < 20 * 24 && (await orderStatus(o.orderId)) !== 'NDR'; h++) {
        await reportDueScans(s.deps);
        s.clock.advance(HOUR);
        standin.advance(HOUR);
      }
      meera = (await login(s, MEERA)).token;
      // the courier's reason varies by AWB; one a buyer may answer with either button
      await s.deps.db
        .update(ndrRecords)
        .set({ reason: 'CONSIGNEE_UNAVAILABLE' })
        .where(eq(ndrRecords.orderId, o.orderId));
      const [ndr] = await s.deps.db.select().from(ndrRecords).where(eq(ndrRecords.orderId, o.orderId));
      const [m] = standin.messagesTo(`91${phone}`).filter((x) => x.template?.name === 'ndr_prompt_v1');
      return { o, ndr, m };
    };

    it('“Re-attempt” becomes the NDR’s action through the buyer’s answer, once', async () => {
      const { o, ndr, m } = await failedDelivery('9811100011');
      expect(ndr.status).toBe('ACTION_REQUIRED');
      expect(m.template!.params).toEqual(['Kavya Reddy', o.orderNumber, expect.any(String)]);
      await Promise.all([standin.tapButton(m.id, 'Re-attempt'), standin.tapButton(m.id, 'Re-attempt')]);
      const [after] = await s.deps.db.select().from(ndrRecords).where(eq(ndrRecords.id, ndr.id));
      expect(after).toMatchObject({ action: 'REATTEMPT', actionSource: 'BUYER' });
      const live = await s.deps.db.select().from(liveOrderEvents).where(eq(liveOrderEvents.orderId, o.orderId));
      expect(live.filter((e) => e.remark?.includes('another delivery attempt'))).toHaveLength(1);
    });

    it('“Change address” answers with the NDR page’s link, inside the window the tap opened', async () => {
      const { ndr, m } = await failedDelivery('9811100012');
      await standin.tapButton(m.id, 'Change address');
      const link = standin.messagesTo('919811100012').at(-1)!;
      expect(link).toMatchObject({ type: 'text' });
      expect(link.text).toMatch(/http:\/\/dakiya\.test\/ndr\/[0-9a-z]+\.[A-Za-z0-9_-]{22}/);
      const [still] = await s.deps.db.select().from(ndrRecords).where(eq(ndrRecords.id, ndr.id));
      expect(still.status).toBe('ACTION_REQUIRED');
      await standin.settle();
      expect(standin.textsOutsideWindow).toBe(0);
    });
  });
});
