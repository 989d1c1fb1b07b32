ALTER TABLE "accounts" ADD COLUMN "home_tour_seen_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "shipments_org_booked_idx" ON "shipments" USING btree ("org_id","booked_at");