import { describe, expect, it } from 'vitest';
import { MESSAGE_KINDS, kindOfTrackingEvent } from '../../../src/domain/messaging/message-kinds';
import { MESSAGE_VARIABLES, variableOf } from '../../../src/domain/messaging/vocabulary';
import { demoSmsTemplates, demoWhatsAppTemplates } from '../../../server/messaging/templates/demo';
import {
  parseSmsTemplates,
  parseWhatsAppTemplates,
  templateFor,
  type SmsTemplate,
} from '../../../server/messaging/templates/registry';
import { fillSms, fillWhatsApp, smsLength } from '../../../server/messaging/templates/render';
import { parseDndList, readMessagingSettings } from '../../../server/messaging/settings';
import { readDeliveryReports } from '../../../server/messaging/msg91/delivery-reports';
import { msg91Number, readFlowAnswer } from '../../../server/messaging/msg91/flow-shapes';

// The template registrations as the operator gives them, filling them, and MSG91's answers and
// reports as the adapter reads them.

const tracking = {
  templateId: '6650a1b2c3d4e5f601020301',
  dltTemplateId: '1107171234567890101',
  category: 'service-implicit',
  header: 'DKYSHP',
  variables: ['Brand', 'ORDER', 'status', 'link'],
};
const sms = (over: Record<string, unknown>) => JSON.stringify({ tracking_update: { ...tracking, ...over } });

describe('MSG91_TEMPLATES', () => {
  it('reads each kind into a typed registration; variable names match without regard to case', () => {
    const parsed = parseSmsTemplates(sms({ text: '##brand##: order ##order## is ##STATUS##: ##link##' }));
    expect(parsed.tracking_update).toEqual([
      {
        kind: 'tracking_update',
        templateId: tracking.templateId,
        dltTemplateId: tracking.dltTemplateId,
        category: 'service-implicit',
        header: 'DKYSHP',
        language: 'en',
        variables: ['brand', 'order', 'status', 'link'],
        text: '##brand##: order ##order## is ##STATUS##: ##link##',
      },
    ]);
  });

  it.each([
    ['{', 'MSG91_TEMPLATES is not valid JSON: it should map each message kind to its template'],
    ['[]', 'MSG91_TEMPLATES should be a JSON object mapping each message kind to its template'],
    [
      JSON.stringify({ parcel_news: tracking }),
      `MSG91_TEMPLATES names the message kind "parcel_news", which is not one of ${MESSAGE_KINDS.join(', ')}`,
    ],
    [
      sms({ templateId: '' }),
      'MSG91_TEMPLATES: the template for tracking_update is refused: "templateId" is missing or empty',
    ],
    [
      sms({ dltTemplateId: '12345' }),
      'MSG91_TEMPLATES: the template for tracking_update is refused: "dltTemplateId" should be the 19-digit id DLT gave the template',
    ],
    [
      sms({ category: 'marketing' }),
      'MSG91_TEMPLATES: the template for tracking_update is refused: "category" is "marketing"; it should be one of service-implicit, service-explicit, transactional, promotional',
    ],
    [
      sms({ header: 'DAKIYA1' }),
      'MSG91_TEMPLATES: the template for tracking_update is refused: "header" should be the 6-character DLT sender header',
    ],
    [
      sms({ variables: ['brand', 'pincode'] }),
      `MSG91_TEMPLATES: the template for tracking_update is refused: "variables" names "pincode", which is not one of ${MESSAGE_VARIABLES.join(', ')}`,
    ],
    [
      sms({ variables: ['brand', 'Brand'] }),
      'MSG91_TEMPLATES: the template for tracking_update is refused: "variables" names a variable twice',
    ],
    [
      sms({ text: '##brand##: ##link##' }),
      'MSG91_TEMPLATES: the template for tracking_update is refused: its text has the variables brand, link but "variables" lists brand, order, status, link',
    ],
    [
      JSON.stringify({ tracking_update: [tracking, tracking] }),
      'MSG91_TEMPLATES: the template for tracking_update has two templates for the language "en"',
    ],
  ])('refuses %s with a sentence naming the variable and the kind', (json, message) => {
    expect(() => parseSmsTemplates(json)).toThrow(message);
  });

  it('a problem stops start-up (configProblems), and MSG91 needs its header, PE id and templates', () => {
    expect(readMessagingSettings({ MSG91_TEMPLATES: sms({ header: 'x' }) }).problems).toEqual([
      'MSG91_TEMPLATES: the template for tracking_update is refused: "header" should be the 6-character DLT sender header',
    ]);
    expect(readMessagingSettings({ MSG91_AUTH_KEY: 'k' }).problems).toEqual([
      'MSG91_SENDER_ID should be your 6-character DLT sender header when MSG91_AUTH_KEY is set.',
      'MSG91_DLT_PE_ID should be your principal entity id on DLT (digits) when MSG91_AUTH_KEY is set.',
      'MSG91_TEMPLATES is not set: MSG91 sends only on templates you registered, so list them (docs/messaging.md).',
    ]);
    const ok = readMessagingSettings({
      MSG91_AUTH_KEY: 'k',
      MSG91_SENDER_ID: 'dkyshp',
      MSG91_DLT_PE_ID: '1101234567890123456',
      MSG91_TEMPLATES: sms({}),
    });
    expect(ok.problems).toEqual([]);
    expect(ok.msg91).toMatchObject({ baseUrl: 'https://control.msg91.com', senderId: 'DKYSHP', reportToken: null });
    expect(ok.templates.source).toEqual({ SMS: 'configured', WHATSAPP: 'demo' });
    // without MSG91 the outbox carries messages on the demo's registrations
    expect(readMessagingSettings({}).msg91).toBeNull();
  });
});

describe('WHATSAPP_TEMPLATES', () => {
  const cod = {
    name: 'cod_confirm',
    language: 'hi',
    category: 'UTILITY',
    params: ['buyer', 'order', 'amount'],
    buttons: ['Confirm order', 'Cancel order'],
  };
  it('reads one template per language and picks the buyer’s language, else the first', () => {
    const parsed = parseWhatsAppTemplates(JSON.stringify({ cod_confirmation: [cod, { ...cod, language: 'en' }] }));
    expect(templateFor(parsed.cod_confirmation, 'en')?.language).toBe('en');
    expect(templateFor(parsed.cod_confirmation, 'hi')).toMatchObject({
      name: 'cod_confirm',
      buttons: ['Confirm order', 'Cancel order'],
    });
    expect(templateFor(parsed.ndr_action, 'en')).toBeNull();
  });
  it.each([
    [{ name: 'COD Confirm' }, '"name" should be the template\'s name: lower-case letters, digits and _'],
    [{ language: 'ta' }, '"language" is "ta"; it should be one of en, hi'],
    [{ category: 'SERVICE' }, '"category" is "SERVICE"; it should be one of UTILITY, MARKETING, AUTHENTICATION'],
    [{ params: ['buyer', 'pin'] }, `"params" names "pin", which is not one of ${MESSAGE_VARIABLES.join(', ')}`],
    [
      { buttons: ['Confirm this order right now please'] },
      'the button "Confirm this order right now please" is longer than 25 characters',
    ],
  ])('refuses %j', (over, message) => {
    expect(() => parseWhatsAppTemplates(JSON.stringify({ cod_confirmation: { ...cod, ...over } }))).toThrow(
      `WHATSAPP_TEMPLATES: the template for cod_confirmation is refused: ${message}`,
    );
  });
});

describe('filling a template', () => {
  const [template] = parseSmsTemplates(
    sms({ text: '##brand##: order ##order## is ##status##. Track: ##link##' }),
  ).tracking_update!;
  const values = { brand: 'Meera Crafts', order: 'MC-1001', status: 'Picked Up', link: 'https://dky.in/s?r=AB12' };

  it('fills every variable and the registered text', () => {
    expect(fillSms(template, values)).toEqual({
      ok: true,
      values,
      text: 'Meera Crafts: order MC-1001 is Picked Up. Track: https://dky.in/s?r=AB12',
    });
  });
  it.each([
    [{ status: undefined }, 'the template needs a status and the message has none'],
    [{ status: '   ' }, 'the template needs a status and the message has none'],
    [
      { brand: 'Meera Crafts and Handlooms of Jaipur' },
      'the brand is longer than the 30 characters the template allows',
    ],
    [{ brand: 'Meera\nCrafts' }, 'the brand has a line break or ## the template cannot hold'],
    [{ link: `https://dky.in/${'x'.repeat(200)}` }, 'the link is longer than the 200 characters the template allows'],
  ])('refuses %j: never sent', (over, reason) => {
    expect(fillSms(template, { ...values, ...over })).toEqual({ ok: false, reason });
  });
  it('refuses a text longer than three SMS parts, counting Hindi as Unicode', () => {
    const long: SmsTemplate = { ...template, text: `${'x'.repeat(440)} ##brand## ##order## ##status## ##link##` };
    expect(fillSms(long, values)).toMatchObject({
      ok: false,
      reason: expect.stringContaining('more than the 459 an SMS may have'),
    });
    expect(smsLength('नमस्ते')).toEqual({ length: 6, unicode: true });
    expect(smsLength('Price {₹}')).toEqual({ length: 9, unicode: true });
    expect(smsLength('a{b}')).toEqual({ length: 6, unicode: false });
  });
  it('fills WhatsApp parameters in order', () => {
    const [wa] = demoWhatsAppTemplates().cod_confirmation!;
    expect(
      fillWhatsApp(wa, { brand: 'Meera Crafts', order: 'MC-1', amount: '₹1,450', link: 'https://x.in/c' }),
    ).toMatchObject({
      ok: true,
      values: { brand: 'Meera Crafts', order: 'MC-1', amount: '₹1,450', link: 'https://x.in/c' },
    });
  });
});

describe('the demo registry and the vocabulary', () => {
  it('gives every kind a template on SMS and WhatsApp (English and Hindi), each filling its text exactly', () => {
    const smsDemo = demoSmsTemplates();
    const waDemo = demoWhatsAppTemplates();
    for (const kind of MESSAGE_KINDS) {
      expect(smsDemo[kind]).toHaveLength(1);
      expect(waDemo[kind]!.map((t) => t.language)).toEqual(['en', 'hi']);
      // the demo's registrations are valid registrations
      expect(parseSmsTemplates(JSON.stringify({ [kind]: smsDemo[kind] }))[kind]).toEqual(smsDemo[kind]);
    }
  });
  it('matches names without regard to case and maps tracking events to kinds', () => {
    expect(variableOf(' AWB ')).toBe('awb');
    expect(variableOf('pincode')).toBeNull();
    expect(['PKD', 'INT', 'OFD', 'NDR', 'DLV', 'RTO_INT'].map(kindOfTrackingEvent)).toEqual([
      'tracking_update',
      'tracking_update',
      'out_for_delivery',
      'ndr_action',
      'rating_request',
      'tracking_update',
    ]);
  });
  it('reads a DND list: one number a line, with or without +91, comments skipped', () => {
    expect([...parseDndList('# DND\n+91 98765 00011\n919876500012\n09876500013\n12345\n')]).toEqual([
      '9876500011',
      '9876500012',
      '9876500013',
    ]);
  });
});

describe('MSG91 answers and reports', () => {
  it('reads the Flow answer by its type, errors with HTTP 200 included', () => {
    expect(readFlowAnswer(200, '{"type":"success","message":"3365646f0123456789abcdef"}')).toEqual({
      ok: true,
      requestId: '3365646f0123456789abcdef',
    });
    expect(readFlowAnswer(200, '{"type":"error","message":"template not found"}')).toEqual({
      ok: false,
      message: 'template not found',
      transient: false,
    });
    expect(readFlowAnswer(429, '{"type":"error","message":"slow down"}')).toMatchObject({ transient: true });
    expect(readFlowAnswer(502, '<html>')).toEqual({
      ok: false,
      message: 'an unexpected answer (HTTP 502)',
      transient: true,
    });
    expect(msg91Number('+91 98765 00001')).toBe('919876500001');
  });
  it('reads version 2 (form) and version 3 (JSON) reports; interim codes change nothing', () => {
    const v2 = new URLSearchParams({
      data: JSON.stringify([
        {
          requestId: 'r1',
          report: [
            { number: '919876500001', status: '1', desc: 'DELIVERED' },
            { number: '919876500002', status: '9', desc: 'NDNC' },
            { number: '919876500003', status: '8', desc: 'SUBMITTED' },
          ],
        },
      ]),
    }).toString();
    expect(readDeliveryReports('application/x-www-form-urlencoded', v2)).toEqual([
      { requestId: 'r1', recipient: '+919876500001', status: 'delivered', error: null },
      {
        requestId: 'r1',
        recipient: '+919876500002',
        status: 'failed',
        error: 'The number is on the do-not-disturb registry.',
      },
    ]);
    expect(
      readDeliveryReports(
        'application/json',
        JSON.stringify({ requestId: 'r2', number: '919876500004', status: '16', desc: 'REJECTED' }),
      ),
    ).toEqual([
      { requestId: 'r2', recipient: '+919876500004', status: 'failed', error: 'The operator rejected the SMS.' },
    ]);
    expect(readDeliveryReports('application/json', 'nonsense')).toBeNull();
  });
});
