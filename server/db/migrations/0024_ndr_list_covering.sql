-- The NDR list's filter indexes carry every other filter column, so a count or a page under several
-- filters at once is answered from the index alone; and the deadline sort gets its own index.
DROP INDEX IF EXISTS "ndr_records_org_carrier_idx";--> statement-breakpoint
DROP INDEX IF EXISTS "ndr_records_org_reason_idx";--> statement-breakpoint
DROP INDEX IF EXISTS "ndr_records_org_attempt_idx";--> statement-breakpoint
DROP INDEX IF EXISTS "ndr_records_org_payment_idx";--> statement-breakpoint
CREATE INDEX "ndr_records_org_carrier_idx" ON "ndr_records" USING btree ("org_id","status","carrier_code","raised_at","id") INCLUDE ("reason","attempt","payment_method","deadline_at");--> statement-breakpoint
CREATE INDEX "ndr_records_org_reason_idx" ON "ndr_records" USING btree ("org_id","status","reason","raised_at","id") INCLUDE ("carrier_code","attempt","payment_method","deadline_at");--> statement-breakpoint
CREATE INDEX "ndr_records_org_attempt_idx" ON "ndr_records" USING btree ("org_id","status","attempt","raised_at","id") INCLUDE ("carrier_code","reason","payment_method","deadline_at");--> statement-breakpoint
CREATE INDEX "ndr_records_org_payment_idx" ON "ndr_records" USING btree ("org_id","status","payment_method","raised_at","id") INCLUDE ("carrier_code","reason","attempt","deadline_at");--> statement-breakpoint
CREATE INDEX "ndr_records_org_deadline_idx" ON "ndr_records" USING btree ("org_id","status","deadline_at","id") INCLUDE ("carrier_code","reason","attempt","payment_method","raised_at");
