import * as v from 'valibot';
import { PLAN_CODES } from './plans';
import { pagedSchema } from './paging';

// What the platform tells sellers: banners at the top of the seller app (staff write them, by plan,
// scheduled; each login dismisses its own), release notes (published once, each login sees a new
// one once and then only on "What's new"), and the notifications centre (rows written where the
// events happen: NDRs, weight discrepancies, COD payouts, KYC decisions, ticket replies).
// Spec section 7: banners and release notes (GET, POST, PUT, POST status, GET active release
// notes, POST mark viewed); account: GET banner. docs/decisions/notices.md.

const STAFF = '/api/v1/corporate';
const SELLER = '/api/v1';

export const API_NOTICES = {
  // staff
  banners: `${STAFF}/banners`, // GET → BannerRow[]; POST BannerBody → BannerRow
  banner: (id: number | string) => `${STAFF}/banners/${id}`, // PUT BannerBody → BannerRow
  bannerStatus: (id: number | string) => `${STAFF}/banners/${id}/status`, // POST BannerStatusBody → BannerRow
  releaseNotes: `${STAFF}/release-notes`, // GET → ReleaseNoteRow[]; POST ReleaseNoteBody → ReleaseNoteRow
  releaseNote: (id: number | string) => `${STAFF}/release-notes/${id}`, // PUT ReleaseNoteBody → ReleaseNoteRow
  releaseNoteStatus: (id: number | string) => `${STAFF}/release-notes/${id}/status`, // POST ReleaseNoteStatusBody
  // seller
  sellerBanners: `${SELLER}/account/banner`, // GET → SellerBanner[] (active now, for the plan, not dismissed)
  dismissBanner: (id: number | string) => `${SELLER}/account/banner/${id}/dismiss`, // POST → { dismissed }
  activeReleaseNotes: `${SELLER}/release-notes/active`, // GET → PublishedNote[] (not yet viewed)
  publishedReleaseNotes: `${SELLER}/release-notes`, // GET → PublishedNote[] (What's new)
  markReleaseNotesViewed: `${SELLER}/release-notes/viewed`, // POST MarkViewedBody → { viewed }
  notifications: `${SELLER}/notifications`, // GET paged → NotificationList
  unreadCount: `${SELLER}/notifications/unread-count`, // GET → UnreadCount
  readNotification: (id: number | string) => `${SELLER}/notifications/${id}/read`, // POST → UnreadCount
  readAllNotifications: `${SELLER}/notifications/read-all`, // POST → UnreadCount
} as const;

export const BANNER_TONES = ['info', 'warning', 'critical'] as const;
export type BannerTone = (typeof BANNER_TONES)[number];
export const BANNER_TONE_LABELS: Record<BannerTone, string> = {
  info: 'Information',
  warning: 'Warning',
  critical: 'Critical',
};
export const BANNER_STATUSES = ['ACTIVE', 'INACTIVE'] as const;
export type BannerStatus = (typeof BANNER_STATUSES)[number];
export const RELEASE_NOTE_STATUSES = ['DRAFT', 'PUBLISHED', 'ARCHIVED'] as const;
export type ReleaseNoteStatus = (typeof RELEASE_NOTE_STATUSES)[number];

export const NOTICE_RULES = {
  messageMin: 5,
  messageMax: 300,
  linkMax: 500,
  titleMin: 3,
  titleMax: 120,
  bodyMin: 10,
  bodyMax: 5000,
} as const;

export const NOTICES_TEXT = {
  bannerNotFound: 'Banner not found',
  noteNotFound: 'Release note not found',
  notificationNotFound: 'Notification not found',
  endsBeforeStart: 'Ends must be after Starts',
} as const;

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

export const NOTIFICATION_KINDS = ['NDR', 'WEIGHT_DISCREPANCY', 'COD_PAYOUT', 'KYC_DECISION', 'TICKET_REPLY'] as const;
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
