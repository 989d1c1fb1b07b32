CREATE TABLE "cod_payout_lines" (
	"id" serial PRIMARY KEY NOT NULL,
	"payout_id" integer NOT NULL,
	"org_id" integer NOT NULL,
	"kind" text NOT NULL,
	"shipment_id" integer,
	"awb" text,
	"order_number" text,
	"carrier_code" text,
	"delivered_at" timestamp with time zone,
	"amount_paise" bigint NOT NULL,
	"fee_paise" bigint DEFAULT 0 NOT NULL,
	"advance" boolean DEFAULT false NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	CONSTRAINT "cod_payout_lines_kind_ck" CHECK ("cod_payout_lines"."kind" in ('SHIPMENT', 'EARLY_COD_FEE', 'WALLET_DEDUCTION')),
	CONSTRAINT "cod_payout_lines_shipment_ck" CHECK (("cod_payout_lines"."kind" = 'SHIPMENT') = ("cod_payout_lines"."shipment_id" is not null))
);
--> statement-breakpoint
CREATE TABLE "cod_payouts" (
	"id" serial PRIMARY KEY NOT NULL,
	"org_id" integer NOT NULL,
	"payout_date" date NOT NULL,
	"method" text NOT NULL,
	"status" text NOT NULL,
	"hold_code" text,
	"hold_reason" text,
	"gross_paise" bigint NOT NULL,
	"fee_paise" bigint DEFAULT 0 NOT NULL,
	"deduction_paise" bigint DEFAULT 0 NOT NULL,
	"net_paise" bigint NOT NULL,
	"shipment_count" integer NOT NULL,
	"bank_account_id" integer,
	"bank_label" text,
	"utr" text,
	"comments" text DEFAULT '' NOT NULL,
	"paid_at" timestamp with time zone,
	"paid_by" integer,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "cod_payouts_status_ck" CHECK ("cod_payouts"."status" in ('ON_HOLD', 'AWAITING_TRANSFER', 'PAID')),
	CONSTRAINT "cod_payouts_method_ck" CHECK ("cod_payouts"."method" in ('BANK', 'WALLET')),
	CONSTRAINT "cod_payouts_sums_ck" CHECK ("cod_payouts"."net_paise" = "cod_payouts"."gross_paise" - "cod_payouts"."fee_paise" - "cod_payouts"."deduction_paise" and "cod_payouts"."net_paise" >= 0)
);
--> statement-breakpoint
CREATE TABLE "cod_settings" (
	"org_id" integer PRIMARY KEY NOT NULL,
	"early_cod_days" integer,
	"early_cod_fee_bps" integer DEFAULT 0 NOT NULL,
	"early_cod_since" timestamp with time zone,
	"pay_to_wallet" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "cod_settings_early_ck" CHECK ("cod_settings"."early_cod_days" is null or "cod_settings"."early_cod_days" in (2, 3))
);
--> statement-breakpoint
CREATE TABLE "courier_remittance_lines" (
	"id" serial PRIMARY KEY NOT NULL,
	"remittance_id" integer NOT NULL,
	"shipment_id" integer NOT NULL,
	"awb" text NOT NULL,
	"amount_paise" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "courier_remittances" (
	"id" serial PRIMARY KEY NOT NULL,
	"carrier_code" text NOT NULL,
	"reference" text NOT NULL,
	"utr" text NOT NULL,
	"remitted_at" timestamp with time zone NOT NULL,
	"total_paise" bigint NOT NULL,
	"line_count" integer NOT NULL,
	"refused_count" integer DEFAULT 0 NOT NULL,
	"received_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "cod_payout_lines" ADD CONSTRAINT "cod_payout_lines_payout_id_cod_payouts_id_fk" FOREIGN KEY ("payout_id") REFERENCES "public"."cod_payouts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cod_payout_lines" ADD CONSTRAINT "cod_payout_lines_shipment_id_shipments_id_fk" FOREIGN KEY ("shipment_id") REFERENCES "public"."shipments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cod_payouts" ADD CONSTRAINT "cod_payouts_org_id_organisations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cod_payouts" ADD CONSTRAINT "cod_payouts_paid_by_accounts_id_fk" FOREIGN KEY ("paid_by") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cod_settings" ADD CONSTRAINT "cod_settings_org_id_organisations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "courier_remittance_lines" ADD CONSTRAINT "courier_remittance_lines_remittance_id_courier_remittances_id_fk" FOREIGN KEY ("remittance_id") REFERENCES "public"."courier_remittances"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "courier_remittance_lines" ADD CONSTRAINT "courier_remittance_lines_shipment_id_shipments_id_fk" FOREIGN KEY ("shipment_id") REFERENCES "public"."shipments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "cod_payout_lines_shipment_uq" ON "cod_payout_lines" USING btree ("shipment_id");--> statement-breakpoint
CREATE INDEX "cod_payout_lines_payout_idx" ON "cod_payout_lines" USING btree ("payout_id");--> statement-breakpoint
CREATE UNIQUE INDEX "cod_payouts_org_day_uq" ON "cod_payouts" USING btree ("org_id","payout_date");--> statement-breakpoint
CREATE UNIQUE INDEX "cod_payouts_utr_uq" ON "cod_payouts" USING btree ("utr");--> statement-breakpoint
CREATE INDEX "cod_payouts_status_idx" ON "cod_payouts" USING btree ("status","payout_date");--> statement-breakpoint
CREATE UNIQUE INDEX "courier_remittance_lines_shipment_uq" ON "courier_remittance_lines" USING btree ("shipment_id");--> statement-breakpoint
CREATE INDEX "courier_remittance_lines_remittance_idx" ON "courier_remittance_lines" USING btree ("remittance_id");--> statement-breakpoint
CREATE UNIQUE INDEX "courier_remittances_ref_uq" ON "courier_remittances" USING btree ("carrier_code","reference");