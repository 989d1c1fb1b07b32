import * as v from 'valibot';
import { PLAN_CODES } from './plans';
import { pagedSchema } from './paged';
import { operation } from './operation';
import { numericId } from './params';
import { pagingEntries } from './paging';
import { BANNER_STATUSES, BANNER_TONES, RELEASE_NOTE_STATUSES } from './notices-rules';
import {
  BannerBody,
  BannerStatusBody,
  MarkViewedBody,
  ReleaseNoteBody,
  ReleaseNoteStatusBody,
} from './schemas/notices';

// What the platform tells sellers: banners at the top of the seller app (staff write them, by plan,
// scheduled; each login dismisses its own), release notes (published once, each login sees a new
// one once and then only on "What's new"), and the notifications centre (rows written where the
// events happen: NDRs, weight discrepancies, COD payouts, KYC decisions, ticket replies).
// Spec section 7: banners and release notes (GET, POST, PUT, POST status, GET active release
// notes, POST mark viewed); account: GET banner. docs/decisions/notices.md.

export * from './notices-rules';

const plan = v.picklist(PLAN_CODES);

export const BannerRowSchema = v.object({
  bannerId: v.number(),
  message: v.string(),
  tone: v.picklist(BANNER_TONES),
  link: v.nullable(v.string()),
  /** ISO instants; the screens show them in IST */
  startsAt: v.nullable(v.string()),
  endsAt: v.nullable(v.string()),
  /** empty: every plan */
  plans: v.array(plan),
  bannerStatus: v.picklist(BANNER_STATUSES),
  dismissedCount: v.number(),
  updatedAt: v.string(),
});
export type BannerRow = v.InferOutput<typeof BannerRowSchema>;

export const SellerBannerSchema = v.object({
  bannerId: v.number(),
  message: v.string(),
  tone: v.picklist(BANNER_TONES),
  link: v.nullable(v.string()),
});
export type SellerBanner = v.InferOutput<typeof SellerBannerSchema>;

export const ReleaseNoteRowSchema = v.object({
  releaseNoteId: v.number(),
  title: v.string(),
  body: v.string(),
  status: v.picklist(RELEASE_NOTE_STATUSES),
  publishedAt: v.nullable(v.string()),
  viewedCount: v.number(),
  updatedAt: v.string(),
});
export type ReleaseNoteRow = v.InferOutput<typeof ReleaseNoteRowSchema>;

export const PublishedNoteSchema = v.object({
  releaseNoteId: v.number(),
  title: v.string(),
  body: v.string(),
  publishedAt: v.string(),
});
export type PublishedNote = v.InferOutput<typeof PublishedNoteSchema>;

export const DismissedSchema = v.object({ dismissed: v.boolean() });
export const ViewedSchema = v.object({ viewed: v.number() });

export const NOTIFICATION_KINDS = [
  'NDR',
  'WEIGHT_DISCREPANCY',
  'COD_PAYOUT',
  'KYC_DECISION',
  'TICKET_REPLY',
  'EWAY_BILL_EXPIRY',
  'DELAY_CREDIT',
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

export const NotificationRowSchema = v.object({
  notificationId: v.number(),
  kind: v.picklist(NOTIFICATION_KINDS),
  title: v.string(),
  body: v.string(),
  /** the seller page it leads to */
  link: v.string(),
  createdAt: v.string(),
  read: v.boolean(),
});
export type NotificationRow = v.InferOutput<typeof NotificationRowSchema>;

export const UnreadCountSchema = v.object({ unread: v.number() });
export type UnreadCount = v.InferOutput<typeof UnreadCountSchema>;

export const NotificationListSchema = v.object({
  ...pagedSchema(NotificationRowSchema).entries,
  unread: v.number(),
});
export type NotificationList = v.InferOutput<typeof NotificationListSchema>;

// The operations: each declared once, served by server/modules/notices/routes.ts, sent by the
// browser with call() and by the server's tests with the same typed call.

const TAG = 'notices';
const STAFF_TAG = 'corporate';
const STAFF = '/api/v1/corporate';
const SELLER = '/api/v1';
const BannerParam = v.object({ bannerId: numericId('bannerId') });
const NoteParam = v.object({ releaseNoteId: numericId('releaseNoteId') });
const NotificationParam = v.object({ notificationId: numericId('notificationId') });
const NO_BANNER = { 404: 'no such banner' } as const;

export const API_NOTICES = {
  // staff: banners
  banners: operation({
    method: 'get',
    path: `${STAFF}/banners`,
    tag: STAFF_TAG,
    summary: 'Every banner, newest first, with how many logins closed it',
    response: v.array(BannerRowSchema),
  }),
  addBanner: operation({
    method: 'post',
    path: `${STAFF}/banners`,
    tag: STAFF_TAG,
    body: BannerBody,
    summary:
      'A banner for the top of the seller app: message, tone, link, start and end, the plans it reaches (active at once)',
    response: BannerRowSchema,
  }),
  editBanner: operation({
    method: 'put',
    path: `${STAFF}/banners/:bannerId`,
    tag: STAFF_TAG,
    params: BannerParam,
    body: BannerBody,
    summary: "Changes a banner's words, dates or plans",
    errors: NO_BANNER,
    response: BannerRowSchema,
  }),
  bannerStatus: operation({
    method: 'post',
    path: `${STAFF}/banners/:bannerId/status`,
    tag: STAFF_TAG,
    params: BannerParam,
    body: BannerStatusBody,
    summary: 'Turns a banner on (ACTIVE) or off (INACTIVE)',
    errors: NO_BANNER,
    response: BannerRowSchema,
  }),
  // staff: release notes
  releaseNotes: operation({
    method: 'get',
    path: `${STAFF}/release-notes`,
    tag: STAFF_TAG,
    summary: 'Every release note, newest first, with how many logins saw it',
    response: v.array(ReleaseNoteRowSchema),
  }),
  addReleaseNote: operation({
    method: 'post',
    path: `${STAFF}/release-notes`,
    tag: STAFF_TAG,
    body: ReleaseNoteBody,
    summary: 'A release note, as a draft',
    response: ReleaseNoteRowSchema,
  }),
  editReleaseNote: operation({
    method: 'put',
    path: `${STAFF}/release-notes/:releaseNoteId`,
    tag: STAFF_TAG,
    params: NoteParam,
    body: ReleaseNoteBody,
    summary: "Changes a release note's title or text",
    errors: { 404: 'no such release note' },
    response: ReleaseNoteRowSchema,
  }),
  releaseNoteStatus: operation({
    method: 'post',
    path: `${STAFF}/release-notes/:releaseNoteId/status`,
    tag: STAFF_TAG,
    params: NoteParam,
    body: ReleaseNoteStatusBody,
    summary: 'Publishes, archives or republishes a release note (a published one never goes back to draft)',
    errors: { 404: 'no such release note', 409: 'a published note cannot go back to draft' },
    response: ReleaseNoteRowSchema,
  }),
  // seller: banners and release notes
  sellerBanners: operation({
    method: 'get',
    path: `${SELLER}/account/banner`,
    tag: TAG,
    summary: 'The banners this login sees now: active, within their dates, for its plan, not closed by it',
    response: v.array(SellerBannerSchema),
  }),
  dismissBanner: operation({
    method: 'post',
    path: `${SELLER}/account/banner/:bannerId/dismiss`,
    tag: TAG,
    params: BannerParam,
    summary: 'Closes a banner for this login, on every device',
    errors: { 404: 'no such banner for this plan' },
    response: DismissedSchema,
  }),
  activeReleaseNotes: operation({
    method: 'get',
    path: `${SELLER}/release-notes/active`,
    tag: TAG,
    summary: 'Published release notes this login has not seen yet, newest first',
    response: v.array(PublishedNoteSchema),
  }),
  publishedReleaseNotes: operation({
    method: 'get',
    path: `${SELLER}/release-notes`,
    tag: TAG,
    summary: "Every published release note, newest first (What's new)",
    response: v.array(PublishedNoteSchema),
  }),
  markReleaseNotesViewed: operation({
    method: 'post',
    path: `${SELLER}/release-notes/viewed`,
    tag: TAG,
    body: MarkViewedBody,
    summary: 'Marks release notes seen by this login: they are not shown to it as new again',
    response: ViewedSchema,
  }),
  // seller: notifications centre
  unreadCount: operation({
    method: 'get',
    path: `${SELLER}/notifications/unread-count`,
    tag: TAG,
    summary: "How many notifications of the kinds this login's role sees are unread by it",
    response: UnreadCountSchema,
  }),
  notifications: operation({
    method: 'get',
    path: `${SELLER}/notifications`,
    tag: TAG,
    query: v.object({ ...pagingEntries }),
    summary: "The organisation's notifications of the kinds this login's role sees, newest first, each read or not",
    response: NotificationListSchema,
  }),
  readAllNotifications: operation({
    method: 'post',
    path: `${SELLER}/notifications/read-all`,
    tag: TAG,
    summary: 'Marks every notification this login sees read',
    response: UnreadCountSchema,
  }),
  readNotification: operation({
    method: 'post',
    path: `${SELLER}/notifications/:notificationId/read`,
    tag: TAG,
    params: NotificationParam,
    summary: 'Marks one notification read for this login',
    errors: { 404: 'no such notification of yours' },
    response: UnreadCountSchema,
  }),
};
