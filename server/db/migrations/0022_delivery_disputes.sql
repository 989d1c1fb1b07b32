CREATE TABLE "delivery_disputes" (
	"id" serial PRIMARY KEY NOT NULL,
	"org_id" integer NOT NULL,
	"shipment_id" integer NOT NULL,
	"order_id" integer NOT NULL,
	"awb" text NOT NULL,
	"carrier_code" text NOT NULL,
	"delivery_status" text NOT NULL,
	"delivered_at" timestamp with time zone NOT NULL,
	"category" text NOT NULL,
	"description" text NOT NULL,
	"evidence" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"status" text DEFAULT 'OPEN' NOT NULL,
	"max_credit_paise" bigint NOT NULL,
	"raised_by" integer NOT NULL,
	"raised_at" timestamp with time zone NOT NULL,
	"courier_claim_ref" text,
	"sent_to_courier_at" timestamp with time zone,
	"sent_by" integer,
	"credited_paise" bigint,
	"entry_id" integer,
	"staff_note" text,
	"resolved_by" integer,
	"resolved_at" timestamp with time zone,
	CONSTRAINT "delivery_disputes_status_ck" CHECK ("delivery_disputes"."status" in ('OPEN', 'WITH_COURIER', 'ACCEPTED', 'REJECTED'))
);
--> statement-breakpoint
ALTER TABLE "delivery_disputes" ADD CONSTRAINT "delivery_disputes_org_id_organisations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "delivery_disputes" ADD CONSTRAINT "delivery_disputes_shipment_id_shipments_id_fk" FOREIGN KEY ("shipment_id") REFERENCES "public"."shipments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "delivery_disputes" ADD CONSTRAINT "delivery_disputes_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "delivery_disputes_one_open_uq" ON "delivery_disputes" USING btree ("shipment_id") WHERE "delivery_disputes"."status" in ('OPEN', 'WITH_COURIER');--> statement-breakpoint
CREATE INDEX "delivery_disputes_org_idx" ON "delivery_disputes" USING btree ("org_id","id");--> statement-breakpoint
CREATE INDEX "delivery_disputes_status_idx" ON "delivery_disputes" USING btree ("status","id");--> statement-breakpoint
CREATE TABLE "sandbox_courier_claims" (
	"reference" text PRIMARY KEY NOT NULL,
	"awb" text NOT NULL,
	"carrier_code" text NOT NULL,
	"claim_ref" text NOT NULL,
	"category" text NOT NULL,
	"description" text NOT NULL,
	"evidence_urls" jsonb NOT NULL,
	"filed_at" timestamp with time zone NOT NULL
);
