CREATE TABLE "order_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"kind" text NOT NULL,
	"from_status" text,
	"to_status" text,
	"note" text DEFAULT '' NOT NULL,
	"account_id" integer,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "order_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"product_id" integer,
	"name" text NOT NULL,
	"sku" text NOT NULL,
	"quantity" integer NOT NULL,
	"unit_price_paise" bigint NOT NULL,
	"tax_rate_percent" numeric(5, 2) NOT NULL,
	"hsn_code" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "orders" (
	"id" serial PRIMARY KEY NOT NULL,
	"org_id" integer NOT NULL,
	"order_number" text NOT NULL,
	"order_type" text DEFAULT 'FORWARD' NOT NULL,
	"status" text DEFAULT 'RTS' NOT NULL,
	"archived" boolean DEFAULT false NOT NULL,
	"channel" text DEFAULT 'DAKIYA' NOT NULL,
	"payment_method" text NOT NULL,
	"fulfilment" text DEFAULT 'SELF' NOT NULL,
	"order_date" date NOT NULL,
	"buyer_name" text NOT NULL,
	"buyer_phone" text NOT NULL,
	"buyer_email" text DEFAULT '' NOT NULL,
	"shipping" jsonb NOT NULL,
	"billing" jsonb NOT NULL,
	"subtotal_paise" bigint NOT NULL,
	"discount_paise" bigint DEFAULT 0 NOT NULL,
	"shipping_charges_paise" bigint DEFAULT 0 NOT NULL,
	"total_paise" bigint NOT NULL,
	"cod_amount_paise" bigint DEFAULT 0 NOT NULL,
	"package_type_id" integer,
	"length_cm" numeric(7, 2) NOT NULL,
	"breadth_cm" numeric(7, 2) NOT NULL,
	"height_cm" numeric(7, 2) NOT NULL,
	"dead_weight_kg" numeric(7, 2) NOT NULL,
	"pickup" jsonb NOT NULL,
	"awb" text,
	"carrier_code" text,
	"shipment_booked_at" timestamp with time zone,
	"in_transit_status" text,
	"rto_at" timestamp with time zone,
	"escalated_at" timestamp with time zone,
	"escalation_reason" text,
	"cloned_from_id" integer,
	"upload_batch_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "organisations" ADD COLUMN "order_seq" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "order_events" ADD CONSTRAINT "order_events_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_org_id_organisations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_events_order_idx" ON "order_events" USING btree ("order_id","id");--> statement-breakpoint
CREATE INDEX "order_items_order_idx" ON "order_items" USING btree ("order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "orders_org_number_uq" ON "orders" USING btree ("org_id",lower("order_number"));--> statement-breakpoint
CREATE INDEX "orders_org_list_idx" ON "orders" USING btree ("org_id","archived","created_at","id");--> statement-breakpoint
CREATE INDEX "orders_org_status_idx" ON "orders" USING btree ("org_id","status","created_at","id");--> statement-breakpoint
CREATE INDEX "orders_org_phone_idx" ON "orders" USING btree ("org_id","buyer_phone");--> statement-breakpoint
CREATE INDEX "orders_org_name_idx" ON "orders" USING btree ("org_id",lower("buyer_name") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "orders_org_total_idx" ON "orders" USING btree ("org_id","total_paise","id");--> statement-breakpoint
CREATE INDEX "orders_org_rto_idx" ON "orders" USING btree ("org_id","rto_at");--> statement-breakpoint
CREATE INDEX "orders_org_awb_idx" ON "orders" USING btree ("org_id","awb");--> statement-breakpoint
CREATE INDEX "orders_org_order_date_idx" ON "orders" USING btree ("org_id","order_date");--> statement-breakpoint
CREATE INDEX "orders_org_booked_idx" ON "orders" USING btree ("org_id","shipment_booked_at");