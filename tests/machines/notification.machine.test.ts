import { describe, expect, it } from 'vitest';
import { createActor, SimulatedClock } from 'xstate';
import { noticeText, notificationMachine } from '../../src/machines/notification.machine';
import { describeModel } from './describe-model';
import { model } from './models/notification.model';

describeModel(model, (actual, expected) => expect(actual.context).toEqual(expected.context));

describe('notification banner rules', () => {
  it('hides after exactly 5 seconds and restarts the timer on a new message', () => {
    const clock = new SimulatedClock();
    const actor = createActor(notificationMachine, { clock }).start();
    actor.send({ type: 'SHOW', kind: 'error', message: 'First' });
    clock.increment(4_000);
    actor.send({ type: 'SHOW', kind: 'info', message: 'Second' });
    clock.increment(4_999);
    expect(actor.getSnapshot().value).toBe('shown');
    clock.increment(1);
    expect(actor.getSnapshot().value).toBe('hidden');
  });

  it('appends the detail after " > "', () => {
    expect(noticeText({ kind: 'error', message: 'Upload failed', detail: 'row 4' })).toBe('Upload failed > row 4');
    expect(noticeText({ kind: 'info', message: 'Done' })).toBe('Done');
  });
});
