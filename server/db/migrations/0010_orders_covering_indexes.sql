-- The list's indexes carry the filter columns, so a filtered count or page is answered from the
-- index alone (an index-only scan) instead of visiting wide order rows. Same keys as the schema
-- declares; drizzle-kit cannot express INCLUDE, hence this migration.
DROP INDEX IF EXISTS "orders_org_list_idx";
--> statement-breakpoint
CREATE INDEX "orders_org_list_idx" ON "orders" USING btree ("org_id", "archived", "created_at", "id")
  INCLUDE ("status", "payment_method", "channel", "fulfilment", "order_date", "carrier_code", "in_transit_status");
--> statement-breakpoint
DROP INDEX IF EXISTS "orders_org_status_idx";
--> statement-breakpoint
CREATE INDEX "orders_org_status_idx" ON "orders" USING btree ("org_id", "status", "created_at", "id")
  INCLUDE ("archived", "payment_method", "channel", "fulfilment", "order_date");
