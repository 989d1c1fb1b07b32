import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { describeModel } from './describe-model';
import { acceptModel, inviteModel, planModel, roleModel, USER } from './models/team.model';
import { inviteBody, inviteMachine, inviteProblem, EMPTY_INVITE } from '../../src/machines/team-invite.machine';
import { planChangeMachine } from '../../src/machines/plan-change.machine';
import type { UpgradeAnswer } from '../../src/domain/team-contract';

const filled = (form: object) => Object.values(form).filter(Boolean).length;

describeModel(inviteModel, (a, e) => {
  expect([filled(a.context.form), a.context.error === null]).toEqual([
    filled(e.context.form),
    e.context.error === null,
  ]);
  if (a.matches('sent')) expect(a.context.invited).toEqual(USER);
});

describeModel(acceptModel, (a, e) => {
  expect([filled(a.context.form), a.context.error === null]).toEqual([
    filled(e.context.form),
    e.context.error === null,
  ]);
  if (a.matches('ready')) expect(a.context.invitation?.companyName).toBe('Acme');
  if (a.matches('invalid')) expect(a.context.error).toContain('not valid');
});

describeModel(roleModel, (a, e) => {
  expect([!!a.context.draft.roleName, a.context.draft.permissions.length]).toEqual([
    !!e.context.draft.roleName,
    e.context.draft.permissions.length,
  ]);
  expect(a.context.error === null).toBe(e.context.error === null);
  expect(a.context.draft.roleId).toBe(e.context.draft.roleId);
  // a refused delete shows the server's reason in the editor
  if (a.matches('editing') && a.context.error?.includes('Users still have')) expect(a.context.draft.roleId).toBe(3);
});

describe('role editor: deleting a role', () => {
  it('asks first, and shows the server’s refusal for a role in use', async () => {
    const { roleEditorMachine } = await import('../../src/machines/role-editor.machine');
    const refusal = 'Users still have this role: give them another role first';
    const actor = createActor(
      roleEditorMachine.provide({
        actors: {
          deleteRole: fromPromise<{ roleId: number }, { roleId: number }>(async () => {
            throw Object.assign(new Error(refusal), { status: 409, message: refusal });
          }),
        },
      }),
    ).start();
    actor.send({ type: 'EDIT', role: { roleId: null, roleName: 'New', permissions: [] } });
    actor.send({ type: 'DELETE' });
    expect(actor.getSnapshot().value).toBe('editing'); // a role not saved yet has nothing to delete
    actor.send({ type: 'EDIT', role: { roleId: 7, roleName: 'Packers', permissions: ['orders.ship'] } });
    actor.send({ type: 'CLOSE' });
    actor.send({ type: 'EDIT', role: { roleId: 7, roleName: 'Packers', permissions: ['orders.ship'] } });
    actor.send({ type: 'DELETE' });
    expect(actor.getSnapshot().value).toBe('confirmingDelete');
    actor.send({ type: 'CONFIRM_DELETE' });
    const back = await waitFor(actor, (s) => s.matches('editing'));
    expect(back.context.error).toBe(refusal);
    expect(back.context.draft.roleName).toBe('Packers');
  });
});

describeModel(planModel, (a, e) => {
  expect([a.context.choice?.plan, a.context.error === null, a.context.downgrade?.status]).toEqual([
    e.context.choice?.plan,
    e.context.error === null,
    e.context.downgrade?.status,
  ]);
  // a choice always carries its request key
  if (a.context.choice) expect(a.context.requestKey).toMatch(/^up-seed-\d+$/);
  if (a.matches('upgraded')) expect(a.context.result.subscription.plan).toBe('PRO');
});

describe('team rules', () => {
  it('an invitation names its first problem by label, and a role the owner made goes as teamRoleId', () => {
    expect(inviteProblem(EMPTY_INVITE)).toMatch(/^First name/);
    const form = {
      firstName: 'A',
      lastName: 'B',
      username: 'asha01',
      email: 'a@b.in',
      phone: '9876501234',
      role: '12',
    };
    expect(inviteProblem(form)).toBeNull();
    // the account form's username: required, letters and digits only, 5-20
    expect(inviteProblem({ ...form, username: '' })).toBe('Username is required');
    for (const bad of ['asha', 'asha rao', 'asha_01', 'a'.repeat(21)])
      expect(inviteProblem({ ...form, username: bad })).toBe(
        'Username must be 5-20 letters or digits, with no spaces or symbols',
      );
    expect(inviteProblem({ ...form, username: 'A'.repeat(20) })).toBeNull();
    expect(inviteBody(form)).toMatchObject({ role: 'USER', teamRoleId: 12 });
    expect(inviteBody({ ...form, role: 'SELLER' })).toMatchObject({ role: 'SELLER', teamRoleId: null });
  });

  it('an invalid form is not sent: the error names the field', () => {
    const actor = createActor(inviteMachine).start();
    actor.send({ type: 'SUBMIT' });
    expect(actor.getSnapshot().value).toBe('editing');
    expect(actor.getSnapshot().context.error).toMatch(/^First name/);
  });

  it('one upgrade keeps its request key across a retry; a new choice gets a new key; a short wallet is topped up first', async () => {
    const keys: string[] = [];
    let fail = true;
    const machine = planChangeMachine.provide({
      actors: {
        upgrade: fromPromise<
          UpgradeAnswer,
          { plan: 'PRO' | 'PREMIUM'; billingFrequency: 'MONTHLY' | 'YEARLY'; requestKey: string }
        >(async ({ input }) => {
          keys.push(input.requestKey);
          if (fail) throw { status: 0, message: 'No Internet Connection' };
          return { subscription: {} as UpgradeAnswer['subscription'], walletBalancePaise: 0 };
        }),
      },
    });
    const actor = createActor(machine, { input: { keySeed: 's1' } }).start();
    const choice = {
      plan: 'PRO' as const,
      billingFrequency: 'MONTHLY' as const,
      totalPaise: 289100,
      topUpPaise: 289100,
    };
    actor.send({ type: 'CHOOSE', choice });
    actor.send({ type: 'PAY_FROM_WALLET' });
    expect(actor.getSnapshot().value).toBe('confirming');
    actor.send({ type: 'TOP_UP' });
    actor.send({ type: 'TOPPED_UP' });
    await waitFor(actor, (s) => s.matches('confirming'));
    expect(actor.getSnapshot().context.error).toBe('No Internet Connection');
    fail = false;
    actor.send({ type: 'TOP_UP' });
    actor.send({ type: 'TOPPED_UP' });
    await waitFor(actor, (s) => s.matches('upgraded'));
    expect(keys).toEqual(['up-s1-1', 'up-s1-1']);
    actor.send({ type: 'DONE' });
    actor.send({ type: 'CHOOSE', choice: { ...choice, topUpPaise: 0 } });
    actor.send({ type: 'PAY_FROM_WALLET' });
    await waitFor(actor, (s) => s.matches('upgraded'));
    expect(keys[2]).toBe('up-s1-2');
  });

  it('a failed try after a top-up offers what is short now: the plan read again updates the offer, and a covered wallet pays', async () => {
    let calls = 0;
    const machine = planChangeMachine.provide({
      actors: {
        upgrade: fromPromise<
          UpgradeAnswer,
          { plan: 'PRO' | 'PREMIUM'; billingFrequency: 'MONTHLY' | 'YEARLY'; requestKey: string }
        >(async () => {
          calls += 1;
          if (calls === 1) throw { status: 422, message: 'Insufficient wallet balance. A hold was placed meanwhile.' };
          return { subscription: {} as UpgradeAnswer['subscription'], walletBalancePaise: 0 };
        }),
      },
    });
    const actor = createActor(machine, { input: { keySeed: 's2' } }).start();
    actor.send({
      type: 'CHOOSE',
      choice: { plan: 'PREMIUM', billingFrequency: 'YEARLY', totalPaise: 584_100, topUpPaise: 325_200 },
    });
    actor.send({ type: 'TOP_UP' });
    actor.send({ type: 'TOPPED_UP' });
    await waitFor(actor, (s) => s.matches('confirming'));
    // the plan read again: ₹149.00 is still short (a hold), then nothing once that is paid
    actor.send({ type: 'WALLET_READ', topUpPaise: 14_900 });
    expect(actor.getSnapshot().context.choice?.topUpPaise).toBe(14_900);
    actor.send({ type: 'PAY_FROM_WALLET' });
    expect(actor.getSnapshot().value).toBe('confirming');
    actor.send({ type: 'WALLET_READ', topUpPaise: 0 });
    actor.send({ type: 'PAY_FROM_WALLET' });
    await waitFor(actor, (s) => s.matches('upgraded'));
    expect(calls).toBe(2);
  });
});
