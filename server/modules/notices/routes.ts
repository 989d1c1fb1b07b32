import * as v from 'valibot';
import type { ApiRouter } from '../../http/router';
import type { AppDeps } from '../../deps';
import { numericId } from '../../../src/domain/params';
import { pagingEntries } from '../../../src/domain/paging';
import {
  API_NOTICES,
  BannerRowSchema,
  DismissedSchema,
  NotificationListSchema,
  PublishedNoteSchema,
  ReleaseNoteRowSchema,
  SellerBannerSchema,
  UnreadCountSchema,
  ViewedSchema,
} from '../../../src/domain/notices-contract';
import {
  BannerBody,
  BannerStatusBody,
  MarkViewedBody,
  ReleaseNoteBody,
  ReleaseNoteStatusBody,
} from '../../../src/domain/schemas/notices';
import * as banners from './banners';
import * as notes from './release-notes';
import * as centre from './notifications';

const TAG = 'notices';
const SELLERS = { kind: 'user', accountTypes: ['SELLER'] } as const;
// staff permission notices.manage when staff roles arrive
const STAFF = { kind: 'user', accountTypes: ['DAKIYA'] } as const;
const bannerParam = v.object({ bannerId: numericId('bannerId') });
const noteParam = v.object({ releaseNoteId: numericId('releaseNoteId') });
const notificationParam = v.object({ notificationId: numericId('notificationId') });

export function registerNoticeRoutes(router: ApiRouter, deps: AppDeps) {
  // staff: banners
  router.add({
    method: 'get',
    path: API_NOTICES.banners,
    tag: 'corporate',
    access: STAFF,
    staffPermission: 'notices.manage',
    summary: 'Every banner, newest first, with how many logins closed it',
    response: v.array(BannerRowSchema),
    handler: () => banners.listBanners(deps.db),
  });
  router.add({
    method: 'post',
    path: API_NOTICES.banners,
    tag: 'corporate',
    access: STAFF,
    staffPermission: 'notices.manage',
    body: BannerBody,
    summary:
      'A banner for the top of the seller app: message, tone, link, start and end, the plans it reaches (active at once)',
    response: BannerRowSchema,
    handler: ({ caller, body }) => banners.createBanner(deps, caller, body),
  });
  router.add({
    method: 'put',
    path: API_NOTICES.banner(':bannerId'),
    tag: 'corporate',
    access: STAFF,
    staffPermission: 'notices.manage',
    params: bannerParam,
    body: BannerBody,
    summary: "Changes a banner's words, dates or plans",
    errors: { 404: 'no such banner' },
    response: BannerRowSchema,
    handler: ({ params, body }) => banners.updateBanner(deps, params.bannerId, body),
  });
  router.add({
    method: 'post',
    path: API_NOTICES.bannerStatus(':bannerId'),
    tag: 'corporate',
    access: STAFF,
    staffPermission: 'notices.manage',
    params: bannerParam,
    body: BannerStatusBody,
    summary: 'Turns a banner on (ACTIVE) or off (INACTIVE)',
    errors: { 404: 'no such banner' },
    response: BannerRowSchema,
    handler: ({ params, body }) => banners.setBannerStatus(deps, params.bannerId, body.bannerStatus),
  });
  // staff: release notes
  router.add({
    method: 'get',
    path: API_NOTICES.releaseNotes,
    tag: 'corporate',
    access: STAFF,
    staffPermission: 'notices.manage',
    summary: 'Every release note, newest first, with how many logins saw it',
    response: v.array(ReleaseNoteRowSchema),
    handler: () => notes.listReleaseNotes(deps.db),
  });
  router.add({
    method: 'post',
    path: API_NOTICES.releaseNotes,
    tag: 'corporate',
    access: STAFF,
    staffPermission: 'notices.manage',
    body: ReleaseNoteBody,
    summary: 'A release note, as a draft',
    response: ReleaseNoteRowSchema,
    handler: ({ caller, body }) => notes.createReleaseNote(deps, caller, body),
  });
  router.add({
    method: 'put',
    path: API_NOTICES.releaseNote(':releaseNoteId'),
    tag: 'corporate',
    access: STAFF,
    staffPermission: 'notices.manage',
    params: noteParam,
    body: ReleaseNoteBody,
    summary: "Changes a release note's title or text",
    errors: { 404: 'no such release note' },
    response: ReleaseNoteRowSchema,
    handler: ({ params, body }) => notes.updateReleaseNote(deps, params.releaseNoteId, body),
  });
  router.add({
    method: 'post',
    path: API_NOTICES.releaseNoteStatus(':releaseNoteId'),
    tag: 'corporate',
    access: STAFF,
    staffPermission: 'notices.manage',
    params: noteParam,
    body: ReleaseNoteStatusBody,
    summary: 'Publishes, archives or republishes a release note (a published one never goes back to draft)',
    errors: { 404: 'no such release note', 409: 'a published note cannot go back to draft' },
    response: ReleaseNoteRowSchema,
    handler: ({ params, body }) => notes.setReleaseNoteStatus(deps, params.releaseNoteId, body.noteStatus),
  });
  // seller: banners and release notes
  router.add({
    method: 'get',
    path: API_NOTICES.sellerBanners,
    tag: TAG,
    access: SELLERS,
    permission: 'self',
    summary: 'The banners this login sees now: active, within their dates, for its plan, not closed by it',
    response: v.array(SellerBannerSchema),
    handler: ({ caller }) => banners.sellerBanners(deps, caller),
  });
  router.add({
    method: 'post',
    path: API_NOTICES.dismissBanner(':bannerId'),
    tag: TAG,
    access: SELLERS,
    permission: 'self',
    params: bannerParam,
    summary: 'Closes a banner for this login, on every device',
    errors: { 404: 'no such banner for this plan' },
    response: DismissedSchema,
    handler: ({ caller, params }) => banners.dismissBanner(deps, caller, params.bannerId),
  });
  router.add({
    method: 'get',
    path: API_NOTICES.activeReleaseNotes,
    tag: TAG,
    access: SELLERS,
    permission: 'self',
    summary: 'Published release notes this login has not seen yet, newest first',
    response: v.array(PublishedNoteSchema),
    handler: ({ caller }) => notes.activeReleaseNotes(deps, caller),
  });
  router.add({
    method: 'get',
    path: API_NOTICES.publishedReleaseNotes,
    tag: TAG,
    access: SELLERS,
    permission: 'self',
    summary: "Every published release note, newest first (What's new)",
    response: v.array(PublishedNoteSchema),
    handler: ({ caller }) => notes.publishedReleaseNotes(deps, caller),
  });
  router.add({
    method: 'post',
    path: API_NOTICES.markReleaseNotesViewed,
    tag: TAG,
    access: SELLERS,
    permission: 'self',
    body: MarkViewedBody,
    summary: 'Marks release notes seen by this login: they are not shown to it as new again',
    response: ViewedSchema,
    handler: ({ caller, body }) => notes.markViewed(deps, caller, body.releaseNoteIds),
  });
  // seller: notifications centre
  router.add({
    method: 'get',
    path: API_NOTICES.unreadCount,
    tag: TAG,
    access: SELLERS,
    permission: 'self',
    summary: "How many notifications of the kinds this login's role sees are unread by it",
    response: UnreadCountSchema,
    handler: ({ caller }) => centre.unreadCount(deps, caller),
  });
  router.add({
    method: 'get',
    path: API_NOTICES.notifications,
    tag: TAG,
    access: SELLERS,
    permission: 'self',
    query: v.object({ ...pagingEntries }),
    summary: "The organisation's notifications of the kinds this login's role sees, newest first, each read or not",
    response: NotificationListSchema,
    handler: ({ caller, query }) => centre.listNotifications(deps, caller, query),
  });
  router.add({
    method: 'post',
    path: API_NOTICES.readAllNotifications,
    tag: TAG,
    access: SELLERS,
    permission: 'self',
    summary: 'Marks every notification this login sees read',
    response: UnreadCountSchema,
    handler: ({ caller }) => centre.readAll(deps, caller),
  });
  router.add({
    method: 'post',
    path: API_NOTICES.readNotification(':notificationId'),
    tag: TAG,
    access: SELLERS,
    permission: 'self',
    params: notificationParam,
    summary: 'Marks one notification read for this login',
    errors: { 404: 'no such notification of yours' },
    response: UnreadCountSchema,
    handler: ({ caller, params }) => centre.readOne(deps, caller, params.notificationId),
  });
}
