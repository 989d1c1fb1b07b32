import type { ApiRouter } from '../../http/router';
import type { AppDeps } from '../../deps';
import { API_NOTICES } from '../../../src/domain/notices-contract';
import * as banners from './banners';
import * as notes from './release-notes';
import * as centre from './notifications';

// Banners', release notes' and the notifications centre's operations
// (src/domain/notices-contract.ts): who may call each, and its handler.

const SELLERS = { kind: 'user', accountTypes: ['SELLER'] } as const;
// staff permission notices.manage when staff roles arrive
const STAFF = { kind: 'user', accountTypes: ['DAKIYA'] } as const;

export function registerNoticeRoutes(router: ApiRouter, deps: AppDeps) {
  // staff: banners
  router.route(API_NOTICES.banners, {
    access: STAFF,
    staffPermission: 'notices.manage',
    handler: () => banners.listBanners(deps.db),
  });
  router.route(API_NOTICES.addBanner, {
    access: STAFF,
    staffPermission: 'notices.manage',
    handler: ({ caller, body }) => banners.createBanner(deps, caller, body),
  });
  router.route(API_NOTICES.editBanner, {
    access: STAFF,
    staffPermission: 'notices.manage',
    handler: ({ params, body }) => banners.updateBanner(deps, params.bannerId, body),
  });
  router.route(API_NOTICES.bannerStatus, {
    access: STAFF,
    staffPermission: 'notices.manage',
    handler: ({ params, body }) => banners.setBannerStatus(deps, params.bannerId, body.bannerStatus),
  });
  // staff: release notes
  router.route(API_NOTICES.releaseNotes, {
    access: STAFF,
    staffPermission: 'notices.manage',
    handler: () => notes.listReleaseNotes(deps.db),
  });
  router.route(API_NOTICES.addReleaseNote, {
    access: STAFF,
    staffPermission: 'notices.manage',
    handler: ({ caller, body }) => notes.createReleaseNote(deps, caller, body),
  });
  router.route(API_NOTICES.editReleaseNote, {
    access: STAFF,
    staffPermission: 'notices.manage',
    handler: ({ params, body }) => notes.updateReleaseNote(deps, params.releaseNoteId, body),
  });
  router.route(API_NOTICES.releaseNoteStatus, {
    access: STAFF,
    staffPermission: 'notices.manage',
    handler: ({ params, body }) => notes.setReleaseNoteStatus(deps, params.releaseNoteId, body.noteStatus),
  });
  // seller: banners and release notes
  router.route(API_NOTICES.sellerBanners, {
    access: SELLERS,
    permission: 'self',
    handler: ({ caller }) => banners.sellerBanners(deps, caller),
  });
  router.route(API_NOTICES.dismissBanner, {
    access: SELLERS,
    permission: 'self',
    handler: ({ caller, params }) => banners.dismissBanner(deps, caller, params.bannerId),
  });
  router.route(API_NOTICES.activeReleaseNotes, {
    access: SELLERS,
    permission: 'self',
    handler: ({ caller }) => notes.activeReleaseNotes(deps, caller),
  });
  router.route(API_NOTICES.publishedReleaseNotes, {
    access: SELLERS,
    permission: 'self',
    handler: ({ caller }) => notes.publishedReleaseNotes(deps, caller),
  });
  router.route(API_NOTICES.markReleaseNotesViewed, {
    access: SELLERS,
    permission: 'self',
    handler: ({ caller, body }) => notes.markViewed(deps, caller, body.releaseNoteIds),
  });
  // seller: notifications centre
  router.route(API_NOTICES.unreadCount, {
    access: SELLERS,
    permission: 'self',
    handler: ({ caller }) => centre.unreadCount(deps, caller),
  });
  router.route(API_NOTICES.notifications, {
    access: SELLERS,
    permission: 'self',
    handler: ({ caller, query }) => centre.listNotifications(deps, caller, query),
  });
  router.route(API_NOTICES.readAllNotifications, {
    access: SELLERS,
    permission: 'self',
    handler: ({ caller }) => centre.readAll(deps, caller),
  });
  router.route(API_NOTICES.readNotification, {
    access: SELLERS,
    permission: 'self',
    handler: ({ caller, params }) => centre.readOne(deps, caller, params.notificationId),
  });
}
