import { describe, expect, it } from 'vitest';
import { DelhiveryLtlFreight, LOGIN_HOLD_MS } from '../../server/carriers/delhivery-ltl/delhivery-ltl-freight';
import { DELHIVERY_LTL_STATUSES } from '../../server/carriers/delhivery-ltl/answers';
import { describeFreightConformance, twelveBoxConsignment } from './freight-conformance';
import {
  DELHIVERY_LTL_STANDIN_LOGIN,
  DELHIVERY_LTL_STANDIN_STATUSES,
  DELHIVERY_LTL_STANDIN_WAREHOUSE,
  LTL_LOCK,
  startDelhiveryLtlStandin,
} from './standin/delhivery-ltl-standin';
import { freightHarnessOf } from './standin/freight-kit-harness';

// The Delhivery LTL adapter against its protocol stand-in: the whole kit (an asynchronous
// manifest, a day-long login), then what is Delhivery's own: a refused login held so the user is
// never locked, an expired password said in words, the appointment, freight mode and risk.

const TIMEOUT_MS = 800;
type Standin = Awaited<ReturnType<typeof startDelhiveryLtlStandin>>;

const ltlOn = (standin: Standin, over: { password?: string; movesClock?: boolean } = {}) =>
  new DelhiveryLtlFreight(
    { baseUrl: standin.url, ...DELHIVERY_LTL_STANDIN_LOGIN, ...(over.password ? { password: over.password } : {}) },
    {
      timeoutMs: TIMEOUT_MS,
      now: () => standin.now(),
      sleep: async (ms) => {
        if (over.movesClock !== false) standin.advance(ms);
      },
    },
  );

describeFreightConformance('Delhivery LTL', {
  capabilities: { http: true, asyncBooking: true, login: true },
  async start() {
    const standin = await startDelhiveryLtlStandin();
    return freightHarnessOf(standin, {
      carrier: ltlOn(standin),
      warehouseName: DELHIVERY_LTL_STANDIN_WAREHOUSE,
      timeoutMs: TIMEOUT_MS,
      withWrongCredentials: () => ltlOn(standin, { password: 'not-the-password' }),
      badPhoneRemark: /dropoff_location\.phone must be 10 digits/,
      pendingCarrier: () => ltlOn(standin, { movesClock: false }),
    });
  },
});

describe('Delhivery LTL: its login, appointment and freight fields', () => {
  const consignment = (standin: Standin, reference: string) => ({
    ...twelveBoxConsignment(DELHIVERY_LTL_STANDIN_WAREHOUSE, standin.now()),
    reference,
  });

  it('a wrong password is tried once, never up to the lock, and again only after the hold', async () => {
    const standin = await startDelhiveryLtlStandin();
    try {
      const wrong = ltlOn(standin, { password: 'typo' });
      for (let i = 0; i < LTL_LOCK.after + 2; i++)
        await expect(wrong.track('220000001')).rejects.toMatchObject({
          kind: 'UNAUTHORISED',
          remark: expect.stringContaining('DELHIVERY_LTL_PASSWORD'),
        });
      expect(standin.refusedLogins()).toBe(1);
      // the right password still logs in: the user was never locked
      expect(await ltlOn(standin).track('220000001')).toBeNull();
      standin.advance(LOGIN_HOLD_MS);
      await expect(wrong.track('220000001')).rejects.toMatchObject({ kind: 'UNAUTHORISED' });
      expect(standin.refusedLogins()).toBe(2);
    } finally {
      await standin.close();
    }
  });

  it('an expired password is said in words', async () => {
    const standin = await startDelhiveryLtlStandin();
    try {
      standin.expirePassword();
      await expect(ltlOn(standin).track('220000001')).rejects.toMatchObject({
        kind: 'UNAUTHORISED',
        remark: expect.stringMatching(/password has expired .* reset it/),
      });
    } finally {
      await standin.close();
    }
  });

  it('sends to-pay, carrier risk and self-drop, and books the appointment once the LR exists', async () => {
    const standin = await startDelhiveryLtlStandin();
    try {
      const booked = await ltlOn(standin).book({
        ...consignment(standin, 'B2B-APPT'),
        freightPayment: 'TO_PAY',
        risk: 'CARRIER',
        handover: 'SELF_DROP',
        appointment: { date: '2026-11-22', startTime: '11:00', endTime: '11:30', poNumbers: ['PO-7781', 'PO-7782'] },
      });
      expect(booked).toMatchObject({ state: 'BOOKED', appointment: { booked: true } });
      expect(standin.consignments().at(-1)).toMatchObject({
        reference: 'B2B-APPT',
        freight: 'fod',
        risk: 'CARRIER',
        pickup: false,
        appointment: { date: '2026-11-22', startTime: '11:00', poNumbers: ['PO-7781', 'PO-7782'] },
      });
      // one waybill a box; the document envelope's is set aside
      expect(booked.state === 'BOOKED' && booked.boxNumbers).toEqual(standin.consignments().at(-1)!.boxNumbers);
    } finally {
      await standin.close();
    }
  });

  it('an appointment Delhivery refuses leaves the LR booked, with its words', async () => {
    const standin = await startDelhiveryLtlStandin();
    try {
      const booked = await ltlOn(standin).book({
        ...consignment(standin, 'B2B-TODAY'),
        appointment: { date: '2026-11-20', startTime: '11:00', endTime: '11:30', poNumbers: [] },
      });
      expect(booked).toMatchObject({
        state: 'BOOKED',
        appointment: { booked: false, reason: expect.stringMatching(/from tomorrow/) },
      });
    } finally {
      await standin.close();
    }
  });

  it('maps every LR status its document lists', () => {
    for (const s of DELHIVERY_LTL_STANDIN_STATUSES) expect(DELHIVERY_LTL_STATUSES[s]).toBeDefined();
    expect(Object.keys(DELHIVERY_LTL_STATUSES)).toHaveLength(14);
  });
});
