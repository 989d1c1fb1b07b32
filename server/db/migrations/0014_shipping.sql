CREATE TABLE "carriers" (
	"code" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"profile" jsonb NOT NULL,
	"rate_card" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "shipment_scans" (
	"id" serial PRIMARY KEY NOT NULL,
	"shipment_id" integer NOT NULL,
	"awb" text NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"courier_status" text NOT NULL,
	"status" text NOT NULL,
	"location" text DEFAULT '' NOT NULL,
	"remark" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "shipments" (
	"id" serial PRIMARY KEY NOT NULL,
	"org_id" integer NOT NULL,
	"order_id" integer NOT NULL,
	"carrier_code" text NOT NULL,
	"awb" text NOT NULL,
	"state" text DEFAULT 'BOOKED' NOT NULL,
	"idempotency_key" text,
	"zone" text NOT NULL,
	"charged_weight_kg" numeric(8, 2) NOT NULL,
	"freight_paise" bigint NOT NULL,
	"cod_charge_paise" bigint NOT NULL,
	"gst_paise" bigint NOT NULL,
	"total_paise" bigint NOT NULL,
	"rto_charge_paise" bigint NOT NULL,
	"quote_steps" jsonb NOT NULL,
	"routing_code" text DEFAULT '' NOT NULL,
	"short_code" text NOT NULL,
	"expected_delivery_date" date,
	"promised_delivery_date" date,
	"delivered_at" timestamp with time zone,
	"pickup_at" timestamp with time zone,
	"booked_at" timestamp with time zone NOT NULL,
	"cancelled_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "shipping_preferences" (
	"org_id" integer NOT NULL,
	"auto_ship_rule" text DEFAULT 'CHEAPEST' NOT NULL,
	"carrier_priority" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "shipping_preferences_org_id_pk" PRIMARY KEY("org_id")
);
--> statement-breakpoint
CREATE TABLE "sandbox_parcels" (
	"awb" text PRIMARY KEY NOT NULL,
	"carrier_code" text NOT NULL,
	"booked_at" timestamp with time zone NOT NULL,
	"plan" jsonb NOT NULL,
	"reported" integer DEFAULT 0 NOT NULL,
	"cancelled" boolean DEFAULT false NOT NULL,
	"lane" jsonb NOT NULL
);
--> statement-breakpoint
ALTER TABLE "shipment_scans" ADD CONSTRAINT "shipment_scans_shipment_id_shipments_id_fk" FOREIGN KEY ("shipment_id") REFERENCES "public"."shipments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipments" ADD CONSTRAINT "shipments_org_id_organisations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipments" ADD CONSTRAINT "shipments_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipping_preferences" ADD CONSTRAINT "shipping_preferences_org_id_organisations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "shipment_scans_dedupe_uq" ON "shipment_scans" USING btree ("awb","at","courier_status");--> statement-breakpoint
CREATE INDEX "shipment_scans_shipment_idx" ON "shipment_scans" USING btree ("shipment_id","at");--> statement-breakpoint
CREATE UNIQUE INDEX "shipments_awb_uq" ON "shipments" USING btree ("awb");--> statement-breakpoint
CREATE UNIQUE INDEX "shipments_short_code_uq" ON "shipments" USING btree ("short_code");--> statement-breakpoint
CREATE UNIQUE INDEX "shipments_idempotency_uq" ON "shipments" USING btree ("org_id","idempotency_key");--> statement-breakpoint
CREATE UNIQUE INDEX "shipments_order_live_uq" ON "shipments" USING btree ("order_id") WHERE "shipments"."state" = 'BOOKED';--> statement-breakpoint
CREATE INDEX "shipments_org_idx" ON "shipments" USING btree ("org_id","id");