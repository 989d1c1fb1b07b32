import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { describeModel } from './describe-model';
import { adjustmentAnswer, limitAnswer, model } from './models/staff-wallet-form.model';
import { staffWalletFormMachine, type StaffWalletRequest } from '../../src/machines/staff-wallet-form.machine';
import { checkStaffWalletDraft, staffWalletSavedText } from '../../src/domain/wallet-staff';

describeModel(model, (a, e) => {
  expect([a.context.draft, a.context.errors, a.context.error, a.context.notice]).toEqual([
    e.context.draft,
    e.context.errors,
    e.context.error,
    e.context.notice,
  ]);
  // a saved form is empty and says what it did; a refused one keeps the draft
  if (a.matches('saved')) {
    expect(a.context.draft).toEqual({ creditLimit: '', direction: '', amount: '', reason: '' });
    expect(a.context.notice).toBe('₹250.50 credited to the wallet; balance ₹1,250.50');
  }
  if (a.context.error) expect(a.context.draft.reason).toBe('Refund of a lost parcel');
});

const tick = () => new Promise((r) => setTimeout(r, 0));

describe('staff wallet form rules', () => {
  it('names every missing field by its label, as the server does', () => {
    const empty = { creditLimit: '', direction: '' as const, amount: '', reason: '' };
    expect(checkStaffWalletDraft('LIMIT', empty, 'k')).toEqual({
      ok: false,
      errors: { creditLimit: 'Credit limit is required', reason: 'Reason must be 5 to 200 characters' },
    });
    expect(checkStaffWalletDraft('ADJUST', { ...empty, amount: '0.001', reason: 'ok' }, 'form-0001-0')).toEqual({
      ok: false,
      errors: {
        direction: 'Direction must be one of Debit, Credit',
        amount: 'Amount may have at most 2 decimals (paise)',
        reason: 'Reason must be 5 to 200 characters',
      },
    });
    expect(
      checkStaffWalletDraft('LIMIT', { ...empty, creditLimit: '2500', reason: '  Postpaid agreed  ' }, 'k'),
    ).toEqual({ ok: true, output: { creditLimit: 2500, reason: 'Postpaid agreed' } });
    expect(staffWalletSavedText(limitAnswer())).toBe('Credit limit set to ₹2,500.00');
    expect(staffWalletSavedText(limitAnswer(false))).toBe('The credit limit is already ₹2,500.00: nothing changed');
    expect(staffWalletSavedText(adjustmentAnswer(true))).toBe(
      '₹250.50 credited to the wallet; balance ₹1,250.50 (already done: not repeated)',
    );
  });

  it('retries a refused adjustment with the same request key, and a saved one moves on to a new key', async () => {
    const sent: StaffWalletRequest[] = [];
    let refuse = true;
    let saved = 0;
    const actor = createActor(
      staffWalletFormMachine.provide({
        actors: {
          submit: fromPromise(async ({ input }) => {
            sent.push(input as StaffWalletRequest);
            if (refuse) throw { status: 0, message: 'You are offline' };
            return adjustmentAnswer();
          }),
        },
        actions: { announceSaved: () => void saved++ },
      }),
      { input: { orgId: 9, mode: 'ADJUST', keySeed: 'form-abcd' } },
    ).start();
    for (const [name, value] of [
      ['direction', 'CREDIT'],
      ['amount', '250.50'],
      ['reason', 'Refund of a lost parcel'],
    ] as const)
      actor.send({ type: 'FIELD', name, value });
    actor.send({ type: 'SUBMIT' });
    await tick();
    expect(actor.getSnapshot().context.error).toBe('You are offline');
    refuse = false;
    actor.send({ type: 'SUBMIT' });
    await tick();
    expect(actor.getSnapshot().value).toBe('saved');
    expect(saved).toBe(1);
    for (const [name, value] of [
      ['direction', 'DEBIT'],
      ['amount', '10'],
      ['reason', 'Label printing fee'],
    ] as const)
      actor.send({ type: 'FIELD', name, value });
    actor.send({ type: 'SUBMIT' });
    await tick();
    expect(sent.map((r) => (r.body as { idempotencyKey: string }).idempotencyKey)).toEqual([
      'form-abcd-0',
      'form-abcd-0',
      'form-abcd-1',
    ]);
    expect(sent[0]).toEqual({
      orgId: 9,
      mode: 'ADJUST',
      body: { direction: 'CREDIT', amount: 250.5, reason: 'Refund of a lost parcel', idempotencyKey: 'form-abcd-0' },
    });
  });

  it('sends a credit limit with its reason and no request key', async () => {
    const sent: StaffWalletRequest[] = [];
    const actor = createActor(
      staffWalletFormMachine.provide({
        actors: {
          submit: fromPromise(async ({ input }) => {
            sent.push(input as StaffWalletRequest);
            return limitAnswer();
          }),
        },
      }),
      { input: { orgId: 9, mode: 'LIMIT', keySeed: 'form-abcd' } },
    ).start();
    actor.send({ type: 'SUBMIT' });
    expect(actor.getSnapshot().context.errors).toEqual({
      creditLimit: 'Credit limit is required',
      reason: 'Reason must be 5 to 200 characters',
    });
    actor.send({ type: 'FIELD', name: 'creditLimit', value: '2500' });
    expect(actor.getSnapshot().context.errors).toEqual({ reason: 'Reason must be 5 to 200 characters' });
    actor.send({ type: 'FIELD', name: 'reason', value: 'Postpaid agreed' });
    actor.send({ type: 'SUBMIT' });
    await tick();
    expect(sent).toEqual([{ orgId: 9, mode: 'LIMIT', body: { creditLimit: 2500, reason: 'Postpaid agreed' } }]);
    expect(actor.getSnapshot().context.notice).toBe('Credit limit set to ₹2,500.00');
  });
});
