CREATE TABLE "cod_verification_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"verification_id" integer NOT NULL,
	"kind" text NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"account_id" integer,
	"at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "cod_verification_settings" (
	"org_id" integer PRIMARY KEY NOT NULL,
	"enabled" boolean DEFAULT false NOT NULL,
	"scope" text DEFAULT 'ALL' NOT NULL,
	"min_order_value_rupees" integer,
	"risky_pincodes" boolean DEFAULT false NOT NULL,
	"min_past_rtos" integer,
	"wait_hours" integer DEFAULT 24 NOT NULL,
	"after_wait" text DEFAULT 'HOLD' NOT NULL,
	"offer_prepaid" boolean DEFAULT true NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "cod_verifications" (
	"id" serial PRIMARY KEY NOT NULL,
	"org_id" integer NOT NULL,
	"order_id" integer NOT NULL,
	"state" text DEFAULT 'PENDING' NOT NULL,
	"reasons" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"after_wait" text NOT NULL,
	"offer_prepaid" boolean NOT NULL,
	"due_at" timestamp with time zone NOT NULL,
	"applied_rule" text,
	"cancel_reason" text,
	"answered_at" timestamp with time zone,
	"overridden_at" timestamp with time zone,
	"overridden_by" integer,
	"messaged_at" timestamp with time zone,
	"messages_sent" integer DEFAULT 0 NOT NULL,
	"payment_txn_id" text,
	"payment_gateway" text,
	"payment_gateway_order_id" text,
	"gateway_payment_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "cod_verification" text;--> statement-breakpoint
ALTER TABLE "cod_verification_events" ADD CONSTRAINT "cod_verification_events_verification_id_cod_verifications_id_fk" FOREIGN KEY ("verification_id") REFERENCES "public"."cod_verifications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cod_verification_settings" ADD CONSTRAINT "cod_verification_settings_org_id_organisations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cod_verifications" ADD CONSTRAINT "cod_verifications_org_id_organisations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cod_verifications" ADD CONSTRAINT "cod_verifications_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "cod_verification_events_idx" ON "cod_verification_events" USING btree ("verification_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "cod_verifications_order_uq" ON "cod_verifications" USING btree ("order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "cod_verifications_payment_uq" ON "cod_verifications" USING btree ("payment_txn_id");--> statement-breakpoint
CREATE INDEX "cod_verifications_org_state_idx" ON "cod_verifications" USING btree ("org_id","state");--> statement-breakpoint
CREATE INDEX "cod_verifications_due_idx" ON "cod_verifications" USING btree ("due_at") WHERE "cod_verifications"."state" = 'PENDING';--> statement-breakpoint
CREATE INDEX "cod_verifications_unsent_idx" ON "cod_verifications" USING btree ("id") WHERE "cod_verifications"."messaged_at" is null and "cod_verifications"."state" = 'PENDING';--> statement-breakpoint
CREATE INDEX "orders_org_cod_verification_idx" ON "orders" USING btree ("org_id","cod_verification","created_at","id") WHERE "orders"."cod_verification" is not null;--> statement-breakpoint
-- hand-written: the platform's RTO share per destination pincode reads shipped orders by pincode
CREATE INDEX IF NOT EXISTS "orders_shipped_pincode_idx" ON "orders" (("shipping"->>'pincode')) WHERE "shipment_booked_at" IS NOT NULL;
