// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { API_NOTICES } from '../../src/domain/notices-contract';
import { pathOf } from '../../src/domain/operation';
import { NotificationsScreen } from '../../src/ui/screens/notices/notifications-screen';
import { HomeScreen } from '../../src/ui/screens/home/home-screen';
import { NOTE, NOTIFICATION, SELLER_BANNER } from '../machines/models/notices.model';
import { fakeHttp, renderScreen } from './helpers';

// The seller frame's banners and new release notes, the bell, and the notifications page.

afterEach(cleanup);

describe('banners, release notes and the bell in the seller frame', () => {
  it('shows the plan’s banner and the new note once; closing each tells the server', async () => {
    const { http, calls } = fakeHttp({
      [`GET ${API_NOTICES.sellerBanners.path}`]: () => ({ data: [SELLER_BANNER] }),
      [`GET ${API_NOTICES.activeReleaseNotes.path}`]: () => ({ data: [NOTE] }),
      [`GET ${API_NOTICES.unreadCount.path}`]: () => ({ data: { unread: 3 } }),
      [`POST ${API_NOTICES.markReleaseNotesViewed.path}`]: () => ({ data: { viewed: 1 } }),
      [`POST ${pathOf(API_NOTICES.dismissBanner, { bannerId: 4 })}`]: () => ({ data: { dismissed: true } }),
    });
    renderScreen(<HomeScreen />, { http, path: '/home' });
    const dialog = await screen.findByRole('dialog', { name: "What's new" });
    expect(within(dialog).getByRole('heading', { name: NOTE.title })).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Got it' }));
    expect(await screen.findByRole('link', { name: 'Notifications, 3 unread' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: `Close banner: ${SELLER_BANNER.message}` }));
    expect(screen.queryByText(SELLER_BANNER.message)).toBeNull();
    const posts = calls.filter((c) => c.method === 'POST').map((c) => [c.path, c.body]);
    expect(posts).toEqual(
      expect.arrayContaining([
        [API_NOTICES.markReleaseNotesViewed.path, { releaseNoteIds: [NOTE.releaseNoteId] }],
        [pathOf(API_NOTICES.dismissBanner, { bannerId: 4 }), undefined],
      ]),
    );
    expect(screen.queryByRole('dialog', { name: "What's new" })).toBeNull();
  });
});

describe('NotificationsScreen', () => {
  it('lists the notifications; opening one marks it read and goes to its page', async () => {
    let unread = 1;
    const { http, calls } = fakeHttp({
      [`GET ${API_NOTICES.notifications.path}`]: () => ({
        data: { items: [{ ...NOTIFICATION, read: unread === 0 }], total: 1, pageNumber: 0, recordsPerPage: 50, unread },
      }),
      [`POST ${pathOf(API_NOTICES.readNotification, { notificationId: 11 })}`]: () => {
        unread = 0;
        return { data: { unread: 0 } };
      },
    });
    renderScreen(<NotificationsScreen />, { http, path: '/notifications' });
    expect(await screen.findByText('1 unread notification')).toBeTruthy();
    // the page reads the newest 50
    expect(calls).toContainEqual({
      method: 'GET',
      path: API_NOTICES.notifications.path,
      body: { recordsPerPage: 50 },
    });
    fireEvent.click(screen.getByRole('link', { name: NOTIFICATION.title }));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/ndr'));
    expect(
      calls.some((c) => c.method === 'POST' && c.path === pathOf(API_NOTICES.readNotification, { notificationId: 11 })),
    ).toBe(true);
  });
});
