import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { describeModel } from './describe-model';
import {
  BANNER_ROW,
  centreModel,
  editorModel,
  NOTE,
  NOTIFICATION,
  SELLER_BANNER,
  sellerModel,
} from './models/notices.model';
import { noticeEditorMachine, type NoticeSaveRequest } from '../../src/machines/notice-editor.machine';
import {
  notificationCentreMachine,
  type NotificationSnapshot,
  type ReadRequest,
} from '../../src/machines/notification-centre.machine';
import { checkNoticeDraft, EMPTY_NOTICE_DRAFT, plansText, visibleKinds } from '../../src/domain/notices';
import { istLocalToIso, isoToIstLocal } from '../../src/domain/schemas/notices';

describeModel(editorModel, (a, e) => {
  expect([a.context.editingId, a.context.draft, a.context.errors, a.context.error, a.context.notice]).toEqual([
    e.context.editingId,
    e.context.draft,
    e.context.errors,
    e.context.error,
    e.context.notice,
  ]);
  // a saved form is empty again and says so; a refused one keeps its draft and says why
  if (a.context.notice === 'Banner saved') expect(a.context.draft).toEqual(EMPTY_NOTICE_DRAFT);
  if (a.context.error) expect(a.context.error).toBe('You are offline');
});

describeModel(sellerModel, (a, e) => {
  expect([a.context.banners, a.context.notes, a.context.error]).toEqual([
    e.context.banners,
    e.context.notes,
    e.context.error,
  ]);
  // the notes dialog is open exactly while there are notes not yet closed
  if (a.matches({ showing: { notes: 'open' } })) expect(a.context.notes).toEqual([NOTE]);
  if (a.matches({ showing: { notes: 'closed' } })) expect(a.context.notes).toEqual([]);
});

describeModel(centreModel, (a, e) => {
  expect([a.context.unread, a.context.items, a.context.error]).toEqual([
    e.context.unread,
    e.context.items,
    e.context.error,
  ]);
});

const tick = () => new Promise((r) => setTimeout(r, 0));

describe('banner and release note rules', () => {
  it('reads start and end as India time and names every field by its label', () => {
    expect(istLocalToIso('2026-11-20T09:30')).toBe('2026-11-20T04:00:00.000Z');
    expect(isoToIstLocal('2026-11-20T04:00:00.000Z')).toBe('2026-11-20T09:30');
    expect(istLocalToIso('2026-02-30T09:30')).toBeUndefined();
    expect(
      checkNoticeDraft('BANNER', {
        ...EMPTY_NOTICE_DRAFT,
        message: 'Hi',
        startsAt: '2026-11-21T10:00',
        endsAt: '2026-11-21T09:00',
      }),
    ).toEqual({
      ok: false,
      errors: { message: 'Message must be 5 to 300 characters', endsAt: 'Ends must be after Starts' },
    });
    expect(checkNoticeDraft('RELEASE_NOTE', EMPTY_NOTICE_DRAFT)).toEqual({
      ok: false,
      errors: { title: 'Title must be 3 to 120 characters', body: 'Text must be 10 to 5000 characters' },
    });
    expect(plansText([])).toBe('All plans');
    expect(plansText(['PREMIUM', 'PRO'])).toBe('Pro, Premium');
    expect(visibleKinds('USER', ['ndr.view', 'orders.view'])).toEqual(['NDR']);
    expect(visibleKinds('USER', ['tickets.view'])).toEqual(['TICKET_REPLY']);
    expect(visibleKinds('USER', ['orders.ship'])).toEqual(['EWAY_BILL_EXPIRY']);
    expect(visibleKinds('OWNER', [])).toHaveLength(7);
  });

  it('edits a saved banner and sends its id with the body the server parses', async () => {
    const sent: NoticeSaveRequest[] = [];
    const actor = createActor(
      noticeEditorMachine.provide({
        actors: { save: fromPromise(async ({ input }) => void sent.push(input as NoticeSaveRequest)) },
      }),
      { input: { kind: 'BANNER' } },
    ).start();
    actor.send({ type: 'EDIT', row: BANNER_ROW });
    expect(actor.getSnapshot().context.draft).toMatchObject({ startsAt: '2026-11-20T10:00', plans: ['PRO'] });
    actor.send({ type: 'TOGGLE_PLAN', plan: 'PREMIUM' });
    actor.send({ type: 'SUBMIT' });
    await tick();
    expect(sent).toEqual([
      {
        kind: 'BANNER',
        id: 4,
        body: {
          bannerMessage: BANNER_ROW.message,
          bannerTone: 'warning',
          bannerLink: '/wallet/cod-remittance',
          startsAt: '2026-11-20T04:30:00.000Z',
          endsAt: null,
          targetPlans: ['PRO', 'PREMIUM'],
        },
      },
    ]);
    expect(actor.getSnapshot().context).toMatchObject({ editingId: null, notice: 'Banner saved' });
  });

  it('reads a notification, then the count again', async () => {
    const reads: ReadRequest[] = [];
    let unread = 1;
    const actor = createActor(
      notificationCentreMachine.provide({
        actors: {
          fetch: fromPromise(async (): Promise<NotificationSnapshot> => ({
            unread,
            items: [{ ...NOTIFICATION, read: unread === 0 }],
          })),
          markRead: fromPromise(async ({ input }) => {
            reads.push(input as ReadRequest);
            unread = 0;
          }),
        },
      }),
      { input: { withList: true } },
    ).start();
    await tick();
    actor.send({ type: 'READ', notificationId: 11 });
    await tick();
    await tick();
    expect(reads).toEqual([{ notificationId: 11 }]);
    expect(actor.getSnapshot().context.unread).toBe(0);
    // nothing left to read: both are no-ops
    actor.send({ type: 'READ', notificationId: 11 });
    actor.send({ type: 'READ_ALL' });
    expect(actor.getSnapshot().value).toBe('ready');
    expect(SELLER_BANNER.bannerId).toBe(4);
  });
});
