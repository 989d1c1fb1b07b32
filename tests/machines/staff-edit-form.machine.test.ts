import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { describeModel } from './describe-model';
import { model } from './models/staff-edit-form.model';
import { model as staffStatusModel } from './models/staff-status-form.model';
import { staffEditFormMachine, type StaffEditRequest } from '../../src/machines/staff-edit-form.machine';
import { checkStaffDraft, staffSavedText } from '../../src/domain/staff-forms';

/** What the form shows: the draft, every field's error, the refusal and what was done. */
const shown = (snapshot: { context: Record<string, unknown> }) =>
  (['draft', 'errors', 'error', 'notice'] as const).map((k) => snapshot.context[k]);

describeModel(model, (a, e) => {
  expect(shown(a)).toEqual(shown(e));
  // only a deactivation is asked once more; a saved decision forgets its reason
  if (a.matches('confirming')) expect(a.context.draft.activated).toBe('false');
  if (a.matches('saved')) expect(a.context.draft.reason).toBe('');
  if (a.context.error) expect(a.context.error).toBe('Account not found');
});

// a staff login from the staff list: the same form, asked once more before it is turned off
describeModel(staffStatusModel, (a, e) => {
  expect(shown(a)).toEqual(shown(e));
  if (a.matches('confirming')) expect(a.context.draft.activated).toBe('false');
  if (a.matches('saved'))
    expect(a.context.notice).toBe(
      a.context.draft.activated === 'true'
        ? 'Staff login activated: they can log in again'
        : 'Staff login deactivated: every session of theirs has ended and they cannot log in',
    );
  if (a.context.error) expect(a.context.error).toContain('your own login');
});

const tick = () => new Promise((r) => setTimeout(r, 0));

describe('staff form rules', () => {
  it('names every wrong field by its label, as the server does', () => {
    expect(checkStaffDraft('ACCOUNT_STATUS', { activated: 'false', reason: 'no' })).toEqual({
      ok: false,
      errors: { reason: 'Reason must be 5 to 300 characters' },
    });
    expect(checkStaffDraft('STAFF_ROLE', { staffRole: '', reason: '' })).toMatchObject({
      ok: false,
      errors: {
        staffRole: expect.stringContaining('Staff role must be one of'),
        reason: 'Reason must be 5 to 300 characters',
      },
    });
    expect(checkStaffDraft('PLAN_PRICE', { monthlyPrice: '12.5', reason: 'New pricing' })).toEqual({
      ok: false,
      errors: { monthlyPrice: 'Monthly price must be whole rupees' },
    });
    const coupon = {
      couponCode: 'diwali',
      description: 'Diwali bonus',
      subscriptionType: '',
      billingFrequency: '',
      rechargeAmount: '1000',
      bonusPercent: '10',
      bonusFlat: '',
      maxBonus: '300',
      validFrom: '2026-11-01',
      validUntil: '2026-11-30',
      usageLimit: '',
    };
    expect(checkStaffDraft('COUPON_CREATE', coupon)).toEqual({
      ok: true,
      output: {
        couponCode: 'DIWALI',
        description: 'Diwali bonus',
        category: 'RECHARGE',
        subscriptionType: null,
        billingFrequency: null,
        rechargeAmount: 1000,
        bonusPercent: 10,
        bonusFlat: 0,
        maxBonus: 300,
        validFrom: '2026-11-01',
        validUntil: '2026-11-30',
        usageLimit: null,
      },
    });
    expect(checkStaffDraft('COUPON_UPDATE', { ...coupon, validUntil: '2026-10-01' })).toEqual({
      ok: false,
      errors: { form: 'Valid until must be on or after the Valid from date' },
    });
    // a key account manager: a chosen staff login, or none (null) to remove them
    expect(checkStaffDraft('ACCOUNT_MANAGER', { managerId: '12', reason: 'Onboarding call done' })).toEqual({
      ok: true,
      output: { managerId: 12, reason: 'Onboarding call done' },
    });
    expect(checkStaffDraft('ACCOUNT_MANAGER', { managerId: '', reason: 'Moved to self-serve' })).toEqual({
      ok: true,
      output: { managerId: null, reason: 'Moved to self-serve' },
    });
    expect(checkStaffDraft('ACCOUNT_MANAGER', { managerId: '12', reason: '' })).toEqual({
      ok: false,
      errors: { reason: 'Reason must be 5 to 300 characters' },
    });
    expect(staffSavedText('ACCOUNT_MANAGER', { managerId: '' })).toBe('Key account manager removed');
    expect(staffSavedText('COUPON_CREATE', coupon)).toBe('Coupon DIWALI created');
    expect(staffSavedText('ACCOUNT_STATUS', { activated: 'true' })).toBe(
      'Account activated: the seller can log in again',
    );
  });

  it('sends an activation without asking, and a price with its reason', async () => {
    const sent: StaffEditRequest[] = [];
    const actor = createActor(
      staffEditFormMachine.provide({
        actors: {
          submit: fromPromise(async ({ input }) => {
            sent.push(input as StaffEditRequest);
            return null;
          }),
        },
      }),
      { input: { kind: 'PLAN_PRICE', target: 'PRO', initial: { monthlyPrice: '2450', reason: '' } } },
    ).start();
    actor.send({ type: 'FIELD', name: 'monthlyPrice', value: '2600' });
    actor.send({ type: 'FIELD', name: 'reason', value: 'New pricing for 2027' });
    actor.send({ type: 'SUBMIT' });
    await tick();
    expect(actor.getSnapshot().value).toBe('saved');
    expect(sent).toEqual([
      { kind: 'PLAN_PRICE', target: 'PRO', body: { monthlyPrice: 2600, reason: 'New pricing for 2027' } },
    ]);
    expect(actor.getSnapshot().context.draft).toEqual({ monthlyPrice: '2600', reason: '' });
  });
});
