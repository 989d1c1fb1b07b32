import { ndrNoAnswerRule } from '../../src/domain/ndr-rules';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_NOTICES, type BannerRow, type ReleaseNoteRow } from '../../src/domain/notices-contract';
import { ndrNotifications, notify } from '../../server/modules/notices/notify';
import { errorOf, type TestServer } from './harness';
import { answer, answerOf, send } from './call';
import { pathOf } from '../../src/domain/operation';
import { completeKyc, login, MEERA, SELLER, STAFF, startDemoServer } from './helpers';
import { invitedUser, ownerOn } from './team-helpers';

// Banners (by plan, scheduled, closed per login), release notes (new ones seen once) and the
// notifications centre (rows written with their events, per organisation, by the login's role).

const HOUR = 3_600_000;

describe('banners, release notes and notifications', () => {
  let s: TestServer;
  // sessions are short and the clock moves: log in afresh at each step
  const staff = async () => (await login(s, STAFF)).token;
  const meera = async () => (await login(s, MEERA)).token;
  const lite = async () => (await login(s, SELLER)).token;
  beforeAll(async () => {
    s = await startDemoServer();
  });
  afterAll(() => s.close());

  const post = async (path: string, json: unknown, token: string) => s.request(path, { method: 'POST', json, token });
  const bannersOf = async (token: string) => answer(s, API_NOTICES.sellerBanners, { token });
  /** "yyyy-MM-ddTHH:mm" in India of the test clock plus some hours */
  const istIn = (hours: number) =>
    new Date(s.clock.now.getTime() + hours * HOUR + 330 * 60_000).toISOString().slice(0, 16);

  describe('banners', () => {
    let pro: BannerRow;
    it('names each field by its label; sellers may not write banners', async () => {
      const token = await staff();
      const cases: [unknown, string][] = [
        [{ bannerTone: 'info' }, 'Message is required'],
        [{ bannerMessage: 'Hi', bannerTone: 'info' }, 'Message must be 5 to 300 characters'],
        [{ bannerMessage: 'Diwali rates', bannerTone: 'loud' }, 'Tone must be information, warning or critical'],
        [
          { bannerMessage: 'Diwali rates', bannerTone: 'info', bannerLink: 'javascript:x' },
          'Link must be a page such as /wallet or an https:// address',
        ],
        [
          { bannerMessage: 'Diwali rates', bannerTone: 'info', startsAt: '2026-13-40T10:00' },
          'Starts must be a date and time (dd MMM yyyy, hh:mm)',
        ],
        [
          { bannerMessage: 'Diwali rates', bannerTone: 'info', startsAt: istIn(2), endsAt: istIn(1) },
          'Ends must be after Starts',
        ],
        [
          { bannerMessage: 'Diwali rates', bannerTone: 'info', targetPlans: ['GOLD'] },
          'Plans must be Free, Lite, Pro or Premium',
        ],
      ];
      for (const [json, message] of cases)
        expect(await errorOf(await post(API_NOTICES.addBanner.path, json, token))).toMatchObject({
          status: 400,
          message,
        });
      const seller = await meera();
      expect(
        (await post(API_NOTICES.addBanner.path, { bannerMessage: 'Diwali rates', bannerTone: 'info' }, seller)).status,
      ).toBe(403);
      expect((await s.request(API_NOTICES.banners.path, { token: seller })).status).toBe(403);
      expect((await s.request(API_NOTICES.sellerBanners.path, { token })).status).toBe(403);
    });

    it('a Pro banner shows to the Pro seller only, within its dates, until she closes it', async () => {
      const token = await staff();
      pro = await answerOf(
        API_NOTICES.addBanner,
        await post(
          API_NOTICES.addBanner.path,
          {
            bannerMessage: 'Pro sellers: early COD is now D+2',
            bannerTone: 'warning',
            bannerLink: '/wallet/cod-remittance',
            startsAt: istIn(1),
            endsAt: istIn(48),
            targetPlans: ['PRO'],
          },
          token,
        ),
      );
      expect(pro).toMatchObject({ bannerStatus: 'ACTIVE', plans: ['PRO'], tone: 'warning', dismissedCount: 0 });
      // not yet
      expect(await bannersOf(await meera())).toEqual([]);
      s.clock.advance(2 * HOUR);
      expect((await bannersOf(await meera())).map((b) => b.bannerId)).toEqual([pro.bannerId]);
      expect(await bannersOf(await lite())).toEqual([]);
      // a Lite seller cannot close what she is not shown
      expect(
        (await send(s, API_NOTICES.dismissBanner, { params: { bannerId: pro.bannerId }, token: await lite() })).status,
      ).toBe(404);
      const m = await meera();
      const twice = await Promise.all([
        send(s, API_NOTICES.dismissBanner, { params: { bannerId: pro.bannerId }, token: m }),
        send(s, API_NOTICES.dismissBanner, { params: { bannerId: pro.bannerId }, token: m }),
      ]);
      expect(twice.map((r) => r.status)).toEqual([200, 200]);
      expect(await bannersOf(await meera())).toEqual([]);
      const [row] = await answer(s, API_NOTICES.banners, { token: await staff() });
      expect(row).toMatchObject({ bannerId: pro.bannerId, dismissedCount: 1 });
    });

    it('an edited, all-plans banner reaches every plan; switched off, it is gone; ended, too', async () => {
      let token = await staff();
      const all = await answerOf(
        API_NOTICES.addBanner,
        await post(
          API_NOTICES.addBanner.path,
          { bannerMessage: 'Courier holiday on 25 Dec', bannerTone: 'info' },
          token,
        ),
      );
      expect((await bannersOf(await lite())).map((b) => b.message)).toEqual(['Courier holiday on 25 Dec']);
      const edited = await answer(s, API_NOTICES.editBanner, {
        params: { bannerId: all.bannerId },
        body: { bannerMessage: 'Courier holiday on 26 Dec', bannerTone: 'critical', endsAt: istIn(1) },
        token,
      });
      expect(edited).toMatchObject({ message: 'Courier holiday on 26 Dec', tone: 'critical', plans: [] });
      expect((await bannersOf(await lite()))[0]).toMatchObject({ tone: 'critical' });
      s.clock.advance(2 * HOUR);
      expect(await bannersOf(await lite())).toEqual([]);
      token = await staff();
      await answer(s, API_NOTICES.editBanner, {
        params: { bannerId: all.bannerId },
        body: { bannerMessage: 'Courier holiday on 26 Dec', bannerTone: 'critical' },
        token,
      });
      expect(await bannersOf(await lite())).toHaveLength(1);
      const off = await answerOf(
        API_NOTICES.bannerStatus,
        await post(pathOf(API_NOTICES.bannerStatus, { bannerId: all.bannerId }), { bannerStatus: 'INACTIVE' }, token),
      );
      expect(off.bannerStatus).toBe('INACTIVE');
      expect(await bannersOf(await lite())).toEqual([]);
      expect(
        await errorOf(
          await post(pathOf(API_NOTICES.bannerStatus, { bannerId: all.bannerId }), { bannerStatus: 'GONE' }, token),
        ),
      ).toMatchObject({
        status: 400,
        message: 'Status must be one of Active, Inactive',
      });
      expect(
        (await post(pathOf(API_NOTICES.bannerStatus, { bannerId: 999_999 }), { bannerStatus: 'ACTIVE' }, token)).status,
      ).toBe(404);
    });
  });

  describe('release notes', () => {
    let note: ReleaseNoteRow;
    const active = async (token: string) => answer(s, API_NOTICES.activeReleaseNotes, { token });

    it('a draft is no one’s news; fields are named by their labels', async () => {
      const token = await staff();
      expect(await errorOf(await post(API_NOTICES.addReleaseNote.path, { noteTitle: 'Hi' }, token))).toMatchObject({
        status: 400,
        message: 'Title must be 3 to 120 characters',
      });
      expect(
        await errorOf(await post(API_NOTICES.addReleaseNote.path, { noteTitle: 'Bulk NDR', noteBody: 'short' }, token)),
      ).toMatchObject({
        status: 400,
        message: 'Text must be 10 to 5000 characters',
      });
      expect(
        (
          await post(
            API_NOTICES.addReleaseNote.path,
            { noteTitle: 'Bulk NDR', noteBody: 'Act on many NDRs at once.' },
            await meera(),
          )
        ).status,
      ).toBe(403);
      note = await answerOf(
        API_NOTICES.addReleaseNote,
        await post(
          API_NOTICES.addReleaseNote.path,
          { noteTitle: 'Bulk NDR', noteBody: 'Act on many NDRs at once.' },
          token,
        ),
      );
      expect(note).toMatchObject({ status: 'DRAFT', publishedAt: null });
      expect(await active(await meera())).toEqual([]);
      note = await answer(s, API_NOTICES.editReleaseNote, {
        params: { releaseNoteId: note.releaseNoteId },
        body: { noteTitle: 'Bulk NDR actions', noteBody: 'Select many NDRs and re-attempt them at once.' },
        token,
      });
      expect(note.title).toBe('Bulk NDR actions');
    });

    it('published, each login sees it once; What’s new keeps it; it never goes back to draft', async () => {
      const token = await staff();
      note = await answerOf(
        API_NOTICES.releaseNoteStatus,
        await post(
          pathOf(API_NOTICES.releaseNoteStatus, { releaseNoteId: note.releaseNoteId }),
          { noteStatus: 'PUBLISHED' },
          token,
        ),
      );
      expect(note.publishedAt).toBe(s.clock.now.toISOString());
      const m = await meera();
      expect((await active(m)).map((n) => n.title)).toEqual(['Bulk NDR actions']);
      expect(
        await errorOf(await post(API_NOTICES.markReleaseNotesViewed.path, { releaseNoteIds: [] }, m)),
      ).toMatchObject({
        status: 400,
        message: 'Release notes must name at least one note',
      });
      const both = await Promise.all([
        post(API_NOTICES.markReleaseNotesViewed.path, { releaseNoteIds: [note.releaseNoteId] }, m),
        post(API_NOTICES.markReleaseNotesViewed.path, { releaseNoteIds: [note.releaseNoteId] }, m),
      ]);
      const viewed = await Promise.all(both.map((r) => answerOf(API_NOTICES.markReleaseNotesViewed, r)));
      expect(viewed.map((v) => v.viewed).sort()).toEqual([0, 1]);
      expect(await active(await meera())).toEqual([]);
      // another login has its own
      expect(await active(await lite())).toHaveLength(1);
      expect(
        (await answer(s, API_NOTICES.publishedReleaseNotes, { token: await meera() })).map((n) => n.title),
      ).toEqual(['Bulk NDR actions']);
      expect(
        await errorOf(
          await post(
            pathOf(API_NOTICES.releaseNoteStatus, { releaseNoteId: note.releaseNoteId }),
            { noteStatus: 'DRAFT' },
            token,
          ),
        ),
      ).toMatchObject({ status: 409 });
      await answerOf(
        API_NOTICES.releaseNoteStatus,
        await post(
          pathOf(API_NOTICES.releaseNoteStatus, { releaseNoteId: note.releaseNoteId }),
          { noteStatus: 'ARCHIVED' },
          token,
        ),
      );
      expect(await active(await lite())).toEqual([]);
      const [row] = await answer(s, API_NOTICES.releaseNotes, { token });
      expect(row).toMatchObject({ status: 'ARCHIVED', viewedCount: 1 });
      expect(
        (
          await post(
            pathOf(API_NOTICES.releaseNoteStatus, { releaseNoteId: 999_999 }),
            { noteStatus: 'PUBLISHED' },
            token,
          )
        ).status,
      ).toBe(404);
    });
  });

  describe('notifications', () => {
    it('a KYC decision and an NDR reach the owner; a User sees only NDRs; another seller none; read once', async () => {
      const owner = await ownerOn(s, 'PRO');
      await completeKyc(s, owner.token, await staff());
      const member = await invitedUser(s, owner.token, 'ndr.desk@team.test', { role: 'USER' });
      const ndr = ndrNotifications(
        [{ id: 900_001, orgId: owner.orgId, awb: 'SBX123', attempt: 1, deadlineAt: s.clock.now }],
        new Map([[owner.orgId, 'RTO' as const]]),
      );
      // the no-answer rule is the seller's own setting, in the page's words
      expect(ndr[0].body).toContain(ndrNoAnswerRule('RTO', 'SELLER'));
      const unset = ndrNotifications([{ id: 1, orgId: 7, awb: 'X', attempt: 1, deadlineAt: s.clock.now }], new Map());
      expect(unset[0].body).toContain(ndrNoAnswerRule('REATTEMPT', 'SELLER'));
      // the same event twice (a repeated scan, a concurrent writer) is one notification
      await Promise.all([notify(s.deps.db, ndr, s.clock.now), notify(s.deps.db, ndr, s.clock.now)]);
      const ownerToken = (await login(s, { email: owner.email, password: 'Seller@123' })).token;
      const list = await answer(s, API_NOTICES.notifications, { token: ownerToken });
      expect(list.items.map((n) => [n.kind, n.link, n.read])).toEqual([
        ['NDR', '/ndr', false],
        ['KYC_DECISION', '/kyc', false],
      ]);
      expect(list).toMatchObject({ total: 2, unread: 2 });
      const memberList = await answer(s, API_NOTICES.notifications, { token: member.token });
      expect(memberList.items.map((n) => n.kind)).toEqual(['NDR']);
      const kyc = list.items[1]!;
      // the member may not read the KYC one, nor Meera anything of theirs
      expect(
        (
          await send(s, API_NOTICES.readNotification, {
            params: { notificationId: kyc.notificationId },
            token: member.token,
          })
        ).status,
      ).toBe(404);
      expect(
        (
          await send(s, API_NOTICES.readNotification, {
            params: { notificationId: kyc.notificationId },
            token: await meera(),
          })
        ).status,
      ).toBe(404);
      expect(await answer(s, API_NOTICES.notifications, { token: await meera() })).toMatchObject({ total: 0 });
      expect(
        await answer(s, API_NOTICES.readNotification, {
          params: { notificationId: kyc.notificationId },
          token: ownerToken,
        }),
      ).toEqual({ unread: 1 });
      // each login reads for itself
      expect(await answer(s, API_NOTICES.unreadCount, { token: member.token })).toEqual({
        unread: 1,
      });
      expect(await answer(s, API_NOTICES.readAllNotifications, { token: ownerToken })).toEqual({ unread: 0 });
      expect(await answer(s, API_NOTICES.unreadCount, { token: member.token })).toEqual({
        unread: 1,
      });
      expect((await s.request(API_NOTICES.unreadCount.path, { token: await staff() })).status).toBe(403);
      expect(
        await errorOf(await s.request(`${API_NOTICES.notifications.path}?recordsPerPage=0`, { token: ownerToken })),
      ).toMatchObject({ status: 400 });
    });
  });
});
