import { notificationMachine } from '../../../src/machines/notification.machine';
import type { MachineModel } from '../model-harness';

export const model: MachineModel = {
  name: 'notification',
  machine: notificationMachine,
  options: {
    events: () => [
      { type: 'SHOW', kind: 'error', message: 'Invalid Username/Password' },
      { type: 'SHOW', kind: 'info', message: 'Saved', detail: 'AWB 123' },
    ],
    serializeState: (s) => JSON.stringify([s.value, s.context.notice?.kind]),
  },
};
