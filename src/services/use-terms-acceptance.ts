import { useMachine } from '@xstate/react';
import { useState } from 'react';
import { fromPromise } from 'xstate';
import { TERMS_TEXT } from '../domain/terms-contract';
import { termsAcceptanceMachine, type TermsDecision } from '../machines/terms-acceptance.machine';
import { inspector } from './inspector';
import { useHttp, useScreenSession } from './screen-services';
import { decideTerms, fetchTermsToAccept } from './terms-client';

// The terms gate bound to the API: load the terms in force and the caller's IP, record the
// decision; accepting reads the account again (the gate lifts), declining logs out.

export function useTermsAcceptance() {
  const http = useHttp();
  const session = useScreenSession();
  const [machine] = useState(() =>
    termsAcceptanceMachine.provide({
      actors: {
        loadTerms: fromPromise(() => fetchTermsToAccept(http)),
        decide: fromPromise(({ input }: { input: TermsDecision }) => decideTerms(http, input)),
      },
      actions: {
        accepted: () => session.reloadAccount(),
        logOut: () => session.logout(TERMS_TEXT.declined),
      },
    }),
  );
  return useMachine(machine, { inspect: inspector() });
}
