import { useMachine } from '@xstate/react';
import { useState } from 'react';
import type { NdrActionInput } from '../machines/ndr-action.machine';
import { ndrActionBindings } from './ndr-machines';
import { useHttp } from './screen-services';
import { inspector } from './inspector';

/** The NDR action dialog's machine, bound once per mount to the NDR calls (ndr-machines.ts). */
export function useNdrAction(input: NdrActionInput) {
  const http = useHttp();
  const [machine] = useState(() => ndrActionBindings(http));
  return useMachine(machine, { inspect: inspector(), input });
}
