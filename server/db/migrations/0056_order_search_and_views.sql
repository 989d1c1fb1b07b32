-- Saved views of the order list (one login's named filter sets), and the search box as a seller
-- types: order number and AWB by their start, a phone by its last digits, the buyer's name by any
-- part. The name's trigram index needs pg_trgm: where it cannot be installed (a managed database
-- without it) the migration goes on without that one index and the same search runs unindexed.
CREATE TABLE "order_views" (
	"id" serial PRIMARY KEY NOT NULL,
	"org_id" integer NOT NULL,
	"account_id" integer NOT NULL,
	"name" text NOT NULL,
	"filters" jsonb NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "order_views" ADD CONSTRAINT "order_views_org_id_organisations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_views" ADD CONSTRAINT "order_views_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "order_views_account_name_uq" ON "order_views" USING btree ("account_id",lower("name"));--> statement-breakpoint
CREATE INDEX "order_views_org_idx" ON "order_views" USING btree ("org_id");--> statement-breakpoint
CREATE INDEX "orders_org_number_prefix_idx" ON "orders" USING btree ("org_id",lower("order_number") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "orders_org_awb_prefix_idx" ON "orders" USING btree ("org_id",upper("awb") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "orders_org_phone_ending_idx" ON "orders" USING btree ("org_id",reverse("buyer_phone") text_pattern_ops);--> statement-breakpoint
-- a search's count along the list's order without reading the table: a common name part
-- ("sharma") is checked on the index's own copy of the searched columns (drizzle-kit cannot
-- express INCLUDE, hence written here)
CREATE INDEX "orders_org_search_idx" ON "orders" USING btree ("org_id", "order_type", "archived", "created_at", "id")
  INCLUDE ("order_number", "awb", "buyer_phone", "buyer_name");--> statement-breakpoint
DO $$
BEGIN
  CREATE EXTENSION IF NOT EXISTS pg_trgm;
EXCEPTION WHEN OTHERS THEN
  RAISE NOTICE 'pg_trgm is not available (%): buyer-name search runs without its trigram index', SQLERRM;
END $$;--> statement-breakpoint
DO $$
BEGIN
  IF EXISTS (SELECT 1 FROM pg_extension WHERE extname = 'pg_trgm') THEN
    CREATE INDEX IF NOT EXISTS "orders_buyer_name_trgm_idx" ON "orders" USING gin (lower("buyer_name") gin_trgm_ops);
  END IF;
END $$;