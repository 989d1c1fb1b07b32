import { useMachine } from '@xstate/react';
import { useState } from 'react';
import { fromPromise } from 'xstate';
import { weightFreezeMachine, type FreezeRequest } from '../machines/weight-freeze.machine';
import { API_WEIGHT } from '../domain/weight-contract';
import { call } from './call';
import { weightPhotos } from './weight-photos';
import { inspector } from './inspector';
import { useHttp } from './screen-services';

// A product's weight freeze: its newest request, and a new one with photos.

export function useWeightFreeze(productId: number) {
  const http = useHttp();
  const [machine] = useState(() =>
    weightFreezeMachine.provide({
      actors: {
        loadFreeze: fromPromise(({ input }: { input: { productId: number } }) =>
          call(http, API_WEIGHT.freeze, { params: { productId: input.productId } }),
        ),
        requestFreeze: fromPromise(({ input: { productId, ...body } }: { input: FreezeRequest }) =>
          call(http, API_WEIGHT.requestFreeze, { params: { productId }, body }),
        ),
        photoUpload: weightPhotos(http),
      },
    }),
  );
  return useMachine(machine, { inspect: inspector(), input: { productId } });
}
