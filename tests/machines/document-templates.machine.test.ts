import { createActor, fromPromise } from 'xstate';
import { describe, expect, it } from 'vitest';
import { documentTemplatesMachine, type TemplateCall } from '../../src/machines/document-templates.machine';
import { describeModel } from './describe-model';
import { model, VIEW } from './models/document-templates.model';

describeModel(model, (actual, expected) => {
  // what the page shows follows the machine's context
  expect(actual.context.kind).toBe(expected.context.kind);
  expect(actual.context.problem).toBe(expected.context.problem);
  expect(actual.context.saved).toBe(expected.context.saved);
  expect(actual.context.previewUrl).toBe(expected.context.previewUrl);
});

describe('document templates page', () => {
  it('previews the edited, unsaved settings, saves them, and lets the old preview go', async () => {
    const previews: TemplateCall[] = [];
    const saves: TemplateCall[] = [];
    const released: string[] = [];
    let n = 0;
    const actor = createActor(
      documentTemplatesMachine.provide({
        actors: {
          load: fromPromise(async () => VIEW),
          preview: fromPromise(async ({ input }: { input: TemplateCall }) => {
            previews.push(input);
            return `blob:${++n}`;
          }),
          save: fromPromise(async ({ input }: { input: TemplateCall }) => {
            saves.push(input);
            return { ...VIEW, LABEL: { ...VIEW.LABEL, ...(input.settings as object) } };
          }),
        },
        actions: { releasePreview: ({ context }) => void (context.previewUrl && released.push(context.previewUrl)) },
        delays: { previewDelay: 0 },
      }),
    ).start();
    const settle = () => new Promise((r) => setTimeout(r, 20));
    await settle();
    expect(actor.getSnapshot().matches({ ready: 'shown' })).toBe(true);
    actor.send({ type: 'CHANGE', patch: { pageLayout: 'A4_FOUR_UP', customMessage: 'Thank you!' } });
    await settle();
    expect(previews.at(-1)).toEqual({
      kind: 'LABEL',
      settings: { ...VIEW.LABEL, pageLayout: 'A4_FOUR_UP', customMessage: 'Thank you!' },
    });
    expect(released).toEqual(['blob:1']);
    actor.send({ type: 'CHANGE', patch: { brandColour: 'blue' } });
    await settle();
    expect(actor.getSnapshot().context.problem).toBe('Brand colour must be a colour like #1f4fd1');
    actor.send({ type: 'SAVE' });
    expect(saves).toHaveLength(0);
    actor.send({ type: 'CHANGE', patch: { brandColour: '#0a7a3b' } });
    actor.send({ type: 'SAVE' });
    await settle();
    expect(saves[0].settings).toMatchObject({ pageLayout: 'A4_FOUR_UP', brandColour: '#0a7a3b' });
    expect(actor.getSnapshot().context).toMatchObject({ saved: true, problem: null });
    actor.send({ type: 'SELECT_KIND', kind: 'POD' });
    expect(actor.getSnapshot().matches({ ready: 'noPreview' })).toBe(true);
  });
});
