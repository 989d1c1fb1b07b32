import { useMachine } from '@xstate/react';
import { useState } from 'react';
import { fromPromise } from 'xstate';
import { apiKeyCreationMachine } from '../machines/api-key-creation.machine';
import { inspector } from './inspector';
import { invalidate } from './invalidate';
import { notify } from './notify';
import { useHttp } from './screen-services';
import { call } from './call';
import { API_OPEN } from '../domain/open-api-contract';

// Making an API key, bound to the API and the clipboard.

export function useApiKeyCreation() {
  const http = useHttp();
  const [machine] = useState(() =>
    apiKeyCreationMachine.provide({
      actors: {
        createKey: fromPromise(({ input }: { input: { name: string } }) =>
          call(http, API_OPEN.createKey, { body: { name: input.name } }),
        ),
      },
      actions: {
        created: () => invalidate('apiKeys'),
        copyKey: (_, params: { key: string }) => {
          void navigator.clipboard?.writeText(params.key).then(
            () => notify({ kind: 'info', message: 'API key copied' }),
            () => notify({ kind: 'error', message: 'Copy did not work: select the key and copy it yourself' }),
          );
        },
      },
    }),
  );
  return useMachine(machine, { inspect: inspector() });
}
