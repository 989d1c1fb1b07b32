ALTER TABLE "accounts" ADD COLUMN "temporary_password_hash" text;--> statement-breakpoint
ALTER TABLE "otps" ADD COLUMN "ip" text DEFAULT '0.0.0.0' NOT NULL;--> statement-breakpoint
CREATE INDEX "otps_ip_idx" ON "otps" USING btree ("ip","created_at");