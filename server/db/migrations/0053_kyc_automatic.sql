-- Automatic KYC: a decision the automatic check takes has no person (by_account_id null), the audit
-- gains AUTO_APPROVED and REVOKED, and a submitted application keeps why it waits for a person.
ALTER TABLE "kyc_decisions" DROP CONSTRAINT "kyc_decisions_action_ck";--> statement-breakpoint
ALTER TABLE "kyc_decisions" ALTER COLUMN "by_account_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "kyc_applications" ADD COLUMN "review_reason" text;--> statement-breakpoint
ALTER TABLE "kyc_decisions" ADD CONSTRAINT "kyc_decisions_action_ck" CHECK ("kyc_decisions"."action" in ('SUBMITTED', 'APPROVED', 'REJECTED', 'AUTO_APPROVED', 'REVOKED'));