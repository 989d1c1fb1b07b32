import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WhatsAppCloudApi } from '../../server/messaging/whatsapp/cloud-api';
import { WhatsAppError } from '../../server/messaging/whatsapp/errors';
import { readWhatsAppSettings, WHATSAPP_DEFAULT_BASE_URL } from '../../server/messaging/whatsapp/settings';
import { handshakeChallenge, webhookSignatureValid } from '../../server/messaging/whatsapp/signature';
import { webhookEvents } from '../../server/messaging/whatsapp/webhook';
import { startWhatsAppStandin, type WhatsAppStandin } from '../messaging/standin/whatsapp-standin';

// The Cloud API adapter against the protocol stand-in: template and text sends, every documented
// refusal as one WhatsAppError, the 24-hour window refused before Meta is called, and the
// webhook's signature, handshake and shapes.

const SECRET = 'app-secret-for-tests';
const TEMPLATES = [
  { name: 'cod_confirmation_v1', language: 'en', params: 4, buttons: ['Confirm order', 'Cancel order'] },
  { name: 'tracking_update_v1', language: 'hi', params: 3, buttons: [] },
];

describe('WhatsApp Cloud API adapter', () => {
  let standin: WhatsAppStandin;
  let api: WhatsAppCloudApi;
  const hooks: string[] = [];
  const settings = () =>
    readWhatsAppSettings({
      WHATSAPP_BASE_URL: standin.url,
      WHATSAPP_ACCESS_TOKEN: 'token-1',
      WHATSAPP_PHONE_NUMBER_ID: '106540352242922',
      WHATSAPP_APP_SECRET: SECRET,
      WHATSAPP_VERIFY_TOKEN: 'verify-1',
    })!;
  beforeAll(async () => {
    standin = await startWhatsAppStandin({
      accessToken: 'token-1',
      phoneNumberId: '106540352242922',
      appSecret: SECRET,
      templates: TEMPLATES,
      webhook: async (body) => (hooks.push(body), { status: 200 }),
    });
    api = new WhatsAppCloudApi(settings(), { now: () => standin.now() });
  });
  afterAll(() => standin.close());

  const failureOf = async (p: Promise<unknown>) => {
    const e = await p.then(
      () => null,
      (e: unknown) => e,
    );
    expect(e).toBeInstanceOf(WhatsAppError);
    return e as WhatsAppError;
  };
  const cod = (over: Record<string, unknown> = {}) => ({
    to: '9876543210',
    name: 'cod_confirmation_v1',
    language: 'en',
    bodyParams: ['Asha', 'Kala Crafts', 'KC-1001', '₹1,499.00'],
    buttonPayloads: ['p-confirm', 'p-cancel'],
    ...over,
  });

  it('is used exactly when the access token is set, on Meta’s Graph host by default', () => {
    expect(readWhatsAppSettings({})).toBeNull();
    expect(readWhatsAppSettings({ WHATSAPP_ACCESS_TOKEN: ' ' })).toBeNull();
    expect(readWhatsAppSettings({ WHATSAPP_ACCESS_TOKEN: 't' })?.baseUrl).toBe(WHATSAPP_DEFAULT_BASE_URL);
  });

  it('sends a template with its body parameters in order and a payload per quick-reply button', async () => {
    const sent = await api.sendTemplate(cod({ bodyParams: ['Asha\nK', 'Kala Crafts', 'KC-1001', '₹1,499.00'] }));
    expect(sent.messageId).toMatch(/^wamid\./);
    expect(sent.waId).toBe('919876543210');
    const [m] = standin.messagesTo('919876543210');
    expect(m.template).toEqual({
      name: 'cod_confirmation_v1',
      language: 'en',
      params: ['Asha K', 'Kala Crafts', 'KC-1001', '₹1,499.00'],
      payloads: ['p-confirm', 'p-cancel'],
    });
  });

  it('refuses a template Meta does not know or whose parameters do not fit, as template failures', async () => {
    expect((await failureOf(api.sendTemplate(cod({ language: 'hi' })))).failure).toBe('template');
    const short = await failureOf(api.sendTemplate(cod({ bodyParams: ['Asha', 'Kala Crafts'] })));
    expect([short.failure, short.code]).toEqual(['template', 132000]);
    expect((await failureOf(api.sendTemplate(cod({ bodyParams: ['Asha', ' ', 'x', 'y'] })))).failure).toBe('template');
  });

  it('refuses free-form text outside the 24-hour window before calling Meta, and sends it inside', async () => {
    const before = standin.messages().length;
    const closed = await failureOf(api.sendText({ to: '9876500001', body: 'Hello', windowClosesAt: null }));
    expect(closed.failure).toBe('window-closed');
    const past = new Date(standin.now().getTime() - 1);
    expect((await failureOf(api.sendText({ to: '9876500001', body: 'Hello', windowClosesAt: past }))).failure).toBe(
      'window-closed',
    );
    expect(standin.messages().length).toBe(before);
    await standin.reply('919876500001', 'Where is my parcel?');
    const open = new Date(standin.now().getTime() + 24 * 3600_000);
    const sent = await api.sendText({ to: '9876500001', body: 'It is on its way', windowClosesAt: open });
    expect(standin.messages().at(-1)).toMatchObject({ id: sent.messageId, type: 'text', text: 'It is on its way' });
    await standin.settle();
    expect(standin.textsOutsideWindow).toBe(0);
  });

  it('reads Meta’s refusals: a wrong or expired token, another phone number id, the rate limit', async () => {
    const wrong = new WhatsAppCloudApi({ ...settings(), accessToken: 'nope' });
    expect(await failureOf(wrong.sendTemplate(cod()))).toMatchObject({ failure: 'access', code: 190 });
    const other = new WhatsAppCloudApi({ ...settings(), phoneNumberId: '999' });
    expect(await failureOf(other.sendTemplate(cod()))).toMatchObject({ failure: 'refused', code: 100 });
    standin.exhaustRateLimit();
    expect(await failureOf(api.sendTemplate(cod()))).toMatchObject({ failure: 'rate-limited', code: 130429 });
    standin.advance(60_000);
    await api.sendTemplate(cod());
    standin.expireToken();
    const expired = await failureOf(api.sendTemplate(cod()));
    expect(expired).toMatchObject({ failure: 'access', code: 190 });
    expect(expired.message).not.toMatch(/OAuth|190/);
    standin.renewToken();
  });

  it('takes an unanswered or unreadable call as WhatsApp unavailable', async () => {
    const down = new WhatsAppCloudApi({ ...settings(), baseUrl: 'http://127.0.0.1:9' });
    expect((await failureOf(down.sendTemplate(cod()))).failure).toBe('unavailable');
    const html = new WhatsAppCloudApi(settings(), {
      fetch: async () => new Response('<html>Bad gateway</html>', { status: 502 }),
    });
    expect((await failureOf(html.sendTemplate(cod()))).failure).toBe('unavailable');
  });

  it('checks the webhook signature on the raw bytes, and the handshake’s mode and token', () => {
    const body = '{"object":"whatsapp_business_account","entry":[]}';
    const sig = `sha256=${createHmac('sha256', SECRET).update(body).digest('hex')}`;
    expect(webhookSignatureValid(SECRET, body, sig)).toBe(true);
    expect(webhookSignatureValid(SECRET, new TextEncoder().encode(body), sig)).toBe(true);
    expect(webhookSignatureValid(SECRET, `${body} `, sig)).toBe(false);
    expect(webhookSignatureValid('other', body, sig)).toBe(false);
    expect(webhookSignatureValid(SECRET, body, undefined)).toBe(false);
    expect(webhookSignatureValid(SECRET, body, sig.replace('sha256=', 'sha1='))).toBe(false);
    expect(webhookSignatureValid('', body, sig)).toBe(false);
    expect(handshakeChallenge('verify-1', { mode: 'subscribe', token: 'verify-1', challenge: '1158201444' })).toBe(
      '1158201444',
    );
    expect(handshakeChallenge('verify-1', { mode: 'subscribe', token: 'verify-2', challenge: 'x' })).toBeNull();
    expect(handshakeChallenge('verify-1', { mode: 'unsubscribe', token: 'verify-1', challenge: 'x' })).toBeNull();
    expect(handshakeChallenge('', { mode: 'subscribe', token: '', challenge: 'x' })).toBeNull();
  });

  it('reads button taps, text and statuses from the stand-in’s webhooks, and only for this number', async () => {
    hooks.length = 0;
    const sent = await api.sendTemplate(cod({ to: '9876500002' }));
    await standin.tapButton(sent.messageId, 'Confirm order');
    await standin.reply('919876500002', 'STOP');
    await standin.status(sent.messageId, 'read');
    const events = hooks.flatMap((h) => webhookEvents(JSON.parse(h), '106540352242922') ?? []);
    expect(events).toEqual([
      expect.objectContaining({
        kind: 'button',
        from: '919876500002',
        contextId: sent.messageId,
        payload: 'p-confirm',
      }),
      expect.objectContaining({ kind: 'text', from: '919876500002', text: 'STOP', contextId: null }),
      expect.objectContaining({ kind: 'status', messageId: sent.messageId, status: 'read', errors: [] }),
    ]);
    expect(hooks.flatMap((h) => webhookEvents(JSON.parse(h), 'another-number') ?? [])).toEqual([]);
    expect(webhookEvents({ object: 'page', entry: [] }, 'x')).toBeNull();
    const interactive = {
      object: 'whatsapp_business_account',
      entry: [
        {
          changes: [
            {
              field: 'messages',
              value: {
                messages: [
                  {
                    from: '919876500002',
                    id: 'wamid.X',
                    timestamp: '1763620200',
                    type: 'interactive',
                    interactive: { type: 'button_reply', button_reply: { id: 'p-2', title: 'Re-attempt' } },
                  },
                  { from: 'broken' },
                ],
              },
            },
          ],
        },
      ],
    };
    expect(webhookEvents(interactive, '')).toEqual([
      expect.objectContaining({ kind: 'button', payload: 'p-2', text: 'Re-attempt', at: new Date(1763620200_000) }),
    ]);
  });

  it('hears a number that is not on WhatsApp as a failed status with 131026', async () => {
    hooks.length = 0;
    standin.notOnWhatsAppNumber('919876500003');
    const sent = await api.sendTemplate(cod({ to: '+91 98765 00003' }));
    await standin.settle();
    const events = hooks.flatMap((h) => webhookEvents(JSON.parse(h), '106540352242922') ?? []);
    expect(events).toEqual([
      expect.objectContaining({
        kind: 'status',
        messageId: sent.messageId,
        status: 'failed',
        errors: [{ code: 131026, title: 'Message undeliverable' }],
      }),
    ]);
  });
});
