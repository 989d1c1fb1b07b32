DROP INDEX "orders_pincode_idx";--> statement-breakpoint
DROP INDEX "orders_phone_idx";--> statement-breakpoint
CREATE INDEX "orders_settled_cod_pincode_idx" ON "orders" USING btree (("shipping" ->> 'pincode') text_pattern_ops,"rto_at") WHERE (status = 'DLV' or rto_at is not null) and order_type = 'FORWARD' and payment_method = 'COD';--> statement-breakpoint
CREATE INDEX "orders_settled_phone_idx" ON "orders" USING btree ("buyer_phone","org_id","rto_at") WHERE (status = 'DLV' or rto_at is not null) and order_type = 'FORWARD';