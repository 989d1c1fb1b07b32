CREATE TABLE "wallet_holds" (
	"id" serial PRIMARY KEY NOT NULL,
	"org_id" integer NOT NULL,
	"wallet_id" integer NOT NULL,
	"key" text NOT NULL,
	"amount_paise" bigint NOT NULL,
	"state" text DEFAULT 'HELD' NOT NULL,
	"reference" text DEFAULT '' NOT NULL,
	"description" text NOT NULL,
	"entry_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"settled_at" timestamp with time zone,
	CONSTRAINT "wallet_holds_amount_positive" CHECK ("wallet_holds"."amount_paise" > 0),
	CONSTRAINT "wallet_holds_state_ck" CHECK ("wallet_holds"."state" in ('HELD', 'RELEASED', 'CHARGED'))
);
--> statement-breakpoint
CREATE TABLE "weight_discrepancies" (
	"id" serial PRIMARY KEY NOT NULL,
	"org_id" integer NOT NULL,
	"shipment_id" integer NOT NULL,
	"order_id" integer NOT NULL,
	"awb" text NOT NULL,
	"carrier_code" text NOT NULL,
	"zone" text NOT NULL,
	"source" text NOT NULL,
	"seller" jsonb NOT NULL,
	"courier" jsonb NOT NULL,
	"seller_charged_kg" numeric(8, 2) NOT NULL,
	"courier_charged_kg" numeric(8, 2) NOT NULL,
	"forward_paise" bigint NOT NULL,
	"rto_paise" bigint DEFAULT 0 NOT NULL,
	"gst_paise" bigint NOT NULL,
	"amount_paise" bigint NOT NULL,
	"hub_photo" jsonb,
	"platform_borne" boolean DEFAULT false NOT NULL,
	"status" text DEFAULT 'NEW' NOT NULL,
	"outcome" text,
	"auto_accepted" boolean DEFAULT false NOT NULL,
	"raised_at" timestamp with time zone NOT NULL,
	"deadline_at" timestamp with time zone NOT NULL,
	"product_category" text,
	"dispute_note" text,
	"evidence" jsonb,
	"disputed_at" timestamp with time zone,
	"courier_claim_ref" text,
	"decision_note" text,
	"decided_at" timestamp with time zone,
	"escalation_note" text,
	"escalated_at" timestamp with time zone,
	"final_note" text,
	"final_at" timestamp with time zone,
	CONSTRAINT "weight_discrepancies_status_ck" CHECK ("weight_discrepancies"."status" in ('NEW', 'ACCEPTED', 'DISPUTED', 'WITH_COURIER', 'RESOLVED', 'REJECTED', 'ESCALATED', 'FINAL')),
	CONSTRAINT "weight_discrepancies_amount_ck" CHECK ("weight_discrepancies"."amount_paise" > 0)
);
--> statement-breakpoint
CREATE TABLE "weight_discrepancy_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"discrepancy_id" integer NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"status" text NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"actor" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "weight_freezes" (
	"id" serial PRIMARY KEY NOT NULL,
	"org_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"weight_kg" numeric(7, 2) NOT NULL,
	"length_cm" numeric(7, 2) NOT NULL,
	"breadth_cm" numeric(7, 2) NOT NULL,
	"height_cm" numeric(7, 2) NOT NULL,
	"photos" jsonb NOT NULL,
	"status" text DEFAULT 'PENDING' NOT NULL,
	"staff_note" text,
	"requested_by" integer NOT NULL,
	"requested_at" timestamp with time zone NOT NULL,
	"decided_by" integer,
	"decided_at" timestamp with time zone,
	CONSTRAINT "weight_freezes_status_ck" CHECK ("weight_freezes"."status" in ('PENDING', 'APPROVED', 'REJECTED'))
);
--> statement-breakpoint
ALTER TABLE "csv_uploads" ALTER COLUMN "org_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "ledger_accounts" ADD COLUMN "held_paise" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "wallet_holds" ADD CONSTRAINT "wallet_holds_org_id_organisations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wallet_holds" ADD CONSTRAINT "wallet_holds_wallet_id_ledger_accounts_id_fk" FOREIGN KEY ("wallet_id") REFERENCES "public"."ledger_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wallet_holds" ADD CONSTRAINT "wallet_holds_entry_id_journal_entries_id_fk" FOREIGN KEY ("entry_id") REFERENCES "public"."journal_entries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "weight_discrepancies" ADD CONSTRAINT "weight_discrepancies_org_id_organisations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "weight_discrepancies" ADD CONSTRAINT "weight_discrepancies_shipment_id_shipments_id_fk" FOREIGN KEY ("shipment_id") REFERENCES "public"."shipments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "weight_discrepancies" ADD CONSTRAINT "weight_discrepancies_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "weight_discrepancy_events" ADD CONSTRAINT "weight_discrepancy_events_discrepancy_id_weight_discrepancies_id_fk" FOREIGN KEY ("discrepancy_id") REFERENCES "public"."weight_discrepancies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "weight_freezes" ADD CONSTRAINT "weight_freezes_org_id_organisations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "weight_freezes" ADD CONSTRAINT "weight_freezes_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "wallet_holds_key_uq" ON "wallet_holds" USING btree ("key");--> statement-breakpoint
CREATE INDEX "wallet_holds_wallet_idx" ON "wallet_holds" USING btree ("wallet_id") WHERE "wallet_holds"."state" = 'HELD';--> statement-breakpoint
CREATE UNIQUE INDEX "weight_discrepancies_shipment_uq" ON "weight_discrepancies" USING btree ("shipment_id");--> statement-breakpoint
CREATE INDEX "weight_discrepancies_org_idx" ON "weight_discrepancies" USING btree ("org_id","id");--> statement-breakpoint
CREATE INDEX "weight_discrepancies_status_idx" ON "weight_discrepancies" USING btree ("status","deadline_at");--> statement-breakpoint
CREATE INDEX "weight_discrepancy_events_idx" ON "weight_discrepancy_events" USING btree ("discrepancy_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "weight_freezes_one_pending_uq" ON "weight_freezes" USING btree ("product_id") WHERE "weight_freezes"."status" = 'PENDING';--> statement-breakpoint
CREATE INDEX "weight_freezes_org_idx" ON "weight_freezes" USING btree ("org_id","product_id","id");--> statement-breakpoint
CREATE INDEX "weight_freezes_status_idx" ON "weight_freezes" USING btree ("status","id");--> statement-breakpoint
ALTER TABLE "ledger_accounts" ADD CONSTRAINT "ledger_accounts_held_ck" CHECK ("ledger_accounts"."held_paise" >= 0);