import { useMachine } from '@xstate/react';
import { useState, type RefObject } from 'react';
import { fromPromise } from 'xstate';
import { listQueryMachine, type ListInput, type ListQuery } from '../machines/list-query.machine';
import { fetchList } from './list-calls';
import { useHttp } from './screen-services';
import { inspector } from './inspector';

// A list's query machine bound to the list call of its address; each page is asked with the
// filters the list holds at that moment (its last ones without an error).

export function useListQuery(
  path: string,
  filtersRef: RefObject<Record<string, string | undefined> | undefined>,
  input: ListInput,
) {
  const http = useHttp();
  const [machine] = useState(() =>
    listQueryMachine.provide({
      actors: {
        fetchPage: fromPromise(({ input }: { input: ListQuery }) =>
          fetchList<unknown>(http, path, input, filtersRef.current),
        ),
      },
    }),
  );
  return useMachine(machine, { inspect: inspector(), input });
}
