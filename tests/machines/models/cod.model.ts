import { earlyCodMachine } from '../../../src/machines/early-cod.machine';
import { staffCodPayoutMachine } from '../../../src/machines/staff-cod-payout.machine';
import type { CodSettings, PayoutDetail } from '../../../src/domain/cod-contract';
import type { HoldCode, PayoutStatus } from '../../../src/domain/cod-remittance';
import type { MachineModel } from '../model-harness';

export const settings = (earlyCodDays: number | null = null): CodSettings => ({
  planDays: 5,
  earlyCodDays,
  earlyCodFeeBps: earlyCodDays === 2 ? 99 : earlyCodDays === 3 ? 75 : 0,
  earlyCodSince: earlyCodDays ? '2026-11-20T06:30:00.000Z' : null,
  payToWallet: false,
  options: [
    { days: 2, feeBps: 99, feeText: '0.99%' },
    { days: 3, feeBps: 75, feeText: '0.75%' },
  ],
  payoutDays: 'Monday, Wednesday and Friday',
  kycVerified: true,
  bankLabel: 'HDFC Bank ····4321',
});

export const early: MachineModel = {
  name: 'early-cod',
  machine: earlyCodMachine,
  options: {
    promiseActors: ['loadSettings', 'saveEarlyCod'],
    events: () => [
      { type: 'xstate.done.actor.loadSettings', output: settings(null) },
      { type: 'xstate.done.actor.loadSettings', output: settings(2) },
      { type: 'xstate.error.actor.loadSettings', error: { status: 0, message: 'No Internet Connection' } },
      { type: 'CHOOSE', days: 2 },
      { type: 'CHOOSE', days: 3 },
      { type: 'CHOOSE', days: 9 },
      { type: 'TERMS', accepted: true },
      { type: 'TERMS', accepted: false },
      { type: 'xstate.done.actor.saveEarlyCod', output: settings(2) },
      { type: 'xstate.error.actor.saveEarlyCod', error: { status: 400, message: 'Early COD terms: accept the terms' } },
    ],
    serializeState: (s) =>
      JSON.stringify([
        s.value,
        s.context.settings?.earlyCodDays ?? 'none',
        s.context.days,
        s.context.termsAccepted,
        s.context.error,
      ]),
  },
};

export const detail = (status: PayoutStatus, holdCode: HoldCode | null = null): PayoutDetail => ({
  payout: {
    payoutId: 7,
    orgId: 3,
    sellerName: 'Meera Crafts',
    payoutDate: '2026-11-23',
    method: 'BANK',
    status,
    statusText: status,
    holdCode,
    holdReason: holdCode ? 'Held' : null,
    grossPaise: 150_000,
    feePaise: 0,
    deductionPaise: 0,
    netPaise: 150_000,
    shipmentCount: 1,
    bankLabel: 'HDFC Bank ····4321',
    utr: status === 'PAID' ? 'HDFCN52026112301' : null,
    comments: '',
    paidAt: status === 'PAID' ? '2026-11-23T10:00:00.000Z' : null,
    deliveredTs: '2026-11-15T10:00:00.000Z',
    remittanceExpiryTs: '2026-11-23T18:29:59.000Z',
  },
  lines: [],
});

export const staffPayout: MachineModel = {
  name: 'staff-cod-payout',
  machine: staffCodPayoutMachine,
  options: {
    input: { payoutId: 7 },
    promiseActors: ['loadPayout', 'act'],
    events: () => [
      { type: 'xstate.done.actor.loadPayout', output: detail('AWAITING_TRANSFER') },
      { type: 'xstate.done.actor.loadPayout', output: detail('ON_HOLD', 'STAFF') },
      { type: 'xstate.done.actor.loadPayout', output: detail('ON_HOLD', 'KYC') },
      { type: 'xstate.done.actor.loadPayout', output: detail('PAID') },
      { type: 'xstate.error.actor.loadPayout', error: { status: 404, message: 'COD payout not found' } },
      { type: 'UTR', value: 'HDFCN52026112301' },
      { type: 'UTR', value: 'x1' },
      { type: 'COMMENTS', value: 'NEFT batch' },
      { type: 'HOLD_REASON', value: 'Buyer fraud check' },
      { type: 'xstate.done.actor.act', output: detail('PAID') },
      { type: 'xstate.done.actor.act', output: detail('ON_HOLD', 'STAFF') },
      { type: 'xstate.done.actor.act', output: detail('AWAITING_TRANSFER') },
      { type: 'xstate.done.actor.act', output: detail('ON_HOLD', 'KYC') },
      { type: 'xstate.error.actor.act', error: { status: 409, message: 'This payout is paid already' } },
    ],
    serializeState: (s) =>
      JSON.stringify([
        s.value,
        s.context.detail?.payout.status ?? null,
        s.context.detail?.payout.holdCode ?? null,
        s.context.utr.length > 5,
        s.context.holdReason !== '',
        s.context.comments !== '',
        s.context.error,
      ]),
  },
};
