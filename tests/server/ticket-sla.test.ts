import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_TICKETS, type TicketCategory, type TicketDetail } from '../../src/domain/tickets-contract';
import type { InputOf } from '../../src/domain/operation';
import { answer, send } from './call';
import { organisations } from '../../server/db/schema';
import type { TestServer } from './harness';
import { demoTokens, login, newSeller, startDemoServer } from './helpers';
import { errorOf } from './harness';

// SLA based support (Premium): a Premium seller's tickets fall due on the tighter hours, from the
// plan as it stands when the ticket is raised, reopened or reprioritised; other plans keep the
// standard hours.

const HOUR = 3_600_000;

describe('ticket service levels by plan', () => {
  let s: TestServer;
  let seller: string;
  let meera: string;
  let support: string;
  beforeAll(async () => {
    s = await startDemoServer();
    ({ seller, meera } = await demoTokens(s));
    support = (await login(s, { email: 'support@dakiya.in', password: 'Staff@123' })).token;
    await s.deps.db
      .update(organisations)
      .set({ subscriptionType: 'PREMIUM' })
      .where(eq(organisations.companyName, 'Meera Crafts'));
    // the plan just below Premium: the edge
    await s.deps.db
      .update(organisations)
      .set({ subscriptionType: 'PRO' })
      .where(eq(organisations.companyName, 'Aarav Traders'));
  });
  afterAll(() => s.close());

  const raise = (token: string, category: TicketCategory) =>
    answer(s, API_TICKETS.raise, {
      token,
      body: { category, subject: 'Parcel stuck at hub', description: 'The parcel has not moved for four days now.' },
    });
  const hoursTo = (t: TicketDetail, due: string) => (Date.parse(due) - Date.parse(t.createdAt)) / HOUR;

  it('Premium: first answer within an hour and resolution in 12 for a shipment; Pro: 2 (24×7 support) and 24', async () => {
    const premium = await raise(meera, 'SHIPMENT');
    expect([hoursTo(premium, premium.firstResponseDue), hoursTo(premium, premium.resolutionDue)]).toEqual([1, 12]);
    expect(premium.supportLine).toBe('ROUND_THE_CLOCK');
    const pro = await raise(seller, 'SHIPMENT');
    expect([hoursTo(pro, pro.firstResponseDue), hoursTo(pro, pro.resolutionDue)]).toEqual([2, 24]);
    expect(pro.supportLine).toBe('ROUND_THE_CLOCK');
  });

  it('a reprioritised Premium ticket takes the Premium hours of its new priority', async () => {
    const t = await raise(meera, 'OTHER');
    expect(hoursTo(t, t.firstResponseDue)).toBe(2);
    const urgent = await answer(s, API_TICKETS.update, {
      params: { ticketId: t.ticketId },
      token: support,
      body: { priority: 'URGENT' },
    });
    expect([hoursTo(urgent, urgent.firstResponseDue), hoursTo(urgent, urgent.resolutionDue)]).toEqual([0.5, 4]);
  });

  it('24×7 support (Pro, Premium) against working hours (Free, Lite): a Lite ticket raised on Saturday evening is due from Monday', async () => {
    // Saturday 21 November 2026, 17:00 IST
    s.clock.advance(Date.parse('2026-11-21T11:30:00.000Z') - s.clock.now.getTime());
    const lite = await newSeller(s, { email: 'lite.hours@sla.test', phone: '9811100001', companyName: 'Lite Hours' });
    const t = await raise(lite.token, 'SHIPMENT');
    expect(t).toMatchObject({ priority: 'HIGH', supportLine: 'WORKING_HOURS' });
    // 4 working hours: Saturday 17:00-19:00, then Monday 9:00-11:00 IST
    expect(t.firstResponseDue).toBe('2026-11-23T05:30:00.000Z');
    // 24 working hours: 2 on Saturday, 10 on Monday, 10 on Tuesday, 2 on Wednesday
    expect(t.resolutionDue).toBe('2026-11-25T05:30:00.000Z');
    const pro = await raise(
      (await login(s, { email: 'seller@demo.dakiya.in', password: 'Seller@123' })).token,
      'SHIPMENT',
    );
    expect(pro.supportLine).toBe('ROUND_THE_CLOCK');
    expect(hoursTo(pro, pro.firstResponseDue)).toBe(2);

    // the staff queue flags the line, filters on it, and puts the 24×7 line first by the first answer due
    const staff = (await login(s, { email: 'support@dakiya.in', password: 'Staff@123' })).token;
    const queue = (query: InputOf<typeof API_TICKETS.staffList>['query']) =>
      answer(s, API_TICKETS.staffList, { query, token: staff });
    const newest = await queue({ status: 'OPEN' });
    expect(newest.items[0].ticketId).toBe(pro.ticketId);
    const due = await queue({ status: 'OPEN', order: 'due' });
    const lines = due.items.map((r) => r.supportLine);
    expect(lines.indexOf('WORKING_HOURS')).toBeGreaterThan(lines.lastIndexOf('ROUND_THE_CLOCK'));
    const dues = due.items
      .filter((r) => r.supportLine === 'ROUND_THE_CLOCK')
      .map((r) => Date.parse(r.firstResponseDue));
    expect(dues).toEqual([...dues].sort((a, b) => a - b));
    const working = await queue({ supportLine: 'WORKING_HOURS' });
    expect(working.items.map((r) => r.ticketId)).toContain(t.ticketId);
    expect(working.items.every((r) => r.supportLine === 'WORKING_HOURS')).toBe(true);
    expect(
      await errorOf(await s.request(`${API_TICKETS.staffList.path}?supportLine=NIGHT`, { token: staff })),
    ).toMatchObject({
      status: 400,
      message: 'Support line must be one of Round the clock, Working hours',
    });
    // a seller never reaches the staff queue
    expect((await send(s, API_TICKETS.staffList, { token: lite.token })).status).toBe(403);

    // upgraded to Pro, a reopened ticket takes the 24×7 line from then on
    await s.deps.db
      .update(organisations)
      .set({ subscriptionType: 'PRO' })
      .where(eq(organisations.companyName, 'Lite Hours'));
    await send(s, API_TICKETS.resolve, {
      params: { ticketId: t.ticketId },
      token: staff,
      body: { resolution: 'The hub released the parcel today.' },
    });
    const reopened = await answer(s, API_TICKETS.reopen, {
      params: { ticketId: t.ticketId },
      token: (await login(s, { email: 'lite.hours@sla.test', password: 'Seller@123' })).token,
      body: { reason: 'The parcel has still not moved from the hub.' },
    });
    expect(reopened.supportLine).toBe('ROUND_THE_CLOCK');
  });
});
