import { useMachine } from '@xstate/react';
import { useState } from 'react';
import { fromPromise } from 'xstate';
import { istDay } from '../domain/format';
import { rateCardEditorMachine, type RateCardSaveRequest } from '../machines/rate-card-editor.machine';
import { inspector } from './inspector';
import { fetchStaffRateCards, saveRateCard } from './pricing-client';
import { useHttp } from './screen-services';

// The staff rate-card editor bound to the API; a new card starts today in India.

export function useRateCardEditor(orgId: number) {
  const http = useHttp();
  const [machine] = useState(() =>
    rateCardEditorMachine.provide({
      actors: {
        load: fromPromise(({ input }: { input: { orgId: number } }) => fetchStaffRateCards(http, input.orgId)),
        save: fromPromise(({ input }: { input: RateCardSaveRequest }) => saveRateCard(http, input)),
      },
    }),
  );
  return useMachine(machine, { inspect: inspector(), input: { orgId, today: istDay() } });
}
