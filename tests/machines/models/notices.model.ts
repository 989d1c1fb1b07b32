import { noticeEditorMachine } from '../../../src/machines/notice-editor.machine';
import { sellerNoticesMachine } from '../../../src/machines/seller-notices.machine';
import { notificationCentreMachine } from '../../../src/machines/notification-centre.machine';
import type { BannerRow, NotificationRow, PublishedNote, SellerBanner } from '../../../src/domain/notices-contract';
import type { MachineModel } from '../model-harness';

export const BANNER_ROW: BannerRow = {
  bannerId: 4,
  message: 'Pro sellers: early COD is now D+2',
  tone: 'warning',
  link: '/wallet/cod-remittance',
  startsAt: '2026-11-20T04:30:00.000Z',
  endsAt: null,
  plans: ['PRO'],
  bannerStatus: 'ACTIVE',
  dismissedCount: 0,
  updatedAt: '2026-11-20T04:30:00.000Z',
};
export const SELLER_BANNER: SellerBanner = { bannerId: 4, message: BANNER_ROW.message, tone: 'warning', link: null };
export const NOTE: PublishedNote = {
  releaseNoteId: 2,
  title: 'Bulk NDR actions',
  body: 'Select many NDRs and re-attempt them at once.',
  publishedAt: '2026-11-20T06:30:00.000Z',
};
export const NOTIFICATION: NotificationRow = {
  notificationId: 11,
  kind: 'NDR',
  title: 'Delivery attempt 1 failed for AWB SBX1',
  body: 'Re-attempt, change the address or return it.',
  link: '/ndr',
  createdAt: '2026-11-20T06:30:00.000Z',
  read: false,
};
const OFFLINE = { status: 0, message: 'You are offline' };

/** The staff banner form: typing, plans, checking, saving, editing a saved one, switching one off. */
export const editorModel: MachineModel = {
  name: 'notice-editor',
  machine: noticeEditorMachine,
  options: {
    input: { kind: 'BANNER' },
    promiseActors: ['save', 'setStatus'],
    events: () => [
      { type: 'FIELD', name: 'message', value: 'Courier holiday on 25 Dec' },
      { type: 'TOGGLE_PLAN', plan: 'PRO' },
      { type: 'EDIT', row: BANNER_ROW },
      { type: 'NEW' },
      { type: 'SUBMIT' },
      { type: 'SET_STATUS', id: 4, status: 'INACTIVE' },
      { type: 'xstate.done.actor.save', output: BANNER_ROW },
      { type: 'xstate.error.actor.save', error: OFFLINE },
      { type: 'xstate.done.actor.setStatus', output: BANNER_ROW },
      { type: 'xstate.error.actor.setStatus', error: OFFLINE },
    ],
    serializeState: (s) =>
      JSON.stringify([
        s.value,
        s.context.editingId,
        s.context.draft.message,
        s.context.draft.plans,
        Object.keys(s.context.errors),
        s.context.error,
        s.context.notice,
      ]),
  },
};

/** Banners and new release notes as the seller app opens. */
export const sellerModel: MachineModel = {
  name: 'seller-notices',
  machine: sellerNoticesMachine,
  options: {
    promiseActors: ['load', 'dismiss', 'markViewed'],
    events: () => [
      { type: 'DISMISS', bannerId: 4 },
      { type: 'CLOSE_NOTES' },
      { type: 'xstate.done.actor.load', output: { banners: [SELLER_BANNER], notes: [NOTE] } },
      { type: 'xstate.done.actor.load', output: { banners: [SELLER_BANNER], notes: [] } },
      { type: 'xstate.error.actor.load', error: OFFLINE },
      { type: 'xstate.done.actor.dismiss', output: { dismissed: true } },
      { type: 'xstate.error.actor.dismiss', error: OFFLINE },
      { type: 'xstate.done.actor.markViewed', output: { viewed: 1 } },
      { type: 'xstate.error.actor.markViewed', error: OFFLINE },
    ],
    serializeState: (s) => JSON.stringify([s.value, s.context.banners.length, s.context.notes.length, s.context.error]),
  },
};

/** The notifications page: the list, a minute's poll, reading one or all. */
export const centreModel: MachineModel = {
  name: 'notification-centre',
  machine: notificationCentreMachine,
  options: {
    input: { withList: true },
    promiseActors: ['fetch', 'markRead'],
    events: () => [
      { type: 'REFRESH' },
      { type: 'READ', notificationId: 11 },
      { type: 'READ', notificationId: 11, open: '/ndr' },
      { type: 'READ_ALL' },
      { type: 'xstate.done.actor.fetch', output: { unread: 1, items: [NOTIFICATION] } },
      { type: 'xstate.done.actor.fetch', output: { unread: 0, items: [{ ...NOTIFICATION, read: true }] } },
      { type: 'xstate.error.actor.fetch', error: OFFLINE },
      { type: 'xstate.done.actor.markRead', output: { unread: 0 } },
      { type: 'xstate.error.actor.markRead', error: OFFLINE },
    ],
    serializeState: (s) =>
      JSON.stringify([s.value, s.context.unread, s.context.items.length, s.context.error, s.context.opening]),
  },
};
