import { createActor, fromPromise } from 'xstate';
import { describe, expect, it } from 'vitest';
import { documentViewerMachine, viewerShape, type ViewedDocument } from '../../src/machines/document-viewer.machine';
import { describeModel } from './describe-model';
import { model, PAN_CARD, PHOTO } from './models/document-viewer.model';

describeModel(model, (actual, expected) => {
  // what the viewer shows follows the machine's context
  expect(actual.context.document).toEqual(expected.context.document);
  expect(actual.context.objectUrl).toBe(expected.context.objectUrl);
  expect(actual.context.error).toBe(expected.context.error);
});

describe('document viewer', () => {
  it('shows a PDF in the embedded viewer and anything else as a picture', () => {
    expect(viewerShape('application/pdf')).toBe('PDF');
    expect(viewerShape('image/png')).toBe('IMAGE');
    expect(viewerShape('image/webp')).toBe('IMAGE');
  });

  it('reads each document opened, lets each shown one go once, and says why one failed', async () => {
    const loaded: string[] = [];
    const released: string[] = [];
    let fail = false;
    const actor = createActor(
      documentViewerMachine.provide({
        actors: {
          load: fromPromise(async ({ input }: { input: ViewedDocument }) => {
            loaded.push(input.name);
            if (fail) throw Object.assign(new Error('Document not found'), { status: 404 });
            return `blob:${loaded.length}`;
          }),
        },
        actions: { release: ({ context }) => void (context.objectUrl && released.push(context.objectUrl)) },
      }),
    ).start();
    const settle = () => new Promise((r) => setTimeout(r, 10));
    actor.send({ type: 'OPEN', document: PAN_CARD });
    expect(actor.getSnapshot().matches('loading')).toBe(true);
    await settle();
    expect(actor.getSnapshot().context).toMatchObject({ document: PAN_CARD, objectUrl: 'blob:1', error: null });
    // another document replaces the one shown: the first address is let go
    actor.send({ type: 'OPEN', document: PHOTO });
    await settle();
    expect(actor.getSnapshot().context.objectUrl).toBe('blob:2');
    expect(released).toEqual(['blob:1']);
    actor.send({ type: 'CLOSE' });
    expect(actor.getSnapshot().matches('closed')).toBe(true);
    expect(actor.getSnapshot().context).toMatchObject({ document: null, objectUrl: null });
    expect(released).toEqual(['blob:1', 'blob:2']);
    // a failure says why; trying again reads it again
    fail = true;
    actor.send({ type: 'OPEN', document: PAN_CARD });
    await settle();
    expect(actor.getSnapshot().matches('failed')).toBe(true);
    expect(actor.getSnapshot().context.error).toBe('Document not found');
    fail = false;
    actor.send({ type: 'RETRY' });
    await settle();
    expect(actor.getSnapshot().matches('showing')).toBe(true);
    expect(loaded).toEqual(['pan-card.png', 'me.pdf', 'pan-card.png', 'pan-card.png']);
  });
});
