import { acceptInvitationMachine, inviteMachine } from '../../../src/machines/team-invite.machine';
import { roleEditorMachine } from '../../../src/machines/role-editor.machine';
import { planChangeMachine } from '../../../src/machines/plan-change.machine';
import type { MachineModel } from '../model-harness';

export const USER = {
  accountId: 9,
  firstName: 'Asha',
  lastName: 'Rao',
  username: 'asharao9',
  email: 'asha@example.in',
  phone: '9876501234',
  role: 'USER',
  roleName: 'User',
  teamRoleId: null,
  status: 'INVITED' as const,
  lastLoginAt: null,
  createdAt: '2026-11-20T06:30:00.000Z',
};
const offline = { status: 0, message: 'No Internet Connection' };

export const inviteModel: MachineModel = {
  name: 'team-invite',
  machine: inviteMachine,
  options: {
    promiseActors: ['invite'],
    events: () => [
      { type: 'FIELD', field: 'firstName', value: 'Asha' },
      { type: 'FIELD', field: 'lastName', value: 'Rao' },
      { type: 'FIELD', field: 'username', value: 'asharao9' },
      { type: 'FIELD', field: 'email', value: 'asha@example.in' },
      { type: 'FIELD', field: 'phone', value: '9876501234' },
      { type: 'xstate.done.actor.invite', output: USER },
      { type: 'xstate.error.actor.invite', error: offline },
    ],
    serializeState: (s) =>
      JSON.stringify([s.value, Object.values(s.context.form).filter(Boolean).length, !!s.context.error]),
  },
};

export const acceptModel: MachineModel = {
  name: 'accept-invitation',
  machine: acceptInvitationMachine,
  options: {
    input: { token: 'tok-123' },
    promiseActors: ['readInvitation', 'accept'],
    events: () => [
      { type: 'xstate.done.actor.readInvitation', output: { email: 'a@b.in', firstName: 'Asha', companyName: 'Acme' } },
      {
        type: 'xstate.error.actor.readInvitation',
        error: { status: 404, message: 'This invitation link is not valid' },
      },
      { type: 'FIELD', field: 'password', value: 'Team@1234' },
      { type: 'FIELD', field: 'confirmPassword', value: 'Team@1234' },
      { type: 'xstate.done.actor.accept', output: { email: 'a@b.in' } },
      { type: 'xstate.error.actor.accept', error: offline },
    ],
    serializeState: (s) =>
      JSON.stringify([s.value, Object.values(s.context.form).filter(Boolean).length, !!s.context.error]),
  },
};

export const roleModel: MachineModel = {
  name: 'role-editor',
  machine: roleEditorMachine,
  options: {
    promiseActors: ['saveRole', 'deleteRole'],
    events: () => [
      { type: 'EDIT', role: { roleId: null, roleName: '', permissions: [] } },
      { type: 'EDIT', role: { roleId: 3, roleName: 'Packers', permissions: ['orders.ship'] } },
      { type: 'DELETE' },
      { type: 'CONFIRM_DELETE' },
      { type: 'CANCEL_DELETE' },
      { type: 'xstate.done.actor.deleteRole', output: { roleId: 3 } },
      {
        type: 'xstate.error.actor.deleteRole',
        error: { status: 409, message: 'Users still have this role: give them another role first' },
      },
      { type: 'NAME', value: 'Packers' },
      { type: 'TOGGLE', permission: 'orders.ship' },
      {
        type: 'xstate.done.actor.saveRole',
        output: { roleId: 3, name: 'Packers', builtIn: false, permissions: ['orders.ship'], users: 0 },
      },
      { type: 'xstate.error.actor.saveRole', error: offline },
    ],
    serializeState: (s) =>
      JSON.stringify([
        s.value,
        s.context.draft.roleId,
        !!s.context.draft.roleName,
        s.context.draft.permissions.length,
        !!s.context.error,
        !!s.context.saved,
      ]),
  },
};

export const planModel: MachineModel = {
  name: 'plan-change',
  machine: planChangeMachine,
  options: {
    input: { keySeed: 'seed' },
    promiseActors: ['upgrade', 'requestDowngrade', 'cancelDowngrade'],
    events: () => [
      { type: 'CHOOSE', choice: { plan: 'PRO', billingFrequency: 'MONTHLY', totalPaise: 289100, topUpPaise: 0 } },
      {
        type: 'CHOOSE',
        choice: { plan: 'PREMIUM', billingFrequency: 'YEARLY', totalPaise: 7009200, topUpPaise: 7009200 },
      },
      // the plan read again after a top-up: nothing short now
      { type: 'WALLET_READ', topUpPaise: 0 },
      { type: 'REQUEST_DOWNGRADE', plan: 'LITE' },
      { type: 'CANCEL_DOWNGRADE', downgradeId: 4 },
      {
        type: 'xstate.done.actor.upgrade',
        output: {
          subscription: {
            subscriptionId: 1,
            plan: 'PRO',
            billingFrequency: 'MONTHLY',
            kind: 'UPGRADE',
            status: 'ACTIVE',
            periodStart: '2026-11-20T06:30:00.000Z',
            periodEnd: '2026-12-20T06:30:00.000Z',
            amountPaise: 289100,
            invoiceNumber: 'DKYS/2026-27/1/1',
            createdAt: '2026-11-20T06:30:00.000Z',
          },
          walletBalancePaise: 210900,
        },
      },
      { type: 'xstate.error.actor.upgrade', error: { status: 422, message: 'Insufficient wallet balance' } },
      ...(['requestDowngrade', 'cancelDowngrade'] as const).flatMap((id) => [
        {
          type: `xstate.done.actor.${id}`,
          output: {
            downgradeId: 4,
            fromPlan: 'PRO',
            toPlan: 'LITE',
            effectiveAt: '2026-12-20T06:30:00.000Z',
            status: id === 'requestDowngrade' ? 'PENDING' : 'CANCELLED',
            createdAt: '2026-11-20T06:30:00.000Z',
          },
        },
        { type: `xstate.error.actor.${id}`, error: offline },
      ]),
    ],
    serializeState: (s) =>
      JSON.stringify([
        s.value,
        s.context.choice?.plan ?? null,
        (s.context.choice?.topUpPaise ?? 0) > 0,
        !!s.context.error,
        s.context.downgrade?.status ?? null,
        !!s.context.result,
      ]),
  },
};
