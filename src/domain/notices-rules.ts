// Banners' and release notes' tones, statuses, limits and refusals: read by the notices contract,
// the request schemas (src/domain/schemas/notices.ts) and the screens.

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
