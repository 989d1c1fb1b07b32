import { sql, type SQL } from 'drizzle-orm';

// The pickup copy a seeded order carries: the seller's own pickup address (its primary first; a
// since-deleted one still counts, as an order keeps the copy it shipped from). A seller with none
// (the Lite demo seller starts without one) ships from its registered office, addressId 0 as the
// courier history seed's warehouse, so every order has a place, a name and a phone to hand over from.
// Migration 0050 repairs existing databases with the same statement.

/** The pickup copy (jsonb) of the seller whose id `orgId` (an SQL expression) names. */
export const sellerPickupCopy = (orgId: SQL): SQL => sql`coalesce(
  (select jsonb_build_object('addressId', p.id, 'entityName', p.entity_name, 'phone', p.phone,
      'line1', p.address_line1, 'line2', coalesce(p.address_line2, ''), 'pincode', p.pincode, 'city', p.city, 'state', p.state)
    from pickup_addresses p where p.org_id = ${orgId}
    order by p.deleted_at is not null, p.is_primary desc, p.id limit 1),
  (select jsonb_build_object('addressId', 0, 'entityName', g.company_name,
      'phone', coalesce((select a.phone from accounts a where a.org_id = g.id order by a.id limit 1), ''),
      'line1', coalesce(nullif(g.address_line1, ''), 'Registered office'), 'line2', '', 'pincode', '560001',
      'city', 'Bengaluru', 'state', 'Karnataka')
    from organisations g where g.id = ${orgId}))`;
