import { AUTO_CLOSE_NOTE, closeResolvedTickets } from '../../server/modules/tickets/auto-close';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_TICKETS } from '../../src/domain/tickets-contract';
import { eq } from 'drizzle-orm';
import { accounts } from '../../server/db/schema';
import { API_SHIPPING } from '../../src/domain/shipping-contract';
import { solidPng } from './pdf-reader';
import { API_NOTICES } from '../../src/domain/notices-contract';
import { answer, answerOf, send } from './call';
import { pathOf } from '../../src/domain/operation';
import { errorOf, type TestServer } from './harness';
import {
  creditWallet,
  demoTokens,
  latestMessage,
  MEERA,
  newShippableOrder,
  startDemoServer,
  STAFF,
  verifiedPickup,
} from './helpers';

// The help desk over HTTP: a seller raises a ticket about their own order with attachments
// checked by content, staff answer and resolve it, the seller reopens it within the window; a
// seller never sees another organisation's tickets; concurrent replies all land, once each.

const DAY = 86_400_000;
const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n', 'latin1');

describe('support tickets', () => {
  let s: TestServer;
  let seller: string;
  let meera: string;
  let staff: string;
  let awb: string;
  let orderId: number;
  let orderNumber: string;
  let otherOrderNumber: string;
  let sellerEmail: string;
  let keys = 0;
  const key = () => `reply-key-${++keys}-${Date.now()}`;

  beforeAll(async () => {
    s = await startDemoServer();
    ({ seller, meera, staff } = await demoTokens(s));
    // Meera ships a parcel and raises tickets about it; the other demo seller is the other tenant
    const { pickupId, orgId } = await verifiedPickup(s, meera);
    await creditWallet(s, staff, orgId, 5000, 'Float for ticket tests');
    const o = await newShippableOrder(s, meera, pickupId, { paymentMethod: 'PPD' });
    const { quotes } = await answer(s, API_SHIPPING.courierQuotes, { params: { orderId: o.orderId }, token: meera });
    const info = await answer(s, API_SHIPPING.ship, {
      params: { orderId: o.orderId },
      body: { carrierCode: quotes[0].carrierCode },
      token: meera,
    });
    ({ orderId, orderNumber } = o);
    awb = info.awb;
    [seller, meera] = [meera, seller];
    sellerEmail = MEERA.email;
    const other = await newShippableOrder(s, meera, (await verifiedPickup(s, meera)).pickupId, {
      orderNumber: 'OTHER-TENANT-77',
    });
    otherOrderNumber = other.orderNumber;
  });
  afterAll(() => s.close());

  /** Moves the clock (access tokens expire on the way) and logs everyone in again. */
  async function later(ms: number) {
    s.clock.advance(ms);
    const t = await demoTokens(s);
    [seller, meera, staff] = [t.meera, t.seller, t.staff];
  }

  const upload = (token: string, bytes: Uint8Array, name: string, path: string = API_TICKETS.upload.path) => {
    const form = new FormData();
    form.set('file', new File([new Uint8Array(bytes)], name, { type: 'application/pdf' }));
    return s.request(path, { method: 'POST', body: form, token });
  };
  const raise = (json: unknown, token = seller) => s.request(API_TICKETS.raise.path, { method: 'POST', json, token });
  const sellerReply = (id: number, message: string, requestKey = key(), attachments: string[] = []) =>
    send(s, API_TICKETS.reply, { params: { ticketId: id }, body: { message, requestKey, attachments }, token: seller });
  const staffReply = (id: number, message: string, requestKey = key()) =>
    send(s, API_TICKETS.staffReply, { params: { ticketId: id }, body: { message, requestKey }, token: staff });
  const base = {
    category: 'SHIPMENT',
    subject: 'Parcel stuck in transit',
    description: 'The parcel has not moved for four days at the hub.',
  };

  it('raises a ticket about an AWB with a PDF and an image; staff answer, resolve; the seller reopens it', async () => {
    const pdf = await answerOf(API_TICKETS.upload, await upload(seller, PDF, 'invoice.pdf'));
    expect(pdf).toMatchObject({ contentType: 'application/pdf', name: 'invoice.pdf' });
    const png = await answerOf(API_TICKETS.upload, await upload(seller, solidPng(4, 4, [10, 20, 30]), 'hub.png'));
    expect(png.contentType).toBe('image/png');

    const refs = await answer(s, API_TICKETS.references, { query: { search: awb }, token: seller });
    expect(refs).toEqual([{ orderId, orderNumber, awb }]);

    const t = await answerOf(
      API_TICKETS.raise,
      await raise({ ...base, reference: awb, attachments: [pdf.fileId, png.fileId] }),
    );
    expect(t.ticketNumber).toBe(`DKY-TKT-${String(t.ticketId).padStart(6, '0')}`);
    expect(t).toMatchObject({
      orderId,
      orderNumber,
      awb,
      status: 'OPEN',
      priority: 'HIGH',
      ticketHandledBy: null,
      resolutionTs: null,
      breached: false,
      comments: [],
    });
    expect(t.attachments.map((a) => a.name)).toEqual(['invoice.pdf', 'hub.png']);
    // a Pro seller's line answers 24×7: the first answer within 2 hours whatever the priority
    expect(t.supportLine).toBe('ROUND_THE_CLOCK');
    expect(new Date(t.firstResponseDue).getTime() - new Date(t.createdAt).getTime()).toBe(2 * 3_600_000);
    expect((await latestMessage(s, sellerEmail)).subject).toBe(`${t.ticketNumber}: we have your ticket`);
    const file = await send(s, API_TICKETS.attachment, {
      params: { ticketId: t.ticketId, fileId: pdf.fileId },
      token: seller,
    });
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('application/pdf');

    // staff: the queue filters; the first answer assigns the ticket and waits on the seller
    const queue = await answer(s, API_TICKETS.staffList, {
      query: { status: 'OPEN', priority: 'HIGH', assignee: 'none', searchPattern: t.ticketNumber },
      token: staff,
    });
    expect(queue.items.map((x) => x.ticketId)).toEqual([t.ticketId]);
    expect(queue.items[0].companyName).toBeTruthy();
    expect(queue.counts.OPEN).toBe(1);
    const answered = await answerOf(
      API_TICKETS.staffReply,
      await staffReply(t.ticketId, 'We have asked the hub to move it today.'),
    );
    expect(answered.status).toBe('AWAITING_SELLER');
    expect(answered.ticketHandledBy).not.toBeNull();
    expect(answered.comments.at(-1)).toMatchObject({
      authorKind: 'STAFF',
      body: 'We have asked the hub to move it today.',
    });
    const mail = await latestMessage(s, sellerEmail);
    expect(mail.subject).toBe(`${t.ticketNumber}: Dakiya support replied`);
    expect(mail.body).toContain('We have asked the hub to move it today.');
    const mine = await answer(s, API_TICKETS.staffList, { query: { assignee: 'me' }, token: staff });
    expect(mine.items.map((x) => x.ticketId)).toContain(t.ticketId);

    // the seller answers: back with staff, whose mailbox hears of it
    const back = await answerOf(API_TICKETS.reply, await sellerReply(t.ticketId, 'Thank you, please keep me posted.'));
    expect(back.status).toBe('IN_PROGRESS');
    expect((await latestMessage(s, STAFF.email)).subject).toBe(`${t.ticketNumber}: the seller replied`);

    // priority moves the SLA; a move the status does not allow is refused
    const urgent = await answer(s, API_TICKETS.update, {
      params: { ticketId: t.ticketId },
      body: { priority: 'URGENT' },
      token: staff,
    });
    expect(new Date(urgent.resolutionDue).getTime() - new Date(urgent.createdAt).getTime()).toBe(8 * 3_600_000);
    expect(urgent.comments.at(-1)).toMatchObject({ authorKind: 'SYSTEM', body: 'Priority: Urgent' });
    const bad = await errorOf(
      await send(s, API_TICKETS.update, { params: { ticketId: t.ticketId }, body: { status: 'CLOSED' }, token: staff }),
    );
    expect(bad.status).toBe(409);

    // resolved: the seller may not write, but may reopen within 7 days
    const short = await errorOf(
      await s.request(pathOf(API_TICKETS.resolve, { ticketId: t.ticketId }), {
        method: 'POST',
        json: { resolution: 'ok' },
        token: staff,
      }),
    );
    expect(short).toMatchObject({ status: 400, message: 'Resolution must be 10 to 2000 characters' });
    const resolved = await answer(s, API_TICKETS.resolve, {
      params: { ticketId: t.ticketId },
      body: { resolution: 'The hub moved the parcel; it is out for delivery.' },
      token: staff,
    });
    expect(resolved).toMatchObject({
      status: 'RESOLVED',
      resolution: 'The hub moved the parcel; it is out for delivery.',
    });
    expect(resolved.resolutionTs).toBe(s.clock.now.toISOString());
    // both lists carry the resolution, who handled it and how long it took (spec section 3)
    const minutes = Math.round((Date.parse(resolved.resolutionTs!) - Date.parse(resolved.createdAt)) / 60_000);
    const sellerRow = (await answer(s, API_TICKETS.tickets, { token: seller })).items.find(
      (r) => r.ticketId === t.ticketId,
    );
    const staffRow = (
      await answer(s, API_TICKETS.staffList, { query: { status: 'RESOLVED' }, token: staff })
    ).items.find((r) => r.ticketId === t.ticketId);
    for (const row of [sellerRow, staffRow])
      expect(row).toMatchObject({
        resolution: 'The hub moved the parcel; it is out for delivery.',
        handlerName: resolved.handlerName,
        resolutionMinutes: minutes,
      });
    expect(resolved.handlerName).toBeTruthy();
    expect((await errorOf(await sellerReply(t.ticketId, 'One more thing'))).status).toBe(409);
    await later(6 * DAY);
    const reopened = await answer(s, API_TICKETS.reopen, {
      params: { ticketId: t.ticketId },
      body: { reason: 'It came back to the hub again.' },
      token: seller,
    });
    expect(reopened).toMatchObject({ status: 'OPEN', resolution: null, resolutionTs: null });
    expect(reopened.comments.at(-1)?.body).toBe('Reopened: It came back to the hub again.');

    // resolved again, past the window: no reopening
    await answer(s, API_TICKETS.resolve, {
      params: { ticketId: t.ticketId },
      body: { resolution: 'Delivered to the buyer on the second attempt.' },
      token: staff,
    });
    await later(7 * DAY - 60_000);
    await closeResolvedTickets(s.deps);
    expect((await answer(s, API_TICKETS.ticket, { params: { ticketId: t.ticketId }, token: seller })).status).toBe(
      'RESOLVED',
    );
    await later(2 * 60_000);
    const late = await errorOf(
      await send(s, API_TICKETS.reopen, {
        params: { ticketId: t.ticketId },
        body: { reason: 'Again?' },
        token: seller,
      }),
    );
    expect(late).toMatchObject({
      status: 409,
      message: 'A ticket can be reopened within 7 days of its resolution; raise a new one',
    });
    // the hourly job closes it, once however many processes run it, and says so in the thread
    await Promise.all([closeResolvedTickets(s.deps), closeResolvedTickets(s.deps)]);
    const closed = await answer(s, API_TICKETS.staffTicket, { params: { ticketId: t.ticketId }, token: staff });
    expect(closed.status).toBe('CLOSED');
    expect(closed.comments.filter((c) => c.body === AUTO_CLOSE_NOTE)).toHaveLength(1);
    expect(await closeResolvedTickets(s.deps)).toBe(0);
  });

  it('a seller sees only their own tickets (404 otherwise); staff see all; a seller cannot use staff routes', async () => {
    const t = await answerOf(API_TICKETS.raise, await raise({ ...base, category: 'OTHER', subject: 'Only mine' }));
    expect(t.priority).toBe('LOW');
    for (const res of [
      await send(s, API_TICKETS.ticket, { params: { ticketId: t.ticketId }, token: meera }),
      await send(s, API_TICKETS.reply, {
        params: { ticketId: t.ticketId },
        body: { message: 'Not my ticket', requestKey: key() },
        token: meera,
      }),
      await send(s, API_TICKETS.reopen, {
        params: { ticketId: t.ticketId },
        body: { reason: 'Not mine' },
        token: meera,
      }),
    ])
      expect((await errorOf(res)).status).toBe(404);
    const hers = await answer(s, API_TICKETS.tickets, { token: meera });
    expect(hers.items.map((x) => x.ticketId)).not.toContain(t.ticketId);
    const mine = await answer(s, API_TICKETS.tickets, { token: seller });
    expect(mine.items.map((x) => x.ticketId)).toContain(t.ticketId);
    expect(mine.items[0].companyName).toBeUndefined();
    // a page at a time, with the total, a search by ticket number, and counts that ignore the status tab
    const first = await answer(s, API_TICKETS.tickets, { query: { recordsPerPage: 1, pageNumber: 0 }, token: seller });
    expect(first).toMatchObject({ pageNumber: 0, recordsPerPage: 1, total: mine.total });
    expect(first.items).toHaveLength(1);
    const found = await answer(s, API_TICKETS.tickets, { query: { searchPattern: t.ticketNumber }, token: seller });
    expect(found.items.map((x) => x.ticketId)).toEqual([t.ticketId]);
    const closedTab = await answer(s, API_TICKETS.tickets, { query: { status: 'CLOSED' }, token: seller });
    expect(closedTab.counts).toEqual(mine.counts);
    expect(closedTab.items.every((x) => x.status === 'CLOSED')).toBe(true);
    expect(
      await errorOf(await s.request(`${API_TICKETS.tickets.path}?recordsPerPage=500`, { token: seller })),
    ).toMatchObject({ status: 400 });
    // another seller's order or AWB is not found among one's own
    for (const reference of [otherOrderNumber, 'AWB-NOT-MINE'])
      expect(await errorOf(await raise({ ...base, reference }))).toMatchObject({
        status: 404,
        message: 'Order or AWB: not found among your orders',
      });
    expect((await errorOf(await raise({ ...base, reference: awb }, meera))).status).toBe(404);
    // another seller's attachment cannot be carried, nor read through someone else's ticket
    const hersFile = await answerOf(API_TICKETS.upload, await upload(meera, PDF, 'hers.pdf'));
    expect(await errorOf(await raise({ ...base, attachments: [hersFile.fileId] }))).toMatchObject({
      status: 400,
      message: 'Attachments: a file was not found; attach it again',
    });
    const hersPath = { ticketId: t.ticketId, fileId: hersFile.fileId };
    expect((await send(s, API_TICKETS.attachment, { params: hersPath, token: seller })).status).toBe(404);
    // staff see it; a seller is refused the staff queue
    const staffView = await answer(s, API_TICKETS.staffTicket, { params: { ticketId: t.ticketId }, token: staff });
    expect(staffView.companyName).toBeTruthy();
    expect((await send(s, API_TICKETS.staffList, { token: seller })).status).toBe(403);
    expect((await send(s, API_TICKETS.tickets, { token: staff })).status).toBe(403);
  });

  it('refuses bad input naming the field by its label, and attachments by their content', async () => {
    expect(await errorOf(await raise({ ...base, subject: 'Hi' }))).toMatchObject({
      status: 400,
      message: 'Subject must be 5 to 120 characters',
    });
    expect((await errorOf(await raise({ ...base, category: 'NOPE' }))).message).toMatch(/^Category/);
    expect((await errorOf(await raise({ ...base, description: 'short' }))).message).toBe(
      'Description must be 20 to 4000 characters',
    );
    const fake = await errorOf(await upload(seller, Buffer.from('MZ this is an executable'), 'invoice.pdf'));
    expect(fake).toMatchObject({ status: 415, message: 'Attachments: only PDF, PNG, JPEG or WEBP files are accepted' });
    const big = await errorOf(await upload(seller, Buffer.concat([PDF, Buffer.alloc(2 * 1024 * 1024)]), 'big.pdf'));
    expect(big).toMatchObject({ status: 413, message: 'Attachments: a file must be at most 2 MB' });
    const t = await answerOf(API_TICKETS.raise, await raise(base));
    expect((await errorOf(await sellerReply(t.ticketId, ''))).message).toBe('Message must be 2 to 4000 characters');
  });

  it('concurrent replies all land once each, in order; a repeated request key adds one reply', async () => {
    const t = await answerOf(API_TICKETS.raise, await raise(base));
    const texts = ['First note', 'Second note', 'Third note', 'Fourth note'];
    const answers = await Promise.all([
      ...texts.map((m) => sellerReply(t.ticketId, m)),
      staffReply(t.ticketId, 'Staff note at the same time'),
    ]);
    expect(answers.map((r) => r.status)).toEqual([200, 200, 200, 200, 200]);
    const same = key();
    const twice = await Promise.all([
      sellerReply(t.ticketId, 'Only once', same),
      sellerReply(t.ticketId, 'Only once', same),
    ]);
    expect(twice.map((r) => r.status)).toEqual([200, 200]);
    const after = await answer(s, API_TICKETS.ticket, { params: { ticketId: t.ticketId }, token: seller });
    expect(after.comments.filter((c) => c.authorKind !== 'SYSTEM')).toHaveLength(6);
    expect(after.comments.filter((c) => c.body === 'Only once')).toHaveLength(1);
    expect(after.comments.map((c) => c.commentId)).toEqual(
      [...after.comments.map((c) => c.commentId)].sort((a, b) => a - b),
    );
  });

  it("support's reply rings the seller's bell once, and leads to the ticket", async () => {
    const t = await answerOf(API_TICKETS.raise, await raise(base));
    const unread = () => answer(s, API_NOTICES.unreadCount, { token: seller });
    const before = (await unread()).unread;
    const same = key();
    await Promise.all([
      staffReply(t.ticketId, 'We have asked the courier', same),
      staffReply(t.ticketId, 'We have asked the courier', same),
    ]);
    await sellerReply(t.ticketId, 'Thank you');
    expect((await unread()).unread).toBe(before + 1);
    const list = await answer(s, API_NOTICES.notifications, { token: seller });
    expect(list.items[0]).toMatchObject({
      kind: 'TICKET_REPLY',
      title: `Dakiya support replied on ${t.ticketNumber}`,
      link: `/help/tickets/${t.ticketId}`,
    });
  });

  it('staff keep canned replies and filter breached tickets', async () => {
    const added = await answer(s, API_TICKETS.addCannedReply, {
      body: { title: 'Escalated to courier', message: 'We have escalated this to the courier.' },
      token: staff,
    });
    const list = await answer(s, API_TICKETS.cannedReplies, { token: staff });
    expect(list).toContainEqual(added);
    const removal = { params: { cannedReplyId: added.cannedReplyId }, token: staff };
    await answer(s, API_TICKETS.deleteCannedReply, removal);
    expect((await send(s, API_TICKETS.deleteCannedReply, removal)).status).toBe(404);
    const staffList = await answer(s, API_TICKETS.assignees, { token: staff });
    expect(staffList.map((a) => a.email)).toContain(STAFF.email);

    const t = await answerOf(API_TICKETS.raise, await raise({ ...base, category: 'OTHER' }));
    const breached = { query: { breached: 'true', searchPattern: t.ticketNumber }, token: staff } as const;
    const notYet = await answer(s, API_TICKETS.staffList, breached);
    expect(notYet.items).toHaveLength(0);
    await later(25 * 3_600_000);
    const late = await answer(s, API_TICKETS.staffList, { ...breached, token: staff });
    expect(late.items.map((x) => [x.ticketId, x.breached])).toEqual([[t.ticketId, true]]);
    const patch = (ticketHandledBy: number) =>
      send(s, API_TICKETS.update, { params: { ticketId: t.ticketId }, body: { ticketHandledBy }, token: staff });
    const me = staffList.find((a) => a.email === STAFF.email)!;
    expect((await answerOf(API_TICKETS.update, await patch(me.accountId))).handlerName).toBe(me.name);
    const raiser = await s.deps.db.select({ id: accounts.id }).from(accounts).where(eq(accounts.email, MEERA.email));
    expect(await errorOf(await patch(raiser[0].id))).toMatchObject({
      status: 400,
      message: 'Assignee: not a Dakiya staff account',
    });
  });
});
