import { useMachine } from '@xstate/react';
import { useRef, useState } from 'react';
import { listKeysMachine } from '../machines/list-keys.machine';
import { inspector } from './inspector';

// A list's keyboard machine bound to what its page does with a row: the machine is provided once,
// and each action calls the page's handler of the latest render.

export interface ListKeyHandlers {
  open: (index: number) => void;
  pick: (index: number) => void;
  ship: (index: number) => void;
  focusSearch: () => void;
}

export function useListKeys(handlers: ListKeyHandlers) {
  const latest = useRef(handlers);
  latest.current = handlers;
  const [machine] = useState(() =>
    listKeysMachine.provide({
      actions: {
        open: (_, { index }) => latest.current.open(index),
        pick: (_, { index }) => latest.current.pick(index),
        ship: (_, { index }) => latest.current.ship(index),
        focusSearch: () => latest.current.focusSearch(),
      },
    }),
  );
  return useMachine(machine, { inspect: inspector() });
}
