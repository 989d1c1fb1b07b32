import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ShipmentRequest } from '../../server/carriers/adapter';
import { CourierError } from '../../server/carriers/courier-error';
import { ShadowfaxCourier } from '../../server/carriers/shadowfax/shadowfax-courier';
import { parseShadowfaxPush } from '../../server/carriers/shadowfax/scan-push';
import { pushParserOf } from '../../server/carriers/push/push-parsers';
import { CARRIER_BY_CODE } from '../../src/domain/shipping/carriers';
import { mapCourierStatus, mapNdrReason } from '../../src/domain/shipping/courier-codes';
import {
  SHADOWFAX_NDR_REASONS,
  SHADOWFAX_REVERSE_STATUSES,
  SHADOWFAX_STATUSES,
  SHADOWFAX_UNMAPPED,
} from '../../src/domain/shipping/courier-codes/shadowfax';
import { describeCarrierConformance } from './conformance';
import { harnessOf, jaipurBooking } from './standin/kit-harness';
import type { CourierStandinControls } from './standin/standin-controls';
import { SHADOWFAX_STANDIN_CODES, SHADOWFAX_STANDIN_TOKEN, startShadowfaxStandin } from './standin/shadowfax-standin';

// The Shadowfax adapter against its protocol stand-in: the whole kit but the token case (a static
// key, nothing to log in again with).

const TIMEOUT_MS = 800;

const sfRequest = (standin: CourierStandinControls) => jaipurBooking(standin);

const adapterFor = (standin: CourierStandinControls) =>
  new ShadowfaxCourier(
    CARRIER_BY_CODE.get('SF')!,
    { baseUrl: standin.url, apiToken: SHADOWFAX_STANDIN_TOKEN },
    { timeoutMs: TIMEOUT_MS },
  );

describeCarrierConformance('Shadowfax', {
  documentedStatusCodes: [...Object.keys(SHADOWFAX_STATUSES), ...Object.keys(SHADOWFAX_REVERSE_STATUSES)],
  capabilities: { http: true, trackMany: true },
  notApplicable: {
    'token-expiry': 'Shadowfax authenticates with a static key (Authorization: Token …): there is no login to renew',
  },
  async start() {
    const standin = await startShadowfaxStandin();
    return harnessOf(standin, {
      adapter: adapterFor(standin),
      request: () => sfRequest(standin),
      timeoutMs: TIMEOUT_MS,
      badPhoneRemark: /customer_details\.contact: contact must have 10 to 13 digits/,
    });
  },
});

describe('Shadowfax: what the kit does not cover', () => {
  let standin: CourierStandinControls;
  let adapter: ShadowfaxCourier;
  let serial = 0;
  const book = (over: Partial<ShipmentRequest> = {}) => {
    const reference = `SFX-${++serial}`;
    return adapter.createShipment({
      ...sfRequest(standin),
      orderNumber: reference,
      clientReference: reference,
      ...over,
    });
  };
  beforeAll(async () => {
    standin = await startShadowfaxStandin();
    adapter = adapterFor(standin);
  });
  afterAll(() => standin.close());

  it('a wrong key is a clear unauthorised error', async () => {
    const wrong = new ShadowfaxCourier(CARRIER_BY_CODE.get('SF')!, { baseUrl: standin.url, apiToken: 'nope' });
    const refused = await wrong.track('SF1').then(
      () => null,
      (e: unknown) => e,
    );
    expect(refused).toBeInstanceOf(CourierError);
    expect(refused).toMatchObject({ kind: 'UNAUTHORISED', remark: 'Authentication credentials not provided' });
  });

  it('a COD order carries the amount in rupees; a delivered parcel cannot be cancelled and has its proof', async () => {
    const booked = await book({ paymentMethod: 'COD', codAmountPaise: 1_45_000 });
    expect(standin.bookings().find((b) => b.awb === booked.awb)).toMatchObject({
      payment: 'COD',
      codAmountPaise: 1_45_000,
    });
    standin.deliver(booked.awb);
    const refusal = await adapter.cancel(booked.awb).then(
      () => null,
      (e: unknown) => e,
    );
    expect(refusal).toMatchObject({ kind: 'REFUSED', remark: 'Order cannot be cancelled. Invalid state.' });
    const scans = await adapter.track(booked.awb);
    expect(mapCourierStatus('SF', scans.at(-1)!.courierStatus)).toBe('DELIVERED');
    expect(await adapter.proofOfDelivery(booked.awb)).toEqual({
      deliveredAt: scans.at(-1)!.at,
      receiverName: 'Kavya Reddy',
      otpVerified: false,
      image: null,
    });
    const undelivered = await book();
    expect(await adapter.proofOfDelivery(undelivered.awb)).toBeNull();
  });

  it('after a refusal at the door the seller may return the parcel (rts); a not-contactable attempt is retried by Shadowfax itself', async () => {
    const refused = await book();
    standin.failAttempt(refused.awb);
    expect(await adapter.ndrAction(refused.awb, { action: 'RTO' })).toEqual({
      accepted: true,
      reference: `${refused.awb}-rts`,
    });
    expect(mapCourierStatus('SF', (await adapter.track(refused.awb)).at(-1)!.courierStatus)).toBe('RTO_IN_TRANSIT');
    const unreachable = await book();
    standin.failAttempt(unreachable.awb, 'nc');
    const scans = await adapter.track(unreachable.awb);
    expect(mapNdrReason('SF', scans.at(-1)!.reasonCode!)?.reason).toBe('NOT_CONTACTABLE');
    const answer = await adapter.ndrAction(unreachable.awb, { action: 'REATTEMPT' });
    expect(answer).toEqual({
      accepted: false,
      reason: expect.stringMatching(/^Shadowfax takes this instruction only/),
    });
  });

  it('a parcel on hold for its address takes a new address and goes out again', async () => {
    const booked = await book();
    standin.failAttempt(booked.awb, 'Customer shifted from given address');
    const held = (await adapter.track(booked.awb)).at(-1)!;
    expect(held).toMatchObject({ courierStatus: 'on_hold', reasonCode: 'Customer shifted from given address' });
    expect(mapNdrReason('SF', held.reasonCode!)?.reason).toBe('ADDRESS_ISSUE');
    const moved = await adapter.ndrAction(booked.awb, {
      action: 'CHANGE_ADDRESS',
      address: { line1: '8, 2nd Main, HAL Stage 2', line2: '', landmark: 'Near the temple', pincode: '560008' },
    });
    expect(moved.accepted).toBe(true);
    expect(standin.ndrRequests().at(-1)).toEqual({ awb: booked.awb, action: 'reopen_ndr' });
  });

  it('bulk tracking takes fifty AWBs a call; more is refused in the courier’s words', async () => {
    const refusal = await adapter.trackMany(Array.from({ length: 51 }, (_, i) => `SF${i}`)).then(
      () => null,
      (e: unknown) => e,
    );
    expect(refusal).toMatchObject({ kind: 'REFUSED', remark: 'Number of AWBs exceeded. Max count allowed is 50' });
  });

  it('a return is a reverse request with its doorstep checks, tracked as the reverse journey', async () => {
    const booked = await book({ reverse: { qcChecks: [{ kind: 'Colour', expected: 'Blue' }] } });
    expect(booked.awb).toMatch(/REV$/);
    const first = (await adapter.track(booked.awb))[0];
    expect(mapCourierStatus('SF', first.courierStatus)).toBe('REV_MANIFESTED');
    standin.pickUp(booked.awb);
    const all = await adapter.trackMany([booked.awb]);
    expect(all.map((s) => mapCourierStatus('SF', s.courierStatus))).toEqual([
      'REV_MANIFESTED',
      'REV_PICKED_UP',
      'REV_IN_TRANSIT',
    ]);
  });

  it('reads its webhook: IST timestamps, the event as the status, a refusal’s reason, a return’s journey', () => {
    expect(pushParserOf('SF')).toBe(parseShadowfaxPush);
    const event = {
      awb_number: 'SF610198449AAA',
      order_id: 'FL20230517311447364',
      event_timestamp: '2026-11-21 16:22:13',
      current_location: 'BLR_Indiranagar_EXP',
      comments: 'Cancelled by customer',
      event: 'cancelled_by_customer',
      status: 'Cancelled',
      type: 'FWD',
    };
    const forward = parseShadowfaxPush(event);
    expect(forward).toEqual({
      ok: true,
      scans: [
        {
          awb: 'SF610198449AAA',
          at: new Date('2026-11-21T10:52:13Z'),
          courierStatus: 'cancelled_by_customer',
          location: 'BLR_Indiranagar_EXP',
          remark: 'Cancelled by customer',
          reasonCode: 'cancelled_by_customer',
        },
      ],
    });
    const reverse = parseShadowfaxPush([{ ...event, event: 'picked', comments: 'Picked', type: 'REV' }]);
    expect(reverse.ok && mapCourierStatus('SF', reverse.scans[0].courierStatus)).toBe('REV_PICKED_UP');
    expect(parseShadowfaxPush({ ...event, event_timestamp: '21/11/2026' })).toMatchObject({
      ok: false,
      message: 'Event event_timestamp must be a date and time, e.g. 2026-11-20 16:22:13',
    });
  });

  it('every code the stand-in reports maps; the seller’s own cancel is left for staff on purpose', () => {
    expect(SHADOWFAX_STANDIN_CODES.filter((c) => !mapCourierStatus('SF', c))).toEqual([]);
    expect(SHADOWFAX_UNMAPPED.filter((c) => mapCourierStatus('SF', c))).toEqual([]);
    expect(SHADOWFAX_NDR_REASONS.filter(([code]) => !mapNdrReason('SF', code))).toEqual([]);
  });
});
