CREATE TABLE "bank_account_changes" (
	"id" serial PRIMARY KEY NOT NULL,
	"org_id" integer NOT NULL,
	"bank_account_id" integer NOT NULL,
	"actor_account_id" integer NOT NULL,
	"action" text NOT NULL,
	"detail" text NOT NULL,
	"otp_confirmed" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "bank_accounts" (
	"id" serial PRIMARY KEY NOT NULL,
	"org_id" integer NOT NULL,
	"ifsc" text NOT NULL,
	"bank_name" text NOT NULL,
	"branch" text,
	"account_number" text NOT NULL,
	"last4" text NOT NULL,
	"holder_name" text NOT NULL,
	"status" text DEFAULT 'UNVERIFIED' NOT NULL,
	"name_at_bank" text,
	"name_score" real,
	"verification_mode" text,
	"credited_paise" bigint,
	"utr" text,
	"provider_reference" text,
	"verified_at" timestamp with time zone,
	"is_primary" boolean DEFAULT false NOT NULL,
	"created_by" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	"removed_at" timestamp with time zone,
	CONSTRAINT "bank_accounts_status_ck" CHECK ("bank_accounts"."status" in ('UNVERIFIED', 'VERIFIED', 'NAME_MISMATCH', 'INVALID'))
);
--> statement-breakpoint
CREATE TABLE "bank_verifications" (
	"id" serial PRIMARY KEY NOT NULL,
	"org_id" integer NOT NULL,
	"bank_account_id" integer NOT NULL,
	"request_key" text NOT NULL,
	"outcome" text NOT NULL,
	"message" text NOT NULL,
	"provider" text NOT NULL,
	"mode" text NOT NULL,
	"name_at_bank" text,
	"name_score" real,
	"credited_paise" bigint,
	"utr" text,
	"reference" text,
	"requested_by" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "bank_account_changes" ADD CONSTRAINT "bank_account_changes_org_id_organisations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_account_changes" ADD CONSTRAINT "bank_account_changes_bank_account_id_bank_accounts_id_fk" FOREIGN KEY ("bank_account_id") REFERENCES "public"."bank_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_account_changes" ADD CONSTRAINT "bank_account_changes_actor_account_id_accounts_id_fk" FOREIGN KEY ("actor_account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_accounts" ADD CONSTRAINT "bank_accounts_org_id_organisations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_accounts" ADD CONSTRAINT "bank_accounts_created_by_accounts_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_verifications" ADD CONSTRAINT "bank_verifications_org_id_organisations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_verifications" ADD CONSTRAINT "bank_verifications_bank_account_id_bank_accounts_id_fk" FOREIGN KEY ("bank_account_id") REFERENCES "public"."bank_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_verifications" ADD CONSTRAINT "bank_verifications_requested_by_accounts_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bank_account_changes_created_idx" ON "bank_account_changes" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "bank_account_changes_org_idx" ON "bank_account_changes" USING btree ("org_id");--> statement-breakpoint
CREATE UNIQUE INDEX "bank_accounts_live_uq" ON "bank_accounts" USING btree ("org_id","ifsc","account_number") WHERE "bank_accounts"."removed_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "bank_accounts_primary_uq" ON "bank_accounts" USING btree ("org_id") WHERE "bank_accounts"."is_primary" and "bank_accounts"."removed_at" is null;--> statement-breakpoint
CREATE INDEX "bank_accounts_org_idx" ON "bank_accounts" USING btree ("org_id");--> statement-breakpoint
CREATE UNIQUE INDEX "bank_verifications_key_uq" ON "bank_verifications" USING btree ("org_id","request_key");