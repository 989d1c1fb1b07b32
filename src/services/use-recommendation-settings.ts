import { useMachine } from '@xstate/react';
import { useState } from 'react';
import { fromPromise } from 'xstate';
import type { RecommendationSettings } from '../domain/recommendation-contract';
import type { RecommendationRule } from '../domain/shipping/courier-recommendation';
import { recommendationSettingsMachine } from '../machines/recommendation-settings.machine';
import { fetchRecommendationSettings, saveRecommendationSettings } from './recommendation-client';
import { inspector } from './inspector';
import { notify } from './notify';
import { useHttp } from './screen-services';

// The recommendation settings section bound to its calls and the notice on save.

export function useRecommendationSettings() {
  const http = useHttp();
  const [machine] = useState(() =>
    recommendationSettingsMachine.provide({
      actors: {
        load: fromPromise<RecommendationSettings>(() => fetchRecommendationSettings(http)),
        save: fromPromise(
          ({ input }: { input: { recommendationRule: RecommendationRule; deliveredFloorPct: number } }) =>
            saveRecommendationSettings(http, input),
        ),
      },
      actions: { saved: () => notify({ kind: 'info', message: 'Recommendation settings saved' }) },
    }),
  );
  return useMachine(machine, { inspect: inspector() });
}
