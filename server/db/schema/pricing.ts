import { bigserial, date, index, integer, jsonb, pgTable, timestamp } from 'drizzle-orm/pg-core';
import type { RateCard } from '../../../src/domain/shipping/rates';
import { accounts, organisations } from './accounts';

// A seller's own rate cards, set by staff (docs/decisions/custom-pricing.md): for the couriers a
// card names, it prices instead of the courier's default card on the IST days it is valid. The
// service refuses two cards of one seller sharing a day. A booked shipment keeps the price it was
// booked at (shipments' amounts), so changing a card never reprices one.

export const sellerRateCards = pgTable(
  'seller_rate_cards',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    orgId: integer('org_id')
      .notNull()
      .references(() => organisations.id),
    validFrom: date('valid_from', { mode: 'string' }).notNull(),
    /** null: valid until another card or staff end it */
    validUntil: date('valid_until', { mode: 'string' }),
    /** carrier code → that courier's card for this seller */
    couriers: jsonb('couriers').$type<Record<string, RateCard>>().notNull(),
    createdBy: integer('created_by').references(() => accounts.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('seller_rate_cards_org_idx').on(t.orgId, t.validFrom)],
);
