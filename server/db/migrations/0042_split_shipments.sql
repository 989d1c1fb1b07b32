CREATE TABLE "order_packages" (
	"id" serial PRIMARY KEY NOT NULL,
	"org_id" integer NOT NULL,
	"order_id" integer NOT NULL,
	"package_no" integer NOT NULL,
	"lines" jsonb NOT NULL,
	"dead_weight_kg" numeric(7, 2) NOT NULL,
	"length_cm" numeric(7, 2) NOT NULL,
	"breadth_cm" numeric(7, 2) NOT NULL,
	"height_cm" numeric(7, 2) NOT NULL,
	"cod_amount_paise" bigint DEFAULT 0 NOT NULL,
	"status" text DEFAULT 'RTS' NOT NULL,
	"child_awb" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
DROP INDEX "shipments_order_live_uq";--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "split_mode" text;--> statement-breakpoint
ALTER TABLE "shipments" ADD COLUMN "package_id" integer;--> statement-breakpoint
ALTER TABLE "order_packages" ADD CONSTRAINT "order_packages_org_id_organisations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_packages" ADD CONSTRAINT "order_packages_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "order_packages_order_no_uq" ON "order_packages" USING btree ("order_id","package_no");--> statement-breakpoint
CREATE UNIQUE INDEX "shipments_package_live_uq" ON "shipments" USING btree ("package_id") WHERE "shipments"."state" = 'BOOKED' and "shipments"."package_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "shipments_order_live_uq" ON "shipments" USING btree ("order_id") WHERE "shipments"."state" = 'BOOKED' and "shipments"."package_id" is null;