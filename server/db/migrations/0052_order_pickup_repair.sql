-- Orders the demo's delivered-COD seed wrote with an empty pickup ('{}') get the seller's pickup
-- address copied in (its primary first, a deleted one still counts), or its registered office
-- when it has none: the same copy server/seeds/seller-pickup-copy.ts writes for new seeded orders.
UPDATE "orders" o SET "pickup" = coalesce(
  (select jsonb_build_object('addressId', p.id, 'entityName', p.entity_name, 'phone', p.phone,
      'line1', p.address_line1, 'line2', coalesce(p.address_line2, ''), 'pincode', p.pincode, 'city', p.city, 'state', p.state)
    from "pickup_addresses" p where p.org_id = o.org_id
    order by p.deleted_at is not null, p.is_primary desc, p.id limit 1),
  (select jsonb_build_object('addressId', 0, 'entityName', g.company_name,
      'phone', coalesce((select a.phone from "accounts" a where a.org_id = g.id order by a.id limit 1), ''),
      'line1', coalesce(nullif(g.address_line1, ''), 'Registered office'), 'line2', '', 'pincode', '560001',
      'city', 'Bengaluru', 'state', 'Karnataka')
    from "organisations" g where g.id = o.org_id))
WHERE NOT (o."pickup" ? 'pincode' AND o."pickup" ? 'phone' AND o."pickup" ? 'entityName');
