CREATE TABLE "staff_audit" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"actor_account_id" integer NOT NULL,
	"action" text NOT NULL,
	"entity_type" text NOT NULL,
	"entity_id" text,
	"before" jsonb,
	"after" jsonb,
	"reason" text,
	"request_id" text,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "staff_impersonations" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"staff_account_id" integer NOT NULL,
	"seller_account_id" integer NOT NULL,
	"reason" text NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"ended_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "accounts" ADD COLUMN "staff_deactivated_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "accounts" ADD COLUMN "staff_role" text;--> statement-breakpoint
ALTER TABLE "coupons" ADD COLUMN "subscription_type" text;--> statement-breakpoint
ALTER TABLE "coupons" ADD COLUMN "billing_frequency" text;--> statement-breakpoint
ALTER TABLE "coupons" ADD COLUMN "usage_limit" integer;--> statement-breakpoint
ALTER TABLE "coupons" ADD COLUMN "created_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "coupons" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "staff_audit" ADD CONSTRAINT "staff_audit_actor_account_id_accounts_id_fk" FOREIGN KEY ("actor_account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_impersonations" ADD CONSTRAINT "staff_impersonations_staff_account_id_accounts_id_fk" FOREIGN KEY ("staff_account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_impersonations" ADD CONSTRAINT "staff_impersonations_seller_account_id_accounts_id_fk" FOREIGN KEY ("seller_account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "staff_audit_at_idx" ON "staff_audit" USING btree ("at","id");--> statement-breakpoint
CREATE INDEX "staff_audit_actor_idx" ON "staff_audit" USING btree ("actor_account_id","at");--> statement-breakpoint
CREATE INDEX "staff_audit_entity_idx" ON "staff_audit" USING btree ("entity_type","entity_id","at");--> statement-breakpoint
CREATE INDEX "staff_audit_action_idx" ON "staff_audit" USING btree ("action","at");--> statement-breakpoint
CREATE INDEX "staff_impersonations_open_idx" ON "staff_impersonations" USING btree ("expires_at") WHERE "staff_impersonations"."ended_at" is null;--> statement-breakpoint
-- The staff audit is append-only, like the ledger and the credit-limit audit.
CREATE TRIGGER staff_audit_append_only BEFORE UPDATE OR DELETE ON staff_audit FOR EACH ROW EXECUTE FUNCTION ledger_append_only();--> statement-breakpoint
-- Staff who were here before roles existed keep every power they had.
UPDATE "accounts" SET "staff_role" = 'ADMIN' WHERE "account_type" = 'DAKIYA' AND "staff_role" IS NULL;
