ALTER TABLE "accounts" ADD COLUMN "username" text;--> statement-breakpoint
ALTER TABLE "support_tickets" ADD COLUMN "support_line" text DEFAULT 'WORKING_HOURS' NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "accounts_org_username_uq" ON "accounts" USING btree ("org_id",lower("username"));--> statement-breakpoint
ALTER TABLE "support_tickets" ADD CONSTRAINT "support_tickets_support_line_ck" CHECK ("support_tickets"."support_line" in ('ROUND_THE_CLOCK', 'WORKING_HOURS'));--> statement-breakpoint
UPDATE "support_tickets" SET "support_line" = 'ROUND_THE_CLOCK' FROM "organisations" WHERE "organisations"."id" = "support_tickets"."org_id" AND "organisations"."subscription_type" IN ('PRO', 'PREMIUM');
