import { useMachine } from '@xstate/react';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { fromPromise } from 'xstate';
import { MSG } from '../domain/messages';
import { registerMachine } from '../machines/register.machine';
import { notify } from './notify';
import { API_REGISTRATION } from '../domain/registration-contract';
import { call } from './call';
import { useHttp } from './screen-services';
import { inspector } from './inspector';

// The older register screen's machine bound to its calls; both codes verified, the seller goes to log in.

export function useRegister() {
  const http = useHttp();
  const navigate = useNavigate();
  const [machine] = useState(() =>
    registerMachine.provide({
      actors: {
        registerBasic: fromPromise(({ input }) => call(http, API_REGISTRATION.registerBasic, { body: input })),
        verifyAccount: fromPromise(({ input }) => call(http, API_REGISTRATION.verifyAccount, { body: input })),
      },
      actions: {
        leave: () => {
          notify({ kind: 'info', message: MSG.otpVerifiedLogin });
          navigate('/login', { replace: true });
        },
      },
    }),
  );
  return useMachine(machine, { inspect: inspector() });
}
