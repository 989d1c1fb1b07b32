CREATE TABLE "courier_pickup_locations" (
	"id" serial PRIMARY KEY NOT NULL,
	"carrier_code" text NOT NULL,
	"pickup_address_id" integer NOT NULL,
	"registered_name" text NOT NULL,
	"registered_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "pickup_requests" (
	"id" serial PRIMARY KEY NOT NULL,
	"org_id" integer NOT NULL,
	"pickup_address_id" integer NOT NULL,
	"carrier_code" text NOT NULL,
	"pickup_date" date NOT NULL,
	"location_name" text,
	"expected_count" integer DEFAULT 0 NOT NULL,
	"requested_count" integer DEFAULT 0 NOT NULL,
	"state" text DEFAULT 'PENDING' NOT NULL,
	"courier_pickup_id" text,
	"last_error" text,
	"attempts" smallint DEFAULT 0 NOT NULL,
	"requested_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "shipments" ADD COLUMN "pickup_request_id" integer;--> statement-breakpoint
CREATE UNIQUE INDEX "courier_pickup_locations_uq" ON "courier_pickup_locations" USING btree ("carrier_code","pickup_address_id");--> statement-breakpoint
CREATE UNIQUE INDEX "pickup_requests_day_uq" ON "pickup_requests" USING btree ("org_id","pickup_address_id","carrier_code","pickup_date");--> statement-breakpoint
CREATE INDEX "pickup_requests_org_date_idx" ON "pickup_requests" USING btree ("org_id","pickup_date");--> statement-breakpoint
CREATE INDEX "pickup_requests_unsettled_idx" ON "pickup_requests" USING btree ("updated_at") WHERE "pickup_requests"."state" <> 'REQUESTED' or "pickup_requests"."requested_count" <> "pickup_requests"."expected_count";--> statement-breakpoint
CREATE INDEX "shipments_pickup_request_idx" ON "shipments" USING btree ("pickup_request_id");