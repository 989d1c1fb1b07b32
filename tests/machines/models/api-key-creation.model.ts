import { apiKeyCreationMachine } from '../../../src/machines/api-key-creation.machine';
import type { MachineModel } from '../model-harness';
import type { NewApiKey } from '../../../src/domain/open-api-contract';

export const MADE: NewApiKey = {
  key: 'dk_live_0123456789abcdefghijklmnopqrstuvwxyzABCDEFG',
  row: {
    id: 5,
    name: 'Store sync',
    prefix: 'dk_live_0123',
    createdByName: 'Asha Rao',
    rateLimitPerMinute: 600,
    createdAt: '2026-11-20T06:30:00.000Z',
    lastUsedAt: null,
    revokedAt: null,
  },
};

export const apiKeyCreationModel: MachineModel = {
  name: 'api-key-creation',
  machine: apiKeyCreationMachine,
  options: {
    promiseActors: ['createKey'],
    events: () => [
      { type: 'NAME', value: 'Store sync' },
      { type: 'NAME', value: '' },
      { type: 'xstate.done.actor.createKey', output: MADE },
      {
        type: 'xstate.error.actor.createKey',
        error: { status: 403, message: 'Open API access is on the Premium plan' },
      },
    ],
    serializeState: (s) =>
      JSON.stringify([s.value, !!s.context.name, !!s.context.error, !!s.context.key, s.context.copied]),
  },
};
