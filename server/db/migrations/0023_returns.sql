-- Returns and reverse pickups. A return is an order of type RETURN (its own number RET-…, the
-- RETURN status table); these tables hold what only a return has: its link to the forward order,
-- the reason, the items coming back, the doorstep quality check, the buyers' requests and each
-- seller's return settings. The list indexes of the orders carry order_type, so the forward list
-- (which leaves returns out) stays an index-only scan.
CREATE TABLE "returns" (
	"order_id" integer PRIMARY KEY NOT NULL,
	"org_id" integer NOT NULL,
	"forward_order_id" integer,
	"source" text DEFAULT 'SELLER' NOT NULL,
	"external_order_number" text DEFAULT '' NOT NULL,
	"customer_name" text NOT NULL,
	"customer_phone" text NOT NULL,
	"customer_email" text DEFAULT '' NOT NULL,
	"reason" text NOT NULL,
	"sub_reason" text NOT NULL,
	"comment" text DEFAULT '' NOT NULL,
	"photo_file_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"return_to_kind" text NOT NULL,
	"return_to_id" integer NOT NULL,
	"refund_decision" text NOT NULL,
	"qc" boolean DEFAULT false NOT NULL,
	"qc_result" text,
	"qc_failure_reason" text,
	"qc_failure_photo_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"qc_failed_at" timestamp with time zone,
	"exchange_order_id" integer,
	"request_id" integer,
	"cancel_reason" text DEFAULT '' NOT NULL,
	"picked_up_at" timestamp with time zone,
	"delivered_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "returns_refund_decision_ck" CHECK ("returns"."refund_decision" in ('REFUND', 'EXCHANGE', 'STORE_CREDIT', 'NONE')),
	CONSTRAINT "returns_return_to_kind_ck" CHECK ("returns"."return_to_kind" in ('PICKUP_ADDRESS', 'WAREHOUSE'))
);
--> statement-breakpoint
ALTER TABLE "returns" ADD CONSTRAINT "returns_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "returns" ADD CONSTRAINT "returns_org_id_organisations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "returns" ADD CONSTRAINT "returns_forward_order_id_orders_id_fk" FOREIGN KEY ("forward_order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "returns_forward_idx" ON "returns" USING btree ("forward_order_id");--> statement-breakpoint
CREATE INDEX "returns_org_created_idx" ON "returns" USING btree ("org_id","created_at");--> statement-breakpoint
CREATE TABLE "return_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"return_id" integer NOT NULL,
	"order_item_id" integer,
	"name" text NOT NULL,
	"sku" text NOT NULL,
	"quantity" integer NOT NULL,
	"unit_price_paise" bigint NOT NULL
);
--> statement-breakpoint
ALTER TABLE "return_items" ADD CONSTRAINT "return_items_return_id_returns_order_id_fk" FOREIGN KEY ("return_id") REFERENCES "public"."returns"("order_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "return_items_return_idx" ON "return_items" USING btree ("return_id");--> statement-breakpoint
CREATE INDEX "return_items_order_item_idx" ON "return_items" USING btree ("order_item_id");--> statement-breakpoint
CREATE TABLE "return_qc_checks" (
	"return_id" integer NOT NULL,
	"kind" text NOT NULL,
	"expected" text DEFAULT '' NOT NULL,
	"result" text DEFAULT 'PENDING' NOT NULL,
	"remark" text DEFAULT '' NOT NULL,
	"checked_at" timestamp with time zone,
	CONSTRAINT "return_qc_checks_return_id_kind_pk" PRIMARY KEY("return_id","kind"),
	CONSTRAINT "return_qc_checks_result_ck" CHECK ("return_qc_checks"."result" in ('PENDING', 'PASSED', 'FAILED'))
);
--> statement-breakpoint
ALTER TABLE "return_qc_checks" ADD CONSTRAINT "return_qc_checks_return_id_returns_order_id_fk" FOREIGN KEY ("return_id") REFERENCES "public"."returns"("order_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE TABLE "return_requests" (
	"id" serial PRIMARY KEY NOT NULL,
	"org_id" integer NOT NULL,
	"forward_order_id" integer NOT NULL,
	"shipment_id" integer NOT NULL,
	"items" jsonb NOT NULL,
	"reason" text NOT NULL,
	"sub_reason" text NOT NULL,
	"comment" text DEFAULT '' NOT NULL,
	"photo_file_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"state" text DEFAULT 'PENDING' NOT NULL,
	"decision_note" text DEFAULT '' NOT NULL,
	"decided_by" text,
	"decided_account_id" integer,
	"decided_at" timestamp with time zone,
	"return_id" integer,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "return_requests_state_ck" CHECK ("return_requests"."state" in ('PENDING', 'APPROVED', 'REJECTED'))
);
--> statement-breakpoint
ALTER TABLE "return_requests" ADD CONSTRAINT "return_requests_org_id_organisations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "return_requests" ADD CONSTRAINT "return_requests_forward_order_id_orders_id_fk" FOREIGN KEY ("forward_order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "return_requests_org_state_idx" ON "return_requests" USING btree ("org_id","state","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "return_requests_one_pending_uq" ON "return_requests" USING btree ("forward_order_id") WHERE "return_requests"."state" = 'PENDING';--> statement-breakpoint
CREATE TABLE "return_settings" (
	"org_id" integer PRIMARY KEY NOT NULL,
	"return_window_days" integer DEFAULT 7 NOT NULL,
	"auto_approve" boolean DEFAULT false NOT NULL,
	"default_return_to_kind" text,
	"default_return_to_id" integer,
	"last_return_number" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "return_settings" ADD CONSTRAINT "return_settings_org_id_organisations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
DROP INDEX IF EXISTS "orders_org_list_idx";--> statement-breakpoint
CREATE INDEX "orders_org_list_idx" ON "orders" USING btree ("org_id", "archived", "created_at", "id")
  INCLUDE ("status", "payment_method", "channel", "fulfilment", "order_date", "carrier_code", "in_transit_status", "order_type");--> statement-breakpoint
DROP INDEX IF EXISTS "orders_org_status_idx";--> statement-breakpoint
CREATE INDEX "orders_org_status_idx" ON "orders" USING btree ("org_id", "status", "created_at", "id")
  INCLUDE ("archived", "payment_method", "channel", "fulfilment", "order_date", "order_type");--> statement-breakpoint
CREATE INDEX "orders_org_type_idx" ON "orders" USING btree ("org_id", "order_type", "created_at", "id");
