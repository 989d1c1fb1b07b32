import { useMachine } from '@xstate/react';
import { useEffect, useRef, useState } from 'react';
import { fromPromise } from 'xstate';
import { requestMachine } from '../machines/request.machine';
import { inspector } from './inspector';

export interface RequestOptions<T> {
  /** send RUN on mount: a page load */
  load?: boolean;
  /** after a successful answer (the machine's reportDone action) */
  onDone?: (data: T) => void;
  /** after a failure, with the text to show (reportError) */
  onError?: (message: string) => void;
}

/**
 * Binds one service call to a requestMachine actor. The view reads the status and calls run();
 * what happens after an answer is the machine's reportDone/reportError, given here.
 */
export function useRequest<T, P = void>(call: (params: P) => Promise<T>, options: RequestOptions<T> = {}) {
  const latest = useRef({ call, options });
  latest.current = { call, options };
  const [machine] = useState(() =>
    requestMachine.provide({
      actors: { request: fromPromise(({ input }) => latest.current.call(input as P)) },
      actions: {
        reportDone: ({ context }) => latest.current.options.onDone?.(context.data as T),
        reportError: ({ context }) => latest.current.options.onError?.(context.error ?? ''),
      },
    }),
  );
  const [snapshot, send] = useMachine(machine, { inspect: inspector() });
  useEffect(() => {
    if (options.load) send({ type: 'RUN' });
  }, [options.load, send]);
  const status = snapshot.value;
  return {
    /** a page load counts as loading before its RUN lands */
    loading: status === 'running' || (!!options.load && status === 'idle'),
    running: status === 'running',
    succeeded: status === 'succeeded',
    failed: status === 'failed',
    data: snapshot.context.data as T | null,
    error: snapshot.context.error,
    // a page's own read (load) is asked again on every change that touches it and the latest ask
    // wins; an action's call is never sent twice while one runs
    run: (params: P) => send({ type: latest.current.options.load ? 'RELOAD' : 'RUN', params }),
    retry: () => send({ type: 'RETRY' }),
    /** forget the last answer or error (the input it was about changed) */
    reset: () => send({ type: 'RESET' }),
  };
}
