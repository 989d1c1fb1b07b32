import { assign, fromPromise, setup } from 'xstate';
import type { RecommendationSettings } from '../domain/recommendation-contract';
import type { RecommendationRule } from '../domain/shipping/courier-recommendation';
import { settingsProblem } from '../domain/schemas/recommendation';
import { takeFailure } from './failure';

// The seller's courier recommendation settings (Premium): read, edited (the rule, the delivered %
// floor), checked by the server's own rules so a message names the field by its label, and saved.
// A failed save keeps the edits; a failed read can be tried again.

export interface RecommendationSettingsContext {
  rule: RecommendationRule;
  floorPct: number;
  outcomesAt: string | null;
  /** the edits differ from what was last saved or read */
  dirty: boolean;
  error: string | null;
}

export type RecommendationSettingsEvent =
  | { type: 'RULE'; rule: RecommendationRule }
  | { type: 'FLOOR'; floorPct: number }
  | { type: 'SAVE' }
  | { type: 'RETRY' };

const fromAnswer = (s: RecommendationSettings) => ({
  rule: s.recommendationRule,
  floorPct: s.deliveredFloorPct,
  outcomesAt: s.outcomesAt,
  dirty: false,
  error: null,
});

export const recommendationSettingsMachine = setup({
  types: { context: {} as RecommendationSettingsContext, events: {} as RecommendationSettingsEvent },
  actors: {
    load: fromPromise<RecommendationSettings>(async () => {
      throw new Error('load not provided');
    }),
    save: fromPromise<RecommendationSettings, { recommendationRule: RecommendationRule; deliveredFloorPct: number }>(
      async () => {
        throw new Error('save not provided');
      },
    ),
  },
  guards: {
    valid: ({ context }) =>
      settingsProblem({ recommendationRule: context.rule, deliveredFloorPct: context.floorPct }) === null,
  },
  actions: {
    /** tells the seller the settings were saved */
    saved: () => {},
  },
}).createMachine({
  id: 'recommendationSettings',
  context: { rule: 'CHEAPEST_ABOVE_FLOOR', floorPct: 90, outcomesAt: null, dirty: false, error: null },
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'load',
        src: 'load',
        onDone: { target: 'editing', actions: assign(({ event }) => fromAnswer(event.output)) },
        onError: { target: 'loadFailed', actions: assign(takeFailure) },
      },
    },
    loadFailed: { on: { RETRY: 'loading' } },
    editing: {
      on: {
        RULE: { actions: assign({ rule: ({ event }) => event.rule, dirty: true, error: null }) },
        FLOOR: { actions: assign({ floorPct: ({ event }) => event.floorPct, dirty: true, error: null }) },
        SAVE: [
          { guard: 'valid', target: 'saving' },
          {
            actions: assign({
              error: ({ context }) =>
                settingsProblem({ recommendationRule: context.rule, deliveredFloorPct: context.floorPct }),
            }),
          },
        ],
      },
    },
    saving: {
      invoke: {
        id: 'save',
        src: 'save',
        input: ({ context }) => ({ recommendationRule: context.rule, deliveredFloorPct: context.floorPct }),
        onDone: { target: 'editing', actions: [assign(({ event }) => fromAnswer(event.output)), 'saved'] },
        onError: { target: 'editing', actions: assign(takeFailure) },
      },
    },
  },
});
