import { useMachine } from '@xstate/react';
import { useState } from 'react';
import { fromPromise } from 'xstate';
import { acceptInvitationMachine, inviteMachine } from '../machines/team-invite.machine';
import { roleEditorMachine } from '../machines/role-editor.machine';
import { planChangeMachine } from '../machines/plan-change.machine';
import type { RoleDraft } from '../domain/team-forms';
import type { PlanCode } from '../domain/plans';
import { inspector } from './inspector';
import { invalidate } from './invalidate';
import { useHttp, useScreenSession } from './screen-services';
import {
  acceptInvitation,
  cancelDowngrade,
  deleteRole,
  inviteUser,
  readInvitation,
  requestDowngrade,
  saveRole,
  upgradePlan,
} from './team-client';

// The team flows bound to the API: inviting, accepting an invitation, the role editor and the
// plan change (whose wallet top-up is the payment popup machine, usePaymentPopup).

export function useInvite() {
  const http = useHttp();
  const [machine] = useState(() =>
    inviteMachine.provide({
      actors: { invite: fromPromise(({ input }) => inviteUser(http, input)) },
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
        readInvitation: fromPromise(({ input }: { input: { token: string } }) => readInvitation(http, input.token)),
        accept: fromPromise(({ input }) => acceptInvitation(http, input)),
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
        deleteRole: fromPromise(({ input }: { input: { roleId: number } }) => deleteRole(http, input.roleId)),
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
        upgrade: fromPromise(({ input }) => upgradePlan(http, input)),
        requestDowngrade: fromPromise(({ input }: { input: { plan: PlanCode } }) => requestDowngrade(http, input.plan)),
        cancelDowngrade: fromPromise(({ input }: { input: { downgradeId: number } }) =>
          cancelDowngrade(http, input.downgradeId),
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
