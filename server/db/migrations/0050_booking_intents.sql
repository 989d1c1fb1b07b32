CREATE TABLE "courier_bookings" (
	"id" serial PRIMARY KEY NOT NULL,
	"org_id" integer NOT NULL,
	"order_id" integer NOT NULL,
	"kind" text NOT NULL,
	"package_id" integer,
	"account_id" integer,
	"carrier_code" text NOT NULL,
	"client_ref" text NOT NULL,
	"idempotency_key" text,
	"quote" jsonb,
	"slot" jsonb,
	"state" text DEFAULT 'CALLING' NOT NULL,
	"awb" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"settled_at" timestamp with time zone,
	CONSTRAINT "courier_bookings_client_ref_unique" UNIQUE("client_ref")
);
--> statement-breakpoint
ALTER TABLE "booking_claims" ADD COLUMN "alive_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "sandbox_parcels" ADD COLUMN "client_ref" text;--> statement-breakpoint
ALTER TABLE "sandbox_parcels" ADD COLUMN "routing_code" text;--> statement-breakpoint
ALTER TABLE "sandbox_parcels" ADD COLUMN "pickup_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "sandbox_parcels" ADD COLUMN "rider_name" text;--> statement-breakpoint
CREATE INDEX "courier_bookings_calling_idx" ON "courier_bookings" USING btree ("order_id") WHERE "courier_bookings"."state" = 'CALLING';--> statement-breakpoint
ALTER TABLE "sandbox_parcels" ADD CONSTRAINT "sandbox_parcels_client_ref_unique" UNIQUE("client_ref");