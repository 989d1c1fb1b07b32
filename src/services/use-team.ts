import { useMachine } from '@xstate/react';
import { useState } from 'react';
import { fromPromise } from 'xstate';
import { acceptInvitationMachine, inviteMachine } from '../machines/team-invite.machine';
import { roleEditorMachine } from '../machines/role-editor.machine';
import { planChangeMachine } from '../machines/plan-change.machine';
import type { RoleDraft } from '../domain/team-forms';
import type { PlanCode } from '../domain/plans';
import type { InputOf } from '../domain/operation';
import { API_TEAM } from '../domain/team-contract';
import { call } from './call';
import { inspector } from './inspector';
import { invalidate } from './invalidate';
import { useHttp, useScreenSession } from './screen-services';
import type { Http } from './types';

// The team flows bound to the API: inviting, accepting an invitation, the role editor and the
// plan change (whose wallet top-up is the payment popup machine, usePaymentPopup).

type DowngradePlan = InputOf<typeof API_TEAM.requestDowngrade>['body']['plan'];

/** A new role, or the role being edited, with its name and permissions. */
function saveRole(http: Http, d: RoleDraft) {
  const body = { roleName: d.roleName, permissions: d.permissions };
  return d.roleId === null
    ? call(http, API_TEAM.addRole, { body })
    : call(http, API_TEAM.editRole, { params: { roleId: d.roleId }, body });
}

export function useInvite() {
  const http = useHttp();
  const [machine] = useState(() =>
    inviteMachine.provide({
      actors: { invite: fromPromise(({ input }) => call(http, API_TEAM.invite, { body: input })) },
      actions: { invited: () => invalidate('team') },
    }),
  );
  return useMachine(machine, { inspect: inspector() });
}

export function useAcceptInvitation(token: string) {
  const http = useHttp();
  const [machine] = useState(() =>
    acceptInvitationMachine.provide({
      actors: {
        readInvitation: fromPromise(({ input }: { input: { token: string } }) =>
          call(http, API_TEAM.invitation, { params: { invitationToken: input.token } }),
        ),
        accept: fromPromise(({ input }) => call(http, API_TEAM.acceptInvitation, { body: input })),
      },
    }),
  );
  return useMachine(machine, { input: { token }, inspect: inspector() });
}

export function useRoleEditor() {
  const http = useHttp();
  const [machine] = useState(() =>
    roleEditorMachine.provide({
      actors: {
        saveRole: fromPromise(({ input }: { input: RoleDraft }) => saveRole(http, input)),
        deleteRole: fromPromise(({ input }: { input: { roleId: number } }) =>
          call(http, API_TEAM.deleteRole, { params: { roleId: input.roleId } }),
        ),
      },
      actions: { saved: () => invalidate('team'), deleted: () => invalidate('team') },
    }),
  );
  return useMachine(machine, { inspect: inspector() });
}

export function usePlanChange() {
  const http = useHttp();
  const session = useScreenSession();
  const [machine] = useState(() =>
    planChangeMachine.provide({
      actors: {
        upgrade: fromPromise(({ input }) => call(http, API_TEAM.upgrade, { body: input })),
        requestDowngrade: fromPromise(({ input }: { input: { plan: PlanCode } }) =>
          // the server refuses a plan it does not downgrade to (FREE) by its own schema
          call(http, API_TEAM.requestDowngrade, { body: { plan: input.plan as DowngradePlan } }),
        ),
        cancelDowngrade: fromPromise(({ input }: { input: { downgradeId: number } }) =>
          call(http, API_TEAM.cancelDowngrade, { params: { downgradeId: input.downgradeId } }),
        ),
      },
      actions: {
        // the plan is in the token: a fresh session carries it to the guards
        changed: () => {
          invalidate('plan', 'wallet');
          session.reloadAccount();
        },
      },
    }),
  );
  return useMachine(machine, {
    input: { keySeed: Math.random().toString(36).slice(2, 10) },
    inspect: inspector(),
  });
}
