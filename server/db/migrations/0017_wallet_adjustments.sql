CREATE TABLE "wallet_adjustments" (
	"id" serial PRIMARY KEY NOT NULL,
	"org_id" integer NOT NULL,
	"entry_id" integer NOT NULL,
	"direction" text NOT NULL,
	"amount_paise" bigint NOT NULL,
	"reason" text NOT NULL,
	"staff_account_id" integer NOT NULL,
	"balance_before_paise" bigint NOT NULL,
	"balance_after_paise" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "wallet_adjustments_amount_positive" CHECK ("wallet_adjustments"."amount_paise" > 0),
	CONSTRAINT "wallet_adjustments_reason_given" CHECK (length(trim("wallet_adjustments"."reason")) > 0),
	CONSTRAINT "wallet_adjustments_balances_agree" CHECK ("wallet_adjustments"."balance_after_paise" - "wallet_adjustments"."balance_before_paise" = case when "wallet_adjustments"."direction" = 'CREDIT' then "wallet_adjustments"."amount_paise" else -"wallet_adjustments"."amount_paise" end)
);
--> statement-breakpoint
ALTER TABLE "wallet_adjustments" ADD CONSTRAINT "wallet_adjustments_org_id_organisations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wallet_adjustments" ADD CONSTRAINT "wallet_adjustments_entry_id_journal_entries_id_fk" FOREIGN KEY ("entry_id") REFERENCES "public"."journal_entries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wallet_adjustments" ADD CONSTRAINT "wallet_adjustments_staff_account_id_accounts_id_fk" FOREIGN KEY ("staff_account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "wallet_adjustments_entry_uq" ON "wallet_adjustments" USING btree ("entry_id");--> statement-breakpoint
CREATE INDEX "wallet_adjustments_org_idx" ON "wallet_adjustments" USING btree ("org_id","created_at");--> statement-breakpoint
-- The audit of staff adjustments is append-only, like the ledger it explains.
CREATE TRIGGER wallet_adjustments_append_only BEFORE UPDATE OR DELETE ON wallet_adjustments FOR EACH ROW EXECUTE FUNCTION ledger_append_only();
