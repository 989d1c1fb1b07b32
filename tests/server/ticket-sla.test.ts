import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_TICKETS, type TicketDetail } from '../../src/domain/tickets-contract';
import { organisations } from '../../server/db/schema';
import { dataOf, type TestServer } from './harness';
import { demoTokens, login, startDemoServer } from './helpers';

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

  const raise = async (token: string, category: string) =>
    dataOf<TicketDetail>(
      await s.request(API_TICKETS.tickets, {
        method: 'POST',
        token,
        json: { category, subject: 'Parcel stuck at hub', description: 'The parcel has not moved for four days now.' },
      }),
    );
  const hoursTo = (t: TicketDetail, due: string) => (Date.parse(due) - Date.parse(t.createdAt)) / HOUR;

  it('Premium: first answer within an hour and resolution in 12 for a shipment; Pro: 4 and 24', async () => {
    const premium = await raise(meera, 'SHIPMENT');
    expect([hoursTo(premium, premium.firstResponseDue), hoursTo(premium, premium.resolutionDue)]).toEqual([1, 12]);
    const pro = await raise(seller, 'SHIPMENT');
    expect([hoursTo(pro, pro.firstResponseDue), hoursTo(pro, pro.resolutionDue)]).toEqual([4, 24]);
  });

  it('a reprioritised Premium ticket takes the Premium hours of its new priority', async () => {
    const t = await raise(meera, 'OTHER');
    expect(hoursTo(t, t.firstResponseDue)).toBe(2);
    const urgent = await dataOf<TicketDetail>(
      await s.request(API_TICKETS.staffTicket(t.ticketId), {
        method: 'PUT',
        token: support,
        json: { priority: 'URGENT' },
      }),
    );
    expect([hoursTo(urgent, urgent.firstResponseDue), hoursTo(urgent, urgent.resolutionDue)]).toEqual([0.5, 4]);
  });
});
