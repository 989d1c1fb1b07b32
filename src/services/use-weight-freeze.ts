import { useMachine } from '@xstate/react';
import { useState } from 'react';
import { fromPromise } from 'xstate';
import { weightFreezeMachine, type FreezeRequest } from '../machines/weight-freeze.machine';
import { fetchFreeze, requestFreeze } from './weight-client';
import { weightPhotos } from './weight-photos';
import { inspector } from './inspector';
import { useHttp } from './screen-services';

// A product's weight freeze: its newest request, and a new one with photos.

export function useWeightFreeze(productId: number) {
  const http = useHttp();
  const [machine] = useState(() =>
    weightFreezeMachine.provide({
      actors: {
        loadFreeze: fromPromise(({ input }: { input: { productId: number } }) => fetchFreeze(http, input.productId)),
        requestFreeze: fromPromise(({ input }: { input: FreezeRequest }) => requestFreeze(http, input)),
        photoUpload: weightPhotos(http),
      },
    }),
  );
  return useMachine(machine, { inspect: inspector(), input: { productId } });
}
