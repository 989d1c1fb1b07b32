import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CARRIER_BY_CODE } from '../../src/domain/shipping/carriers';
import { mapCourierStatus, mapNdrReason } from '../../src/domain/shipping/courier-codes';
import {
  EKART_NDR_REASONS,
  EKART_STATUSES,
  EKART_UNMAPPED_STATUSES,
} from '../../src/domain/shipping/courier-codes/ekart';
import { CourierError } from '../../server/carriers/courier-error';
import { EkartCourier } from '../../server/carriers/ekart/ekart-courier';
import type { ShipmentRequest } from '../../server/carriers/adapter';
import { parseEkartPush } from '../../server/carriers/ekart/track-push';
import { buildCarriers } from '../../server/carriers/providers';
import { readCourierSettings } from '../../server/carriers/settings';
import { describeCarrierConformance } from './conformance';
import { EKART_STANDIN_CREDENTIALS, startEkartStandin, type EkartStandin } from './standin/ekart-standin';

// Ekart's adapter against its protocol stand-in: the whole kit (bulk tracking does not apply:
// Ekart tracks one id a call), then what is Ekart's own: its full status vocabulary, the COD
// ceiling, labels, manifests for pickups, estimates, pincodes and webhook registration.

const TIMEOUT_MS = 800;
const HOLDER = { gstin: '29ABCDE1234F1Z5', address: 'Dakiya, Indiranagar, Bengaluru, Karnataka 560038' };

const adapterFor = (standin: EkartStandin) =>
  new EkartCourier(
    CARRIER_BY_CODE.get('EK')!,
    { baseUrl: standin.url, ...EKART_STANDIN_CREDENTIALS },
    { holder: HOLDER, timeoutMs: TIMEOUT_MS, now: () => standin.now() },
  );

const baseRequest = (standin: EkartStandin): ShipmentRequest => ({
  orderNumber: 'MT-1001',
  from: {
    pincode: '302003',
    city: 'Jaipur',
    state: 'Rajasthan',
    name: 'Meera Jaipur',
    phone: '+919123456780',
    address: 'Johari Bazaar',
  },
  to: {
    pincode: '560038',
    city: 'Bengaluru',
    state: 'Karnataka',
    name: 'Kavya Reddy',
    phone: '+919988776655',
    address: '12, 4th Cross, Indiranagar',
  },
  zone: 'D',
  weightKg: 1.2,
  paymentMethod: 'PPD',
  codAmountPaise: 0,
  declaredValuePaise: 1_450_00,
  dimensionsCm: { length: 20, breadth: 20, height: 30 },
  bookedAt: standin.now(),
});

describeCarrierConformance('Ekart', {
  documentedStatusCodes: Object.keys(EKART_STATUSES),
  capabilities: { http: true, trackMany: false },
  notApplicable: { 'bulk-tracking': 'Ekart’s track API takes one tracking id a call' },
  async start() {
    const standin = await startEkartStandin();
    const adapter = adapterFor(standin);
    return {
      adapter,
      now: () => standin.now(),
      request: () => baseRequest(standin),
      advance: async (ms) => standin.advance(ms),
      pickUp: async (awb) => standin.pickUp(awb),
      failAttempt: async (awb) => standin.failAttempt(awb),
      http: {
        timeoutMs: TIMEOUT_MS,
        logins: () => standin.logins(),
        expireTokens: () => standin.expireTokens(),
        exhaustRateLimit: () => standin.exhaustRateLimit(),
        hangNext: () => standin.hangNext(),
        refuseNext: (remark) => standin.refuseNext(remark),
        invalidRequest: (base) => ({
          request: { ...base, to: { ...base.to, phone: '+91 98110' } },
          remark: /consignee_alternate_phone must be a phone number of at least 10 digits/,
        }),
      },
      close: () => standin.close(),
    };
  },
});

describe('Ekart: its own calls and vocabulary', () => {
  let standin: EkartStandin;
  let adapter: EkartCourier;
  let serial = 0;
  const book = (over: Partial<ShipmentRequest> = {}) => {
    const ref = `EKT${Date.now().toString(36)}${++serial}`.toUpperCase();
    return adapter.createShipment({ ...baseRequest(standin), clientReference: ref, ...over });
  };

  beforeAll(async () => {
    standin = await startEkartStandin();
    adapter = adapterFor(standin);
  });
  afterAll(() => standin.close());

  it('maps every documented status word, and leaves only the chosen ones unknown', () => {
    expect(Object.keys(EKART_STATUSES).length + EKART_UNMAPPED_STATUSES.length).toBe(24);
    for (const word of Object.keys(EKART_STATUSES)) expect(mapCourierStatus('EK', word), word).toBeDefined();
    for (const word of EKART_UNMAPPED_STATUSES) expect(mapCourierStatus('EK', word), word).toBeUndefined();
    expect(EKART_NDR_REASONS).toHaveLength(19);
    for (const [word] of EKART_NDR_REASONS) expect(mapNdrReason('EK', word), word).toBeDefined();
    // the sandbox's own words still read for EK
    expect(mapCourierStatus('EK', 'IN_TRANSIT')).toBe('IN_TRANSIT');
    expect(mapNdrReason('EK', 'EK-CNA')?.reason).toBe('CONSIGNEE_UNAVAILABLE');
  });

  it('refuses cash on delivery above ₹49,999 before calling Ekart, in a sentence', async () => {
    const before = standin.bookings().length;
    const refused = await book({ paymentMethod: 'COD', codAmountPaise: 50_000_00 }).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(CourierError);
    expect((refused as CourierError).remark).toMatch(
      /^Ekart collects at most ₹49,999 cash on delivery; this order asks ₹50,000\./,
    );
    expect(standin.bookings()).toHaveLength(before);
    const booked = await book({ paymentMethod: 'COD', codAmountPaise: 49_999_00, declaredValuePaise: 49_999_00 });
    expect(standin.bookings().find((b) => b.awb === booked.awb)?.codAmountPaise).toBe(49_999_00);
  });

  it('sends weight in grams, whole centimetres and ten-digit phones', async () => {
    const booked = await book({ weightKg: 0.75, dimensionsCm: { length: 10.2, breadth: 8, height: 4.5 } });
    expect(booked.routingCode).toBe('EKART');
    const found = standin.bookings().find((b) => b.awb === booked.awb);
    expect(found).toMatchObject({ payment: 'PPD', status: 'Order Placed' });
  });

  it('downloads Ekart’s label PDF carrying the tracking id', async () => {
    const booked = await book();
    const pdf = await adapter.labelPdf([booked.awb]);
    expect(Buffer.from(pdf.subarray(0, 5)).toString()).toBe('%PDF-');
    expect(Buffer.from(pdf).toString('latin1')).toContain(booked.awb);
    await expect(adapter.labelPdf(['NOPE123456'])).rejects.toMatchObject({ kind: 'REFUSED', httpStatus: 404 });
  });

  it('answers a day’s pickup with the manifest of its parcels', async () => {
    const a = await book();
    const b = await book();
    const { pickupId } = await adapter.requestPickup({
      locationName: 'Meera Jaipur 302003',
      date: '2026-11-30',
      expectedCount: 2,
      awbs: [a.awb, b.awb],
    });
    expect(pickupId).toMatch(/^\d+$/);
    expect(standin.pickupRequests().at(-1)).toMatchObject({ location: 'Meera Jaipur', count: 2 });
    await expect(
      adapter.requestPickup({ locationName: 'x', date: '2026-11-30', expectedCount: 0, awbs: [] }),
    ).rejects.toMatchObject({ kind: 'REFUSED' });
  });

  it('registers a warehouse as an Ekart address under its alias', async () => {
    const { registeredName } = await adapter.registerPickupLocation({
      entityName: 'Meera Jaipur',
      phone: '+919123456780',
      email: 'p@m.in',
      addressLine1: 'Johari Bazaar',
      addressLine2: null,
      pincode: '302003',
      city: 'Jaipur',
      state: 'Rajasthan',
    });
    expect(registeredName).toBe('Meera Jaipur 302003');
  });

  it('prices a parcel with Ekart’s estimate and reads a pincode’s service', async () => {
    const estimate = await adapter.estimate({
      fromPincode: '302003',
      toPincode: '560038',
      weightKg: 1.2,
      dimensionsCm: { length: 20, breadth: 20, height: 30 },
      codAmountPaise: 1_450_00,
      declaredValuePaise: 1_450_00,
    });
    expect(Number(estimate.total)).toBeGreaterThan(0);
    expect((await adapter.pincode('560038')).details?.cod).toBe(true);
    expect((await adapter.pincode('999999')).status).toBe(false);
  });

  it('re-attempts only from tomorrow to seven days ahead, and returns to origin on request', async () => {
    const booked = await book();
    standin.failAttempt(booked.awb, 'Address Issue');
    const scans = await adapter.track(booked.awb);
    expect(scans.at(-1)).toMatchObject({ courierStatus: 'Undelivered', reasonCode: 'Address Issue' });
    const late = await adapter.ndrAction(booked.awb, { action: 'REATTEMPT', date: '2099-01-01' });
    expect(late).toMatchObject({ accepted: false, reason: expect.stringMatching(/^Ekart re-attempts from tomorrow/) });
    const rto = await adapter.ndrAction(booked.awb, { action: 'RTO' });
    expect(rto.accepted).toBe(true);
    standin.advance(2 * 3_600_000);
    expect((await adapter.track(booked.awb)).map((s) => mapCourierStatus('EK', s.courierStatus))).toContain(
      'RTO_IN_TRANSIT',
    );
  });

  it('registers exactly one active track_updated webhook, however often it is asked', async () => {
    const url = 'https://dakiya.example/rest/v1/couriers/EK/webhook';
    await adapter.registerWebhook(url);
    await adapter.registerWebhook(url);
    let hooks = standin.registeredWebhooks().filter((w) => w.url === url);
    expect(hooks).toHaveLength(1);
    expect(hooks[0]).toMatchObject({ active: true, topics: ['track_updated'] });
    expect(hooks[0].secret.length).toBeGreaterThanOrEqual(6);
    expect(hooks[0].secret.length).toBeLessThanOrEqual(30);
    // switched off at Ekart's dashboard: switched on again with our secret
    await fetch(`${standin.url}/api/v2/webhook/${hooks[0].id}`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${await adapter.session.token()}` },
      body: JSON.stringify({ active: false, secret: 'someone-else' }),
    });
    await adapter.registerWebhook(url);
    hooks = standin.registeredWebhooks().filter((w) => w.url === url);
    expect(hooks).toHaveLength(1);
    expect(hooks[0].active).toBe(true);
    expect(hooks[0].secret).not.toBe('someone-else');
  });

  it('finds nothing for an order number it never booked', async () => {
    expect(await adapter.findBooking('NEVER-BOOKED')).toBeNull();
  });

  it('reads Ekart’s track_updated push, and names the field of a malformed one', () => {
    const example = {
      ctime: 1657523187604,
      status: 'Delivered',
      location: '',
      desc: 'Delivered Successfully',
      attempts: '0',
      pickupTime: 1655980197000,
      wbn: '318019134877',
      id: '501346BN6838925',
      orderNumber: '41839',
      edd: 1657523187609,
    };
    expect(parseEkartPush(example)).toEqual({
      ok: true,
      scans: [
        {
          awb: '501346BN6838925',
          at: new Date(1657523187604),
          courierStatus: 'Delivered',
          location: '',
          remark: 'Delivered Successfully',
        },
      ],
    });
    expect(parseEkartPush({ ...example, ctime: 'yesterday' })).toMatchObject({
      ok: false,
      message: 'Update time (ctime) must be milliseconds since 1970',
    });
    expect(parseEkartPush({ ...example, id: undefined })).toMatchObject({ ok: false, field: 'Tracking id (id)' });
  });

  it('checks pushes by the HMAC of the secret it registers: EKART_WEBHOOK_SECRET, else one derived alike everywhere', () => {
    const env = { EKART_CLIENT_ID: 'C1', EKART_USERNAME: 'u@x.in', EKART_PASSWORD: 'p4ss' };
    const derived = buildCarriers({ couriers: readCourierSettings(env) }).settings('EK')?.push;
    expect(derived).toMatchObject({ scheme: 'hmac', header: 'x-ekart-signature' });
    const again = buildCarriers({ couriers: readCourierSettings(env) }).settings('EK')?.push;
    expect(again).toEqual(derived);
    const secret = (derived as { secret: string }).secret;
    expect(secret.length).toBeGreaterThanOrEqual(6);
    expect(secret.length).toBeLessThanOrEqual(30);
    const other = buildCarriers({ couriers: readCourierSettings({ ...env, EKART_PASSWORD: 'changed' }) }).settings(
      'EK',
    );
    expect((other?.push as { secret: string }).secret).not.toBe(secret);
    const set = buildCarriers({ couriers: readCourierSettings({ ...env, EKART_WEBHOOK_SECRET: 'shared-secret-1' }) });
    expect(set.settings('EK')?.push).toEqual({
      scheme: 'hmac',
      header: 'x-ekart-signature',
      secret: 'shared-secret-1',
    });
    // without credentials EK is the sandbox, whose pushes stay as configured
    expect(buildCarriers({ couriers: readCourierSettings({ EKART_WEBHOOK_SECRET: 'x'.repeat(8) }) }).live).toEqual([]);
  });
});
