import { useMachine } from '@xstate/react';
import { useState } from 'react';
import { fromPromise } from 'xstate';
import { API_RECOMMENDATION, type RecommendationSettings } from '../domain/recommendation-contract';
import type { RecommendationRule } from '../domain/shipping/courier-recommendation';
import { recommendationSettingsMachine } from '../machines/recommendation-settings.machine';
import { call } from './call';
import { inspector } from './inspector';
import { notify } from './notify';
import { useHttp } from './screen-services';

// The recommendation settings section bound to its calls and the notice on save.

export function useRecommendationSettings() {
  const http = useHttp();
  const [machine] = useState(() =>
    recommendationSettingsMachine.provide({
      actors: {
        load: fromPromise<RecommendationSettings>(() => call(http, API_RECOMMENDATION.settings)),
        save: fromPromise(
          ({ input }: { input: { recommendationRule: RecommendationRule; deliveredFloorPct: number } }) =>
            call(http, API_RECOMMENDATION.saveSettings, { body: input }),
        ),
      },
      actions: { saved: () => notify({ kind: 'info', message: 'Recommendation settings saved' }) },
    }),
  );
  return useMachine(machine, { inspect: inspector() });
}
