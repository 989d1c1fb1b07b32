import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { describeModel } from './describe-model';
import { detail, early, settings, staffPayout } from './models/cod.model';
import { earlyCodMachine, type EarlyCodRequest } from '../../src/machines/early-cod.machine';
import { payoutStage, staffCodPayoutMachine, type StaffCodRequest } from '../../src/machines/staff-cod-payout.machine';
import { EARLY_COD_TEXT } from '../../src/domain/cod-remittance';

describeModel(early, (a, e) => {
  expect([a.context.days, a.context.termsAccepted, a.context.error, a.context.settings?.earlyCodDays]).toEqual([
    e.context.days,
    e.context.termsAccepted,
    e.context.error,
    e.context.settings?.earlyCodDays,
  ]);
  if (a.matches('reviewing')) expect(a.context.days).not.toBeNull();
  if (a.matches('confirmingStop')) expect(a.context.settings.earlyCodDays).not.toBeNull();
});
describeModel(staffPayout, (a, e) => {
  expect([a.context.error, a.context.utr, a.context.holdReason, a.context.detail?.payout.status]).toEqual([
    e.context.error,
    e.context.utr,
    e.context.holdReason,
    e.context.detail?.payout.status,
  ]);
  if (a.matches({ viewing: 'awaiting' })) expect(a.context.detail.payout.status).toBe('AWAITING_TRANSFER');
  if (a.matches({ viewing: 'staffHold' })) expect(a.context.detail.payout.holdCode).toBe('STAFF');
});

const tick = () => new Promise((r) => setTimeout(r, 0));

describe('early COD and staff payout rules', () => {
  it('asks for the terms before saving, and sends the chosen days with them accepted', async () => {
    const sent: EarlyCodRequest[] = [];
    const actor = createActor(
      earlyCodMachine.provide({
        actors: {
          loadSettings: fromPromise(async () => settings(null)),
          saveEarlyCod: fromPromise(async ({ input }) => {
            sent.push(input as EarlyCodRequest);
            return settings(3);
          }),
        },
      }),
    ).start();
    await tick();
    actor.send({ type: 'STOP' });
    expect(actor.getSnapshot().value).toBe('idle');
    actor.send({ type: 'CHOOSE', days: 3 });
    actor.send({ type: 'CONFIRM' });
    expect(actor.getSnapshot().context.error).toBe(EARLY_COD_TEXT.acceptTerms);
    actor.send({ type: 'TERMS', accepted: true });
    actor.send({ type: 'CONFIRM' });
    await tick();
    expect(sent).toEqual([{ earlyCodDays: 3, acceptTerms: true }]);
    expect(actor.getSnapshot().value).toBe('done');
    actor.send({ type: 'CLOSE' });
    actor.send({ type: 'STOP' });
    actor.send({ type: 'CONFIRM' });
    await tick();
    expect(sent[1]).toEqual({ earlyCodDays: null, acceptTerms: false });
  });

  it('marks paid with the trimmed UTR and comments; refuses a malformed UTR before any call', async () => {
    const sent: StaffCodRequest[] = [];
    const actor = createActor(
      staffCodPayoutMachine.provide({
        actors: {
          loadPayout: fromPromise(async () => detail('AWAITING_TRANSFER')),
          act: fromPromise(async ({ input }) => {
            sent.push(input as StaffCodRequest);
            return detail('PAID');
          }),
        },
      }),
      { input: { payoutId: 7 } },
    ).start();
    await tick();
    actor.send({ type: 'UTR', value: 'abc' });
    actor.send({ type: 'MARK_PAID' });
    expect(sent).toEqual([]);
    expect(actor.getSnapshot().context.error).toMatch(/^UTR must/);
    actor.send({ type: 'UTR', value: ' HDFCN52026112301 ' });
    actor.send({ type: 'COMMENTS', value: ' NEFT ' });
    actor.send({ type: 'MARK_PAID' });
    await tick();
    expect(sent).toEqual([{ payoutId: 7, action: 'MARK_PAID', utr: 'HDFCN52026112301', comments: 'NEFT' }]);
    expect(actor.getSnapshot().matches({ viewing: 'paid' })).toBe(true);
    expect(payoutStage(detail('ON_HOLD', 'BANK_ACCOUNT'))).toBe('gateHold');
  });
});
