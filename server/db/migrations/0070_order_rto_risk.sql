CREATE TABLE "risk_models" (
	"id" serial PRIMARY KEY NOT NULL,
	"model" jsonb NOT NULL,
	"metrics" jsonb NOT NULL,
	"iterations" integer NOT NULL,
	"trained_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "risk_score" real;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "risk_band" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "risk_reasons" jsonb;--> statement-breakpoint
CREATE INDEX "orders_org_risk_idx" ON "orders" USING btree ("org_id","risk_band");--> statement-breakpoint
CREATE INDEX "orders_pincode_idx" ON "orders" USING btree (("shipping" ->> 'pincode') text_pattern_ops);--> statement-breakpoint
CREATE INDEX "orders_phone_idx" ON "orders" USING btree ("buyer_phone");