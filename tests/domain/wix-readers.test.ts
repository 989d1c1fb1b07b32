import { generateKeyPairSync } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { isWixRedirect } from '../../src/domain/channels-contract';
import { signRs256, verifyRs256, wixEventOf } from '../../server/channels/wix-jwt';
import { orderInEvent, wixOrder, type WixOrder } from '../../server/channels/wix-orders';

// Reading what Wix sends: its installer's return, its webhook tokens and the order inside them.

const keys = generateKeyPairSync('rsa', { modulusLength: 2048 });
const privatePem = keys.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
const publicPem = keys.publicKey.export({ type: 'spki', format: 'pem' }).toString();
const now = new Date('2026-11-29T10:00:00Z');

const order: WixOrder = {
  id: 'a1b2c3d4-order',
  number: '10007',
  createdDate: '2026-11-28T20:00:00Z',
  status: 'APPROVED',
  paymentStatus: 'NOT_PAID',
  lineItems: [
    {
      id: 'line-1',
      productName: { original: 'Terracotta planter' },
      catalogReference: { catalogItemId: 'prod-1' },
      quantity: 2,
      price: { amount: '899.00' },
      physicalProperties: { sku: 'WIX-PLANT-01', weight: 2 },
    },
  ],
  shippingInfo: {
    logistics: {
      shippingDestination: {
        address: { addressLine1: '14, Hindustan Park', city: 'Kolkata', postalCode: '700 029' },
        contactDetails: { firstName: 'Ananya', lastName: 'Sen', phone: '+91 98300 12345' },
      },
    },
  },
  priceSummary: { shipping: { amount: '49' }, discount: { amount: '100' } },
  weightUnit: 'LB',
};

describe('Wix’s webhook tokens', () => {
  const claims = {
    data: JSON.stringify({
      eventType: 'wix.ecom.v1.order_created',
      instanceId: 'site-1',
      data: JSON.stringify({ id: 'evt-1', entityId: order.id, createdEvent: { entity: order } }),
    }),
    exp: now.getTime() / 1000 + 60,
  };
  it('reads a token signed with the app’s key, and its event with the order inside', () => {
    const token = signRs256(privatePem, claims);
    const event = wixEventOf(verifyRs256(publicPem, token, now)!, token)!;
    expect(event).toMatchObject({ id: 'evt-1', eventType: 'wix.ecom.v1.order_created', instanceId: 'site-1' });
    expect(orderInEvent(event.body)?.id).toBe(order.id);
  });
  it('refuses another key, a changed body, an expired token and an unsigned one', () => {
    const other = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({
      type: 'pkcs8',
      format: 'pem',
    });
    expect(verifyRs256(publicPem, signRs256(other.toString(), claims), now)).toBeNull();
    const [head, , sig] = signRs256(privatePem, claims).split('.');
    const changed = Buffer.from(JSON.stringify({ ...claims, data: '{}' })).toString('base64url');
    expect(verifyRs256(publicPem, `${head}.${changed}.${sig}`, now)).toBeNull();
    expect(verifyRs256(publicPem, signRs256(privatePem, { ...claims, exp: 1 }), now)).toBeNull();
    const none = Buffer.from('{"alg":"none"}').toString('base64url');
    expect(verifyRs256(publicPem, `${none}.${changed}.`, now)).toBeNull();
  });
  it('gives a legacy event without an id (App Removed) the token’s digest as its id', () => {
    const legacy = { data: JSON.stringify({ eventType: 'AppRemoved', instanceId: 'site-1', data: '{}' }) };
    const token = signRs256(privatePem, legacy);
    expect(wixEventOf(legacy, token)?.id).toMatch(/^[0-9a-f]{64}$/);
  });
});

describe('a Wix order as a channel order', () => {
  it('reads the buyer, address, money, weights in pounds and an unpaid order as cash on delivery', () => {
    expect(wixOrder(order)).toMatchObject({
      channelOrderId: order.id,
      orderNumber: '10007',
      orderDate: '2026-11-29',
      paymentMethod: 'COD',
      buyerName: 'Ananya Sen',
      shipping: { line1: '14, Hindustan Park', line2: 'Kolkata', pincode: '700029' },
      items: [{ channelProductId: 'prod-1', sku: 'WIX-PLANT-01', quantity: 2, unitPrice: 899, grams: 907 }],
      discount: 100,
      shippingCharges: 49,
      cancelled: false,
    });
    expect(wixOrder({ ...order, paymentStatus: 'PAID', status: 'CANCELED' })).toMatchObject({
      paymentMethod: 'PPD',
      cancelled: true,
    });
  });
  it('finds the order in an update and in an action, and none in an event without one', () => {
    expect(orderInEvent({ updatedEvent: { currentEntity: order } })?.id).toBe(order.id);
    expect(orderInEvent({ actionEvent: { body: { order } } })?.id).toBe(order.id);
    expect(orderInEvent({ deletedEvent: {} })).toBeNull();
  });
});

describe('Wix’s return to the callback', () => {
  it('is one with code, state and instanceId, and not without any of them', () => {
    expect(isWixRedirect({ code: 'c', state: 's', instanceId: 'i' })).toBe(true);
    expect(isWixRedirect({ code: 'c', state: 's' })).toBe(false);
    expect(isWixRedirect({})).toBe(false);
  });
});
