CREATE TABLE "key_account_managers" (
	"org_id" integer PRIMARY KEY NOT NULL,
	"manager_id" integer NOT NULL,
	"assigned_by" integer NOT NULL,
	"assigned_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "key_account_managers" ADD CONSTRAINT "key_account_managers_org_id_organisations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "key_account_managers" ADD CONSTRAINT "key_account_managers_manager_id_accounts_id_fk" FOREIGN KEY ("manager_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "key_account_managers" ADD CONSTRAINT "key_account_managers_assigned_by_accounts_id_fk" FOREIGN KEY ("assigned_by") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;