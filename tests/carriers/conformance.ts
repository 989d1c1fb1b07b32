import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect } from 'vitest';
import type { CarrierAdapter, CourierScan, ShipmentRequest } from '../../server/carriers/adapter';
import { CourierError } from '../../server/carriers/courier-error';
import { CourierRateLimited } from '../../server/carriers/rate-limited';
import { mapCourierStatus, mapNdrReason } from '../../src/domain/shipping/courier-codes';
import type { CourierStatus } from '../../src/domain/shipping/courier-status';
import { kitCases, type HttpControls } from './kit-cases';

// The courier conformance kit: what every courier adapter must do, run against the courier's
// stand-in (the sandbox network, or a protocol stand-in for an HTTP adapter). A courier file calls
// describeCarrierConformance with how to start its stand-in; cases that cannot apply to it (the
// HTTP cases for an in-process adapter, bulk tracking for a courier without it) are declared with
// their reason and reported as not run, never passed over quietly.

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

export interface ConformanceHarness {
  adapter: CarrierAdapter;
  /** the courier's clock */
  now(): Date;
  /** a booking the courier serves (the kit sets the order number, reference, payment and time) */
  request(): ShipmentRequest;
  /** moves the courier's clock (and its parcels' lives) on */
  advance(ms: number): Promise<void>;
  /** the courier picks the parcel up now */
  pickUp(awb: string): Promise<void>;
  /** the parcel's next delivery attempt fails now; the courier holds it for instructions */
  failAttempt(awb: string): Promise<void>;
  /** present for an HTTP adapter */
  http?: HttpControls<ShipmentRequest>;
  close(): Promise<void>;
}

export interface ConformanceSetup {
  /** every status code the courier's documentation lists (each must map to a product status) */
  documentedStatusCodes: readonly string[];
  capabilities: { http: boolean; trackMany: boolean };
  /** why each case that does not run does not apply to this courier */
  notApplicable?: Partial<Record<CaseId, string>>;
  start(): Promise<ConformanceHarness>;
}

type Needs = keyof ConformanceSetup['capabilities'];

/** every case of the kit */
const ALL = [
  'book-prepaid',
  'book-cod',
  'repeat-booking',
  'label-data',
  'cancel-before-pickup',
  'cancel-after-pickup',
  'tracking',
  'bulk-tracking',
  'status-table',
  'ndr-lifecycle',
  'token-expiry',
  'rate-limit',
  'timeout',
  'error-shapes',
] as const;

export type CaseId = (typeof ALL)[number];

export function describeCarrierConformance(name: string, setup: ConformanceSetup): void {
  describe(`${name}: courier conformance`, () => {
    let h: ConformanceHarness;
    const seen: CourierScan[] = [];
    const { kitCase, listCases } = kitCases<CaseId, Needs>(name, 'conformance', ALL, setup);
    let serial = 0;

    beforeAll(async () => {
      h = await setup.start();
    });
    afterAll(async () => {
      await h?.close();
    });

    const code = () => h.adapter.profile.code;
    const request = (over: Partial<ShipmentRequest> = {}): ShipmentRequest => {
      const reference = `CK${Date.now().toString(36)}${randomBytes(3).toString('hex')}${++serial}`.toUpperCase();
      return {
        ...h.request(),
        orderNumber: reference,
        clientReference: reference,
        paymentMethod: 'PPD',
        codAmountPaise: 0,
        bookedAt: h.now(),
        ...over,
      };
    };
    const track = async (awb: string) => {
      const scans = await h.adapter.track(awb);
      seen.push(...scans);
      return scans;
    };
    const statusOf = (s: CourierScan): CourierStatus | undefined => mapCourierStatus(code(), s.courierStatus);

    kitCase('book-prepaid', 'books a prepaid shipment and reports it manifested', null, async () => {
      const booked = await h.adapter.createShipment(request());
      expect(booked.awb).toMatch(/^[A-Z0-9-]{6,30}$/);
      expect(booked.pickupAt).toBeInstanceOf(Date);
      const scans = await track(booked.awb);
      expect(scans.length).toBeGreaterThan(0);
      expect(scans.every((s) => s.awb === booked.awb)).toBe(true);
      expect(statusOf(scans[0])).toBe('MANIFESTED');
    });

    // the references the kit booked with, by AWB
    const refs = new Map<string, string>();
    const book = async (over: Partial<ShipmentRequest> = {}) => {
      const req = request(over);
      const booked = await h.adapter.createShipment(req);
      refs.set(booked.awb, req.clientReference!);
      return booked;
    };

    kitCase('book-cod', 'books a cash-on-delivery shipment', null, async () => {
      const booked = await book({ paymentMethod: 'COD', codAmountPaise: 1_49_900 });
      expect(booked.awb).toMatch(/^[A-Z0-9-]{6,30}$/);
      expect(await h.adapter.findBooking(refs.get(booked.awb)!)).toMatchObject({ awb: booked.awb, cancelled: false });
      expect(statusOf((await track(booked.awb))[0])).toBe('MANIFESTED');
    });

    kitCase(
      'repeat-booking',
      'a repeat with the same client reference answers the same booking, and findBooking finds it',
      null,
      async () => {
        const req = request();
        const first = await h.adapter.createShipment(req);
        const again = await h.adapter.createShipment({ ...req, bookedAt: h.now() });
        expect(again.awb).toBe(first.awb);
        expect(again.routingCode).toBe(first.routingCode);
        const found = await h.adapter.findBooking(req.clientReference!);
        expect(found).toMatchObject({ awb: first.awb, routingCode: first.routingCode, cancelled: false });
        expect(await h.adapter.findBooking(`NEVER-${req.clientReference}`)).toBeNull();
      },
    );

    kitCase('label-data', 'a booking carries what the label prints: the AWB and the routing code', null, async () => {
      const booked = await book({ paymentMethod: 'COD', codAmountPaise: 49_900 });
      expect(booked.awb.length).toBeGreaterThanOrEqual(8);
      expect(booked.routingCode.trim().length).toBeGreaterThan(0);
      const found = await h.adapter.findBooking(refs.get(booked.awb)!);
      expect(found?.routingCode).toBe(booked.routingCode);
    });

    kitCase('cancel-before-pickup', 'cancels a booking before pickup', null, async () => {
      const booked = await book();
      await h.adapter.cancel(booked.awb);
      expect((await h.adapter.findBooking(refs.get(booked.awb)!))?.cancelled).toBe(true);
    });

    kitCase(
      'cancel-after-pickup',
      "refuses to cancel a picked-up parcel, with the courier's remark",
      null,
      async () => {
        const booked = await book();
        await h.pickUp(booked.awb);
        const refusal = await h.adapter.cancel(booked.awb).then(
          () => null,
          (e: unknown) => e,
        );
        expect(refusal).toBeInstanceOf(CourierError);
        expect((refusal as CourierError).kind).toBe('REFUSED');
        expect((refusal as CourierError).remark).toMatch(/picked up/i);
        expect((await h.adapter.findBooking(refs.get(booked.awb)!))?.cancelled).toBe(false);
        expect((await track(booked.awb)).some((s) => statusOf(s) === 'PICKED_UP' || statusOf(s) === 'IN_TRANSIT')).toBe(
          true,
        );
      },
    );

    kitCase('tracking', 'tracks a parcel: its scans in order, each its own AWB', null, async () => {
      const booked = await book();
      await h.pickUp(booked.awb);
      await h.advance(MINUTE);
      const scans = await track(booked.awb);
      expect(scans.length).toBeGreaterThanOrEqual(2);
      const times = scans.map((s) => s.at.getTime());
      expect(times).toEqual([...times].sort((a, b) => a - b));
      expect(scans.every((s) => s.at.getTime() <= h.now().getTime())).toBe(true);
      expect(await h.adapter.track(`${booked.awb.slice(0, -1)}X`)).toEqual([]);
    });

    kitCase(
      'bulk-tracking',
      'bulk tracking answers what single tracking answers, AWB by AWB',
      'trackMany',
      async () => {
        const a = await book();
        const b = await book({ paymentMethod: 'COD', codAmountPaise: 99_900 });
        await h.pickUp(b.awb);
        await h.advance(MINUTE);
        const bulk = await h.adapter.trackMany!([a.awb, b.awb]);
        seen.push(...bulk);
        for (const awb of [a.awb, b.awb]) {
          const single = await track(awb);
          expect(bulk.filter((s) => s.awb === awb)).toEqual(single);
        }
      },
    );

    kitCase(
      'ndr-lifecycle',
      'a failed attempt: re-attempt asked, accepted or settled later, then the next attempt',
      null,
      async () => {
        const booked = await book();
        // an instruction for a parcel not waiting after a failed attempt is refused
        const early = await h.adapter.ndrAction(booked.awb, { action: 'REATTEMPT' });
        if (early.accepted === 'PENDING') {
          await h.advance(10 * MINUTE);
          const [status] = (await h.adapter.operationStatus!([early.requestId])).values();
          expect(status.state).toBe('FAILED');
        } else expect(early.accepted).toBe(false);

        await h.failAttempt(booked.awb);
        const failed = (await track(booked.awb)).at(-1)!;
        expect(statusOf(failed)).toBe('UNDELIVERED');
        expect(failed.reasonCode && mapNdrReason(code(), failed.reasonCode)).toBeTruthy();

        const answer = await h.adapter.ndrAction(booked.awb, {
          action: 'REATTEMPT',
          remarks: 'Buyer at home after 6 pm',
        });
        expect(answer.accepted).not.toBe(false);
        if (answer.accepted === 'PENDING') {
          expect(h.adapter.operationStatus, 'a courier that answers later must say how it settled').toBeDefined();
          expect((await h.adapter.operationStatus!([answer.requestId])).get(answer.requestId)?.state).toBe('PENDING');
          let state = 'PENDING';
          for (let i = 0; i < 60 && state === 'PENDING'; i++) {
            await h.advance(MINUTE);
            state = (await h.adapter.operationStatus!([answer.requestId])).get(answer.requestId)?.state ?? 'UNKNOWN';
          }
          expect(state).toBe('DONE');
        } else expect(answer.accepted).toBe(true);

        let next: CourierScan | undefined;
        for (let i = 0; i < 72 && !next; i++) {
          await h.advance(HOUR);
          next = (await track(booked.awb)).find((s) => s.at > failed.at && statusOf(s) === 'OUT_FOR_DELIVERY');
        }
        expect(next, 'the courier goes out again within three days').toBeDefined();
      },
      60_000,
    );

    kitCase('token-expiry', 'logs in again once when its token has expired, and retries the call', 'http', async () => {
      const booked = await book();
      const before = h.http!.logins();
      h.http!.expireTokens();
      expect((await track(booked.awb)).length).toBeGreaterThan(0);
      expect(h.http!.logins()).toBe(before + 1);
      await track(booked.awb);
      expect(h.http!.logins()).toBe(before + 1);
    });

    kitCase(
      'rate-limit',
      'a 429 with Retry-After becomes CourierRateLimited; after the wait calls go through',
      'http',
      async () => {
        const booked = await book();
        h.http!.exhaustRateLimit();
        const limited = await h.adapter.track(booked.awb).then(
          () => null,
          (e: unknown) => e,
        );
        expect(limited).toBeInstanceOf(CourierRateLimited);
        const { retryAfterSeconds, carrierCode } = limited as CourierRateLimited;
        expect(carrierCode).toBe(code());
        expect(retryAfterSeconds).toBeGreaterThan(0);
        await h.advance(retryAfterSeconds * 1000);
        expect((await track(booked.awb)).length).toBeGreaterThan(0);
      },
    );

    kitCase(
      'timeout',
      "a call the courier never answers is cut at the adapter's time limit, with a clear error",
      'http',
      async () => {
        const booked = await book();
        h.http!.hangNext();
        const started = Date.now();
        const cut = await h.adapter.track(booked.awb).then(
          () => null,
          (e: unknown) => e,
        );
        const took = Date.now() - started;
        expect(cut).toBeInstanceOf(CourierError);
        expect((cut as CourierError).kind).toBe('TIMEOUT');
        expect((cut as CourierError).message).toMatch(/no answer .* within/);
        expect(took).toBeGreaterThanOrEqual(h.http!.timeoutMs - 50);
        expect(took).toBeLessThan(h.http!.timeoutMs + 2_000);
      },
    );

    kitCase('error-shapes', "failures answered as HTTP 200 carry the courier's remark", 'http', async () => {
      h.http!.refuseNext('Daily pincode capacity exceeded');
      const refused = await h.adapter.createShipment(request()).then(
        () => null,
        (e: unknown) => e,
      );
      expect(refused).toBeInstanceOf(CourierError);
      expect(refused).toMatchObject({ kind: 'REFUSED', remark: 'Daily pincode capacity exceeded' });
      const { request: bad, remark } = h.http!.invalidRequest(request());
      const invalid = await h.adapter.createShipment(bad).then(
        () => null,
        (e: unknown) => e,
      );
      expect(invalid).toBeInstanceOf(CourierError);
      expect((invalid as CourierError).remark).toMatch(remark);
      expect(await h.adapter.findBooking(bad.clientReference!)).toBeNull();
    });

    kitCase(
      'status-table',
      'every status code the courier documents, and every scan seen, maps to a product status',
      null,
      async () => {
        const unmapped = setup.documentedStatusCodes.filter((c) => !mapCourierStatus(code(), c));
        expect(unmapped, `${name}'s codes missing from courier-codes.ts`).toEqual([]);
        expect(seen.length).toBeGreaterThan(0);
        expect([...new Set(seen.filter((s) => !statusOf(s)).map((s) => s.courierStatus))]).toEqual([]);
        const reasons = seen.map((s) => s.reasonCode).filter((r): r is string => !!r);
        expect(reasons.filter((r) => !mapNdrReason(code(), r))).toEqual([]);
      },
    );

    listCases();
  });
}
