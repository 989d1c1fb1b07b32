import { createHash, createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { phonePeChecksum, phonePeGateway } from '../../server/payments/phonepe';
import { razorpayGateway, razorpayWebhookSignature, verifyRazorpayCheckout } from '../../server/payments/razorpay';

// The gateways' signature rules, as their public documents state them.

const SALT = '099eb0cd-02cf-4e2a-8aca-3e6c6aff0399';

describe('PhonePe checksums', () => {
  it('is SHA-256 of payload + salt key, then ### and the salt index', () => {
    const base64 = Buffer.from('{"merchantId":"M1"}').toString('base64');
    const expected = createHash('sha256').update(`${base64}/pg/v1/pay${SALT}`).digest('hex');
    expect(phonePeChecksum(`${base64}/pg/v1/pay`, SALT, '1')).toBe(`${expected}###1`);
  });

  const gateway = phonePeGateway({
    baseUrl: 'https://pg.example',
    merchantId: 'M1',
    saltKey: SALT,
    saltIndex: '1',
    sandbox: false,
    fetch: globalThis.fetch,
  });
  const response = Buffer.from(
    JSON.stringify({
      code: 'PAYMENT_SUCCESS',
      data: { merchantTransactionId: 'DKY1TABC', transactionId: 'T123', amount: 50000 },
    }),
  ).toString('base64');
  const body = JSON.stringify({ response });

  it('accepts a callback whose X-VERIFY matches the response', () => {
    expect(gateway.verifyCallback(new Headers({ 'X-VERIFY': phonePeChecksum(response, SALT, '1') }), body)).toEqual({
      merchantTransactionId: 'DKY1TABC',
      eventId: 'T123:PAYMENT_SUCCESS',
    });
  });

  it('refuses a callback with a changed body, another salt, no header or not JSON', () => {
    const changed = Buffer.from(
      JSON.stringify({
        code: 'PAYMENT_SUCCESS',
        data: { merchantTransactionId: 'DKY1TABC', transactionId: 'T123', amount: 5000000 },
      }),
    ).toString('base64');
    expect(
      gateway.verifyCallback(
        new Headers({ 'X-VERIFY': phonePeChecksum(response, SALT, '1') }),
        JSON.stringify({ response: changed }),
      ),
    ).toBeNull();
    expect(
      gateway.verifyCallback(new Headers({ 'X-VERIFY': phonePeChecksum(response, 'other-salt', '1') }), body),
    ).toBeNull();
    expect(gateway.verifyCallback(new Headers(), body)).toBeNull();
    expect(gateway.verifyCallback(new Headers({ 'X-VERIFY': 'x' }), 'not json')).toBeNull();
  });

  it('refuses to start a transaction id PhonePe would refuse', async () => {
    await expect(
      gateway.start({
        merchantTransactionId: 'has space',
        amountPaise: 100,
        merchantUserId: 'U',
        redirectUrl: '',
        callbackUrl: '',
        description: 'Recharge',
      }),
    ).rejects.toThrow('merchantTransactionId must be letters');
    await expect(
      gateway.start({
        merchantTransactionId: 'A'.repeat(35),
        amountPaise: 100,
        merchantUserId: 'U',
        redirectUrl: '',
        callbackUrl: '',
        description: 'Recharge',
      }),
    ).rejects.toThrow('under 35 characters');
  });

  it('reads pending, failed and another transaction from the status API', async () => {
    const answers: Record<string, unknown> = {
      P1: { code: 'PAYMENT_PENDING', data: { merchantTransactionId: 'P1', amount: 100 } },
      F1: { code: 'PAYMENT_DECLINED', data: { merchantTransactionId: 'F1', amount: 100 } },
      X1: { code: 'PAYMENT_SUCCESS', data: { merchantTransactionId: 'OTHER', amount: 100, transactionId: 'T' } },
    };
    const fake = (async (url: string, init: RequestInit) => {
      const id = url.split('/').pop()!;
      expect((init.headers as Record<string, string>)['X-VERIFY']).toBe(
        phonePeChecksum(`/pg/v1/status/M1/${id}`, SALT, '1'),
      );
      return new Response(JSON.stringify(answers[id]), { status: 200 });
    }) as unknown as typeof fetch;
    const g = phonePeGateway({
      baseUrl: 'https://pg.example',
      merchantId: 'M1',
      saltKey: SALT,
      saltIndex: '1',
      sandbox: false,
      fetch: fake,
    });
    expect((await g.status('P1', null)).state).toBe('PENDING');
    expect((await g.status('F1', null)).state).toBe('FAILED');
    expect(await g.status('X1', null)).toMatchObject({
      state: 'FAILED',
      detail: 'PhonePe answered for another transaction',
    });
  });
});

describe('Razorpay signatures', () => {
  const keySecret = 'rzp_test_secret';
  it('verifies the checkout result against the order id we stored', () => {
    const signature = createHmac('sha256', keySecret).update('order_ABC|pay_XYZ').digest('hex');
    expect(verifyRazorpayCheckout('order_ABC', 'pay_XYZ', signature, keySecret)).toBe(true);
    expect(verifyRazorpayCheckout('order_OTHER', 'pay_XYZ', signature, keySecret)).toBe(false);
    expect(verifyRazorpayCheckout('order_ABC', 'pay_XYZ', signature, 'wrong')).toBe(false);
    expect(verifyRazorpayCheckout('order_ABC', 'pay_XYZ', 'short', keySecret)).toBe(false);
  });

  it('verifies a webhook on the raw body and needs its event id', () => {
    const gateway = razorpayGateway({
      baseUrl: 'https://api.razorpay.com',
      keyId: 'k',
      keySecret,
      webhookSecret: 'whsec',
      checkoutPageUrl: 'x',
      fetch: globalThis.fetch,
    });
    const raw = JSON.stringify({
      event: 'order.paid',
      payload: { order: { entity: { id: 'order_ABC', receipt: 'DKY1TABC' } } },
    });
    const signature = razorpayWebhookSignature(raw, 'whsec');
    expect(signature).toBe(createHmac('sha256', 'whsec').update(raw).digest('hex'));
    expect(
      gateway.verifyCallback(new Headers({ 'x-razorpay-signature': signature, 'x-razorpay-event-id': 'evt_1' }), raw),
    ).toEqual({ merchantTransactionId: 'DKY1TABC', eventId: 'evt_1' });
    // re-serialised JSON is a different body: the signature is on the raw bytes
    expect(
      gateway.verifyCallback(
        new Headers({ 'x-razorpay-signature': signature, 'x-razorpay-event-id': 'evt_1' }),
        JSON.stringify(JSON.parse(raw), null, 1),
      ),
    ).toBeNull();
    expect(
      gateway.verifyCallback(
        new Headers({ 'x-razorpay-signature': razorpayWebhookSignature(raw, 'guess'), 'x-razorpay-event-id': 'evt_1' }),
        raw,
      ),
    ).toBeNull();
    expect(gateway.verifyCallback(new Headers({ 'x-razorpay-signature': signature }), raw)).toBeNull();
  });

  it('reads a captured payment of the stored order as success, and nothing yet as pending', async () => {
    const fake = (async (url: string) =>
      new Response(
        JSON.stringify({
          items: url.includes('order_PAID')
            ? [{ id: 'pay_1', status: 'captured', amount: 50000, order_id: 'order_PAID' }]
            : [],
        }),
      )) as unknown as typeof fetch;
    const g = razorpayGateway({
      baseUrl: 'https://api.razorpay.com',
      keyId: 'k',
      keySecret,
      webhookSecret: 'w',
      checkoutPageUrl: 'x',
      fetch: fake,
    });
    expect(await g.status('DKY1', 'order_PAID')).toEqual({
      state: 'SUCCESS',
      amountPaise: 50000,
      gatewayPaymentId: 'pay_1',
      detail: 'captured',
    });
    expect((await g.status('DKY1', 'order_NEW')).state).toBe('PENDING');
    expect((await g.status('DKY1', null)).state).toBe('FAILED');
  });
});
