import {
  API_NOTICES,
  type BannerRow,
  type NotificationList,
  type PublishedNote,
  type ReleaseNoteRow,
  type SellerBanner,
  type UnreadCount,
} from '../domain/notices-contract';
import type { NoticeSaveRequest, NoticeStatusRequest } from '../machines/notice-editor.machine';
import type { NotificationSnapshot, ReadRequest } from '../machines/notification-centre.machine';
import type { SellerNotices } from '../machines/seller-notices.machine';
import { dataOf } from './answer';
import type { Http } from './types';

// Banners, release notes and the notifications centre (src/domain/notices-contract.ts).

// staff
export const fetchBanners = (http: Http): Promise<BannerRow[]> => dataOf(http.get(API_NOTICES.banners));
export const fetchReleaseNotes = (http: Http): Promise<ReleaseNoteRow[]> => dataOf(http.get(API_NOTICES.releaseNotes));

export function saveNotice(http: Http, r: NoticeSaveRequest): Promise<unknown> {
  if (r.kind === 'BANNER')
    return dataOf(r.id === null ? http.post(API_NOTICES.banners, r.body) : http.put(API_NOTICES.banner(r.id), r.body));
  return dataOf(
    r.id === null ? http.post(API_NOTICES.releaseNotes, r.body) : http.put(API_NOTICES.releaseNote(r.id), r.body),
  );
}

export function setNoticeStatus(http: Http, r: NoticeStatusRequest): Promise<unknown> {
  if (r.kind === 'BANNER') return dataOf(http.post(API_NOTICES.bannerStatus(r.id), { bannerStatus: r.status }));
  return dataOf(http.post(API_NOTICES.releaseNoteStatus(r.id), { noteStatus: r.status }));
}

// seller
export async function fetchSellerNotices(http: Http): Promise<SellerNotices> {
  const [banners, notes] = await Promise.all([
    dataOf<SellerBanner[]>(http.get(API_NOTICES.sellerBanners)),
    dataOf<PublishedNote[]>(http.get(API_NOTICES.activeReleaseNotes)),
  ]);
  return { banners, notes };
}
export const dismissBanner = (http: Http, bannerId: number): Promise<unknown> =>
  dataOf(http.post(API_NOTICES.dismissBanner(bannerId)));
export const markReleaseNotesViewed = (http: Http, releaseNoteIds: number[]): Promise<unknown> =>
  dataOf(http.post(API_NOTICES.markReleaseNotesViewed, { releaseNoteIds }));
export const fetchPublishedNotes = (http: Http): Promise<PublishedNote[]> =>
  dataOf(http.get(API_NOTICES.publishedReleaseNotes));

export async function fetchNotifications(http: Http, withList: boolean): Promise<NotificationSnapshot> {
  if (!withList) return dataOf<UnreadCount>(http.get(API_NOTICES.unreadCount));
  const list = await dataOf<NotificationList>(http.get(`${API_NOTICES.notifications}?recordsPerPage=50`));
  return { unread: list.unread, items: list.items };
}
export function readNotifications(http: Http, r: ReadRequest): Promise<unknown> {
  if ('all' in r) return dataOf(http.post(API_NOTICES.readAllNotifications));
  return dataOf(http.post(API_NOTICES.readNotification(r.notificationId)));
}
