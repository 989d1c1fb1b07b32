CREATE TABLE "ndr_records" (
	"id" serial PRIMARY KEY NOT NULL,
	"org_id" integer NOT NULL,
	"shipment_id" integer NOT NULL,
	"order_id" integer NOT NULL,
	"carrier_code" text NOT NULL,
	"awb" text NOT NULL,
	"attempt" integer NOT NULL,
	"courier_reason_code" text DEFAULT '' NOT NULL,
	"courier_reason_text" text DEFAULT '' NOT NULL,
	"reason" text NOT NULL,
	"raised_at" timestamp with time zone NOT NULL,
	"deadline_at" timestamp with time zone NOT NULL,
	"status" text DEFAULT 'ACTION_REQUIRED' NOT NULL,
	"payment_method" text NOT NULL,
	"action" text,
	"action_source" text,
	"action_payload" jsonb,
	"action_at" timestamp with time zone,
	"action_by" integer,
	"courier_ref" text,
	"closed_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ndr_actions" (
	"id" serial PRIMARY KEY NOT NULL,
	"ndr_id" integer NOT NULL,
	"org_id" integer NOT NULL,
	"action" text NOT NULL,
	"source" text NOT NULL,
	"payload" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"outcome" text NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"courier_ref" text,
	"account_id" integer,
	"at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "courier_unknown_codes" (
	"carrier_code" text NOT NULL,
	"kind" text NOT NULL,
	"code" text NOT NULL,
	"count" integer DEFAULT 0 NOT NULL,
	"first_seen_at" timestamp with time zone NOT NULL,
	"last_seen_at" timestamp with time zone NOT NULL,
	"sample_awb" text DEFAULT '' NOT NULL,
	"sample_text" text DEFAULT '' NOT NULL,
	CONSTRAINT "courier_unknown_codes_pk" PRIMARY KEY("carrier_code","kind","code")
);
--> statement-breakpoint
ALTER TABLE "shipping_preferences" ADD COLUMN "ndr_auto_action" text DEFAULT 'REATTEMPT' NOT NULL;--> statement-breakpoint
ALTER TABLE "shipments" ADD COLUMN "ndr_attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "shipments" ADD COLUMN "rto_stage" text;--> statement-breakpoint
ALTER TABLE "shipments" ADD COLUMN "rto_attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "shipments" ADD COLUMN "rto_initiated_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "shipments" ADD COLUMN "rto_delivered_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "shipments" ADD COLUMN "rto_ack" text;--> statement-breakpoint
ALTER TABLE "shipments" ADD COLUMN "rto_ack_note" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "shipments" ADD COLUMN "rto_ack_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "shipments" ADD COLUMN "rto_ack_by" integer;--> statement-breakpoint
ALTER TABLE "shipments" ADD COLUMN "last_scan_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "ndr_records" ADD CONSTRAINT "ndr_records_org_id_organisations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ndr_records" ADD CONSTRAINT "ndr_records_shipment_id_shipments_id_fk" FOREIGN KEY ("shipment_id") REFERENCES "public"."shipments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ndr_records" ADD CONSTRAINT "ndr_records_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ndr_actions" ADD CONSTRAINT "ndr_actions_ndr_id_ndr_records_id_fk" FOREIGN KEY ("ndr_id") REFERENCES "public"."ndr_records"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "ndr_records_attempt_uq" ON "ndr_records" USING btree ("shipment_id","attempt");--> statement-breakpoint
CREATE INDEX "ndr_records_org_tab_idx" ON "ndr_records" USING btree ("org_id","status","raised_at","id") INCLUDE ("carrier_code","reason","attempt","payment_method");--> statement-breakpoint
CREATE INDEX "ndr_records_org_carrier_idx" ON "ndr_records" USING btree ("org_id","status","carrier_code","raised_at","id");--> statement-breakpoint
CREATE INDEX "ndr_records_org_reason_idx" ON "ndr_records" USING btree ("org_id","status","reason","raised_at","id");--> statement-breakpoint
CREATE INDEX "ndr_records_org_attempt_idx" ON "ndr_records" USING btree ("org_id","status","attempt","raised_at","id");--> statement-breakpoint
CREATE INDEX "ndr_records_org_payment_idx" ON "ndr_records" USING btree ("org_id","status","payment_method","raised_at","id");--> statement-breakpoint
CREATE INDEX "ndr_records_org_order_idx" ON "ndr_records" USING btree ("org_id","order_id");--> statement-breakpoint
CREATE INDEX "ndr_records_due_idx" ON "ndr_records" USING btree ("deadline_at") WHERE "ndr_records"."status" = 'ACTION_REQUIRED';--> statement-breakpoint
CREATE INDEX "ndr_actions_ndr_idx" ON "ndr_actions" USING btree ("ndr_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "ndr_actions_applied_uq" ON "ndr_actions" USING btree ("ndr_id") WHERE "ndr_actions"."outcome" = 'APPLIED';
