import { useMachine } from '@xstate/react';
import { useEffect, useRef, useState } from 'react';
import { fromPromise } from 'xstate';
import { requestMachine } from '../../machines/request.machine';

/**
 * Binds one service call to a requestMachine actor. `load: true` sends RUN on mount (a page
 * load); otherwise call run(params). The view only reads the status and sends events.
 */
export function useRequest<T, P = void>(call: (params: P) => Promise<T>, options: { load?: boolean } = {}) {
  const callRef = useRef(call);
  callRef.current = call;
  const [machine] = useState(() =>
    requestMachine.provide({ actors: { request: fromPromise(({ input }) => callRef.current(input as P)) } }),
  );
  const [snapshot, send] = useMachine(machine);
  useEffect(() => {
    if (options.load) send({ type: 'RUN' });
  }, [options.load, send]);
  const status = snapshot.value;
  return {
    /** a page load counts as loading before its RUN lands */
    loading: status === 'running' || (!!options.load && status === 'idle'),
    succeeded: status === 'succeeded',
    failed: status === 'failed',
    data: snapshot.context.data as T | null,
    error: snapshot.context.error,
    run: (params: P) => send({ type: 'RUN', params }),
    retry: () => send({ type: 'RETRY' }),
  };
}
