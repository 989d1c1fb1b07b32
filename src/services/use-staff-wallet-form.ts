import { useMachine } from '@xstate/react';
import { useState } from 'react';
import { fromPromise } from 'xstate';
import type { StaffWalletAnswer, StaffWalletFormMode } from '../domain/wallet-staff';
import { staffWalletFormMachine, type StaffWalletRequest } from '../machines/staff-wallet-form.machine';
import { inspector } from './inspector';
import { invalidate } from './invalidate';
import { useHttp } from './screen-services';
import { API_WALLET } from '../domain/wallet-contract';
import { call } from './call';

// A staff wallet form (credit limit or adjustment) bound to the API; a saved change makes
// whatever shows the wallet read it again. Each form instance gets its own request-key seed.

const newSeed = () =>
  (globalThis.crypto?.randomUUID?.() ?? `${Date.now().toString(36)}${Math.random().toString(36).slice(2)}`).replace(
    /-/g,
    '',
  );

export function useStaffWalletForm(orgId: number, mode: StaffWalletFormMode) {
  const http = useHttp();
  const [machine] = useState(() =>
    staffWalletFormMachine.provide({
      actors: {
        submit: fromPromise<StaffWalletAnswer, StaffWalletRequest>(({ input: { orgId, body } }) =>
          'creditLimit' in body
            ? call(http, API_WALLET.setCreditLimit, { params: { orgId }, body })
            : call(http, API_WALLET.adjust, { params: { orgId }, body }),
        ),
      },
      actions: { announceSaved: () => invalidate('wallet') },
    }),
  );
  const [keySeed] = useState(newSeed);
  return useMachine(machine, { inspect: inspector(), input: { orgId, mode, keySeed } });
}
