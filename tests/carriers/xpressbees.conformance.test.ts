import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { XpressbeesCourier } from '../../server/carriers/xpressbees/xpressbees-courier';
import { CARRIER_BY_CODE } from '../../src/domain/shipping/carriers';
import { mapCourierStatus } from '../../src/domain/shipping/courier-codes';
import { XPRESSBEES_STATUSES } from '../../src/domain/shipping/courier-codes/xpressbees';
import { describeCarrierConformance } from './conformance';
import { harnessOf, jaipurBooking } from './standin/kit-harness';
import type { CourierStandinControls } from './standin/standin-controls';
import {
  startXpressbeesStandin,
  XB_SERVICES,
  XPRESSBEES_STANDIN_CODES,
  XPRESSBEES_STANDIN_LOGIN,
} from './standin/xpressbees-standin';

// The Xpressbees adapter against its protocol stand-in: the whole kit but bulk tracking, which
// the self-serve API does not offer (one AWB a tracking call).

const TIMEOUT_MS = 800;

const xbRequest = jaipurBooking;

const adapterFor = (code: 'XB' | 'XBSDD', standin: CourierStandinControls) =>
  new XpressbeesCourier(
    CARRIER_BY_CODE.get(code)!,
    { baseUrl: standin.url, ...XPRESSBEES_STANDIN_LOGIN },
    { timeoutMs: TIMEOUT_MS, now: () => standin.now() },
  );

describeCarrierConformance('Xpressbees', {
  documentedStatusCodes: Object.keys(XPRESSBEES_STATUSES),
  capabilities: { http: true, trackMany: false },
  notApplicable: {
    'bulk-tracking': 'the self-serve shipping API tracks one AWB a call (GET /api/shipments2/track/{awb})',
  },
  async start() {
    const standin = await startXpressbeesStandin();
    return harnessOf(standin, {
      adapter: adapterFor('XB', standin),
      request: () => xbRequest(standin),
      timeoutMs: TIMEOUT_MS,
      badPhoneRemark: /phone must be 10 digits/,
    });
  },
});

describe('Xpressbees: standard and same-day on one login', () => {
  let standin: CourierStandinControls;
  beforeAll(async () => {
    standin = await startXpressbeesStandin();
  });
  afterAll(() => standin.close());

  it('XBSDD books the lane’s same-day service and XB its surface service', async () => {
    const local = { pincode: '302017', city: 'Jaipur', state: 'Rajasthan' };
    const sameDay = await adapterFor('XBSDD', standin).createShipment({
      ...xbRequest(standin, local),
      orderNumber: 'SDD-1',
      clientReference: 'SDD-1',
    });
    const standard = await adapterFor('XB', standin).createShipment({
      ...xbRequest(standin, local),
      orderNumber: 'STD-1',
      clientReference: 'STD-1',
    });
    expect(sameDay.awb.startsWith('1351')).toBe(true);
    expect(standard.awb.startsWith('1341')).toBe(true);
    expect(standin.bookings().map((b) => b.orderNumber)).toEqual(['SDD-1', 'STD-1']);
    expect(XB_SERVICES.sameDay).toBeGreaterThan(0);
  });

  it('XBSDD between two cities is refused in words before anything is booked', async () => {
    const refusal = await adapterFor('XBSDD', standin)
      .createShipment({ ...xbRequest(standin), orderNumber: 'SDD-2', clientReference: 'SDD-2' })
      .then(
        () => null,
        (e: unknown) => e,
      );
    expect(refusal).toMatchObject({
      kind: 'REFUSED',
      remark: 'Xpressbees offers no same-day service from 302003 to 560038',
    });
    expect(standin.bookings().some((b) => b.orderNumber === 'SDD-2')).toBe(false);
  });

  it('a COD booking sends the amount in rupees; an RTO instruction is refused in words', async () => {
    const adapter = adapterFor('XB', standin);
    const booked = await adapter.createShipment({
      ...xbRequest(standin),
      orderNumber: 'COD-1',
      clientReference: 'COD-1',
      paymentMethod: 'COD',
      codAmountPaise: 1_45_000,
    });
    expect(standin.bookings().find((b) => b.awb === booked.awb)).toMatchObject({
      payment: 'COD',
      codAmountPaise: 1_45_000,
    });
    standin.failAttempt(booked.awb);
    const rto = await adapter.ndrAction(booked.awb, { action: 'RTO' });
    expect(rto).toEqual({ accepted: false, reason: expect.stringMatching(/^Xpressbees takes no return instruction/) });
    const phone = await adapter.ndrAction(booked.awb, { action: 'CHANGE_PHONE', phone: '+91 98450 12345' });
    expect(phone.accepted).toBe(true);
    expect(standin.ndrRequests().at(-1)).toEqual({ awb: booked.awb, action: 'change_phone' });
  });

  it('quotes no returns: the self-serve connection books no reverse pickups', async () => {
    const adapter = adapterFor('XB', standin);
    expect(CARRIER_BY_CODE.get('XB')!.reverse).toBeDefined();
    expect(adapter.profile.reverse).toBeUndefined();
    const refusal = await adapter
      .createShipment({ ...xbRequest(standin), orderNumber: 'RET-1', reverse: { qcChecks: [] } })
      .then(
        () => null,
        (e: unknown) => e,
      );
    expect(refusal).toMatchObject({ kind: 'REFUSED' });
  });

  it('every code the stand-in reports is in the XB table', () => {
    expect(XPRESSBEES_STANDIN_CODES.filter((c) => !mapCourierStatus('XB', c))).toEqual([]);
    expect(XPRESSBEES_STANDIN_CODES.filter((c) => !mapCourierStatus('XBSDD', c))).toEqual([]);
  });
});
