ALTER TABLE "shipments" ADD COLUMN "insured_value_paise" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "shipments" ADD COLUMN "insurance_paise" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "shipments" ADD COLUMN "delay_protection_paise" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "shipping_preferences" ADD COLUMN "insure_above_paise" bigint;