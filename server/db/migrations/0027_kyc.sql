CREATE TABLE "kyc_applications" (
	"id" serial PRIMARY KEY NOT NULL,
	"org_id" integer NOT NULL,
	"status" text DEFAULT 'DRAFT' NOT NULL,
	"business_type" text,
	"profile_name" text,
	"gst_registered" boolean,
	"pan" text,
	"pan_name" text,
	"pan_reference" text,
	"pan_verified_at" timestamp with time zone,
	"signatory_name" text,
	"signatory_pan" text,
	"signatory_pan_name" text,
	"signatory_pan_verified_at" timestamp with time zone,
	"aadhaar_masked" text,
	"aadhaar_reference" text,
	"aadhaar_otp_sent_to" text,
	"aadhaar_name" text,
	"aadhaar_verified_at" timestamp with time zone,
	"gstin" text,
	"gst_legal_name" text,
	"gst_reference" text,
	"gst_verified_at" timestamp with time zone,
	"gst_otp_reference" text,
	"gst_otp_sent_to" text,
	"gst_otp_confirmed_at" timestamp with time zone,
	"otp_sent_at" timestamp with time zone,
	"otp_attempts" integer DEFAULT 0 NOT NULL,
	"cin" text,
	"llpin" text,
	"submitted_at" timestamp with time zone,
	"decided_at" timestamp with time zone,
	"decided_by" integer,
	"decision_note" text,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "kyc_applications_status_ck" CHECK ("kyc_applications"."status" in ('DRAFT', 'SUBMITTED', 'APPROVED', 'REJECTED'))
);
--> statement-breakpoint
CREATE TABLE "kyc_decisions" (
	"id" serial PRIMARY KEY NOT NULL,
	"application_id" integer NOT NULL,
	"org_id" integer NOT NULL,
	"action" text NOT NULL,
	"by_account_id" integer NOT NULL,
	"by_name" text NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"note" text,
	"remarks" jsonb DEFAULT '[]'::jsonb NOT NULL,
	CONSTRAINT "kyc_decisions_action_ck" CHECK ("kyc_decisions"."action" in ('SUBMITTED', 'APPROVED', 'REJECTED'))
);
--> statement-breakpoint
CREATE TABLE "kyc_documents" (
	"id" text PRIMARY KEY NOT NULL,
	"application_id" integer NOT NULL,
	"org_id" integer NOT NULL,
	"kind" text NOT NULL,
	"name" text NOT NULL,
	"content_type" text NOT NULL,
	"byte_size" integer NOT NULL,
	"content" "bytea" NOT NULL,
	"status" text DEFAULT 'UPLOADED' NOT NULL,
	"remark" text,
	"uploaded_by" integer NOT NULL,
	"uploaded_at" timestamp with time zone NOT NULL,
	"replaced_at" timestamp with time zone,
	CONSTRAINT "kyc_documents_status_ck" CHECK ("kyc_documents"."status" in ('UPLOADED', 'ACCEPTED', 'REJECTED'))
);
--> statement-breakpoint
ALTER TABLE "kyc_applications" ADD CONSTRAINT "kyc_applications_org_id_organisations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kyc_applications" ADD CONSTRAINT "kyc_applications_decided_by_accounts_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kyc_decisions" ADD CONSTRAINT "kyc_decisions_application_id_kyc_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."kyc_applications"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kyc_decisions" ADD CONSTRAINT "kyc_decisions_org_id_organisations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kyc_decisions" ADD CONSTRAINT "kyc_decisions_by_account_id_accounts_id_fk" FOREIGN KEY ("by_account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kyc_documents" ADD CONSTRAINT "kyc_documents_application_id_kyc_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."kyc_applications"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kyc_documents" ADD CONSTRAINT "kyc_documents_org_id_organisations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "kyc_applications_org_uq" ON "kyc_applications" USING btree ("org_id");--> statement-breakpoint
CREATE INDEX "kyc_applications_status_idx" ON "kyc_applications" USING btree ("status","submitted_at");--> statement-breakpoint
CREATE INDEX "kyc_decisions_application_idx" ON "kyc_decisions" USING btree ("application_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "kyc_documents_current_uq" ON "kyc_documents" USING btree ("application_id","kind") WHERE "kyc_documents"."replaced_at" is null;