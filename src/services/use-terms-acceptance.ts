import { useMachine } from '@xstate/react';
import { useState } from 'react';
import { fromPromise } from 'xstate';
import { TERMS_TEXT } from '../domain/terms-contract';
import { termsAcceptanceMachine, type TermsDecision } from '../machines/terms-acceptance.machine';
import { inspector } from './inspector';
import { useHttp, useScreenSession } from './screen-services';
import type { TermsData } from '../domain/account-contract';
import { API_REFERENCE } from '../domain/reference-contract';
import { call } from './call';
import type { Http } from './types';

// The terms gate bound to the API: load the terms in force and the caller's IP, record the
// decision; accepting reads the account again (the gate lifts), declining logs out.

async function fetchTermsToAccept(http: Http): Promise<{ terms: TermsData; ipAddress: string }> {
  const [terms, ip] = await Promise.all([call(http, API_REFERENCE.terms), call(http, API_REFERENCE.ip)]);
  return { terms, ipAddress: ip.ip };
}

export function useTermsAcceptance() {
  const http = useHttp();
  const session = useScreenSession();
  const [machine] = useState(() =>
    termsAcceptanceMachine.provide({
      actors: {
        loadTerms: fromPromise(() => fetchTermsToAccept(http)),
        decide: fromPromise<unknown, TermsDecision>(({ input }) =>
          call(http, API_REFERENCE.acceptTerms, { body: input }),
        ),
      },
      actions: {
        accepted: () => session.reloadAccount(),
        logOut: () => session.logout(TERMS_TEXT.declined),
      },
    }),
  );
  return useMachine(machine, { inspect: inspector() });
}
