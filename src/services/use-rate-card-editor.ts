import { useMachine } from '@xstate/react';
import { useState } from 'react';
import { fromPromise } from 'xstate';
import { istDay } from '../domain/format';
import { rateCardEditorMachine, type RateCardSaveRequest } from '../machines/rate-card-editor.machine';
import { inspector } from './inspector';
import { call } from './call';
import { API_PRICING } from '../domain/pricing-contract';
import { useHttp } from './screen-services';

// The staff rate-card editor bound to the API; a new card starts today in India.

export function useRateCardEditor(orgId: number) {
  const http = useHttp();
  const [machine] = useState(() =>
    rateCardEditorMachine.provide({
      actors: {
        load: fromPromise(({ input }: { input: { orgId: number } }) =>
          call(http, API_PRICING.staffCards, { params: { orgId: input.orgId } }),
        ),
        save: fromPromise(({ input }: { input: RateCardSaveRequest }) =>
          input.cardId === null
            ? call(http, API_PRICING.createCard, { params: { orgId: input.orgId }, body: input.body })
            : call(http, API_PRICING.updateCard, {
                params: { orgId: input.orgId, cardId: input.cardId },
                body: input.body,
              }),
        ),
      },
    }),
  );
  return useMachine(machine, { inspect: inspector(), input: { orgId, today: istDay() } });
}
