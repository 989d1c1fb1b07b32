CREATE TABLE "b2b_pickups" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"carrier_code" text NOT NULL,
	"carrier_pickup_id" text NOT NULL,
	"pickup_date" date NOT NULL,
	"ready_at" text NOT NULL,
	"box_count" integer NOT NULL,
	"weight_grams" integer NOT NULL,
	"status" text DEFAULT 'REQUESTED' NOT NULL,
	"requested_by" integer,
	"requested_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "b2b_pickups" ADD CONSTRAINT "b2b_pickups_order_id_b2b_orders_order_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."b2b_orders"("order_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "b2b_pickups_order_idx" ON "b2b_pickups" USING btree ("order_id","pickup_date");