CREATE TABLE "wallet_credit_limit_changes" (
	"id" serial PRIMARY KEY NOT NULL,
	"org_id" integer NOT NULL,
	"old_limit_paise" bigint NOT NULL,
	"new_limit_paise" bigint NOT NULL,
	"reason" text NOT NULL,
	"staff_account_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "wallet_credit_limit_changes_reason_given" CHECK (length(trim("wallet_credit_limit_changes"."reason")) > 0),
	CONSTRAINT "wallet_credit_limit_changes_changed" CHECK ("wallet_credit_limit_changes"."old_limit_paise" <> "wallet_credit_limit_changes"."new_limit_paise"),
	CONSTRAINT "wallet_credit_limit_changes_not_negative" CHECK ("wallet_credit_limit_changes"."new_limit_paise" >= 0)
);
--> statement-breakpoint
ALTER TABLE "wallet_credit_limit_changes" ADD CONSTRAINT "wallet_credit_limit_changes_org_id_organisations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wallet_credit_limit_changes" ADD CONSTRAINT "wallet_credit_limit_changes_staff_account_id_accounts_id_fk" FOREIGN KEY ("staff_account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "wallet_credit_limit_changes_org_idx" ON "wallet_credit_limit_changes" USING btree ("org_id","id");--> statement-breakpoint
-- The audit of credit-limit changes is append-only, like the ledger it governs.
CREATE TRIGGER wallet_credit_limit_changes_append_only BEFORE UPDATE OR DELETE ON wallet_credit_limit_changes FOR EACH ROW EXECUTE FUNCTION ledger_append_only();
