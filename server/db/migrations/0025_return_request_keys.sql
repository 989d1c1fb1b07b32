-- A return's creation carries the client's key: a repeat of the same request (a lost answer retried,
-- a double click) answers the return it made instead of making a second one.
ALTER TABLE "returns" ADD COLUMN "idempotency_key" text;--> statement-breakpoint
CREATE UNIQUE INDEX "returns_idempotency_uq" ON "returns" USING btree ("org_id","idempotency_key") WHERE "returns"."idempotency_key" is not null;
