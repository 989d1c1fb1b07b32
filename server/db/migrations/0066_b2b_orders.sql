-- B2B orders (docs/decisions/b2b-orders.md). A B2B order is a row of orders with order_type B2B;
-- these tables hold what only a consignment has: the consignee, the origin warehouse, the boxes,
-- the invoices with their e-way bills, the booking (LR and a number a box), and the seller's B2B
-- warehouses (own and consignees') with the names each carrier registered them under.
CREATE TABLE "b2b_box_numbers" (
	"order_id" integer NOT NULL,
	"position" integer NOT NULL,
	"box_awb" text NOT NULL,
	CONSTRAINT "b2b_box_numbers_order_id_position_pk" PRIMARY KEY("order_id","position")
);
--> statement-breakpoint
CREATE TABLE "b2b_boxes" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"position" integer NOT NULL,
	"length_cm" numeric(7, 2) NOT NULL,
	"breadth_cm" numeric(7, 2) NOT NULL,
	"height_cm" numeric(7, 2) NOT NULL,
	"weight_kg" numeric(9, 2) NOT NULL,
	"count" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "b2b_invoices" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"position" integer NOT NULL,
	"invoice_number" text NOT NULL,
	"invoice_date" date NOT NULL,
	"value_paise" bigint NOT NULL,
	"file_id" text,
	"eway_bill_number" text,
	"eway_bill_source" text,
	"eway_bill_generated_at" timestamp with time zone,
	"eway_bill_expires_at" timestamp with time zone,
	"eway_bill_status" text,
	"eway_bill_distance_km" integer,
	"vehicle_number" text,
	"part_b_state" text DEFAULT 'NONE' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "b2b_orders" (
	"order_id" integer PRIMARY KEY NOT NULL,
	"org_id" integer NOT NULL,
	"consignee_warehouse_id" integer,
	"consignee_name" text NOT NULL,
	"consignee_gstin" text,
	"consignee_contact" text DEFAULT '' NOT NULL,
	"consignee_phone" text NOT NULL,
	"consignee_email" text DEFAULT '' NOT NULL,
	"consignee_address" jsonb NOT NULL,
	"origin_warehouse_id" integer NOT NULL,
	"goods_description" text NOT NULL,
	"freight_payer" text NOT NULL,
	"risk" text NOT NULL,
	"handover" text NOT NULL,
	"appointment_date" date,
	"appointment_start" text,
	"appointment_end" text,
	"po_numbers" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"carrier_code" text,
	"lr_number" text,
	"booking_state" text DEFAULT 'NONE' NOT NULL,
	"booking_job_id" text,
	"booking_failure" text,
	"quote_lines" jsonb,
	"quote_total_paise" bigint,
	"booked_at" timestamp with time zone,
	"boxes_delivered" integer DEFAULT 0 NOT NULL,
	"pod_file_id" text,
	"receiver_name" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "b2b_warehouse_registrations" (
	"warehouse_id" integer NOT NULL,
	"carrier_code" text NOT NULL,
	"registered_name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "b2b_warehouse_registrations_warehouse_id_carrier_code_pk" PRIMARY KEY("warehouse_id","carrier_code")
);
--> statement-breakpoint
CREATE TABLE "b2b_warehouses" (
	"id" serial PRIMARY KEY NOT NULL,
	"org_id" integer NOT NULL,
	"kind" text NOT NULL,
	"name" text NOT NULL,
	"business_name" text NOT NULL,
	"gstin" text,
	"contact_name" text NOT NULL,
	"phone" text NOT NULL,
	"email" text DEFAULT '' NOT NULL,
	"address_line1" text NOT NULL,
	"address_line2" text DEFAULT '' NOT NULL,
	"pincode" text NOT NULL,
	"city" text NOT NULL,
	"state" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "b2b_box_numbers" ADD CONSTRAINT "b2b_box_numbers_order_id_b2b_orders_order_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."b2b_orders"("order_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "b2b_boxes" ADD CONSTRAINT "b2b_boxes_order_id_b2b_orders_order_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."b2b_orders"("order_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "b2b_invoices" ADD CONSTRAINT "b2b_invoices_order_id_b2b_orders_order_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."b2b_orders"("order_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "b2b_invoices" ADD CONSTRAINT "b2b_invoices_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "b2b_orders" ADD CONSTRAINT "b2b_orders_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "b2b_orders" ADD CONSTRAINT "b2b_orders_org_id_organisations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "b2b_orders" ADD CONSTRAINT "b2b_orders_consignee_warehouse_id_b2b_warehouses_id_fk" FOREIGN KEY ("consignee_warehouse_id") REFERENCES "public"."b2b_warehouses"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "b2b_orders" ADD CONSTRAINT "b2b_orders_origin_warehouse_id_b2b_warehouses_id_fk" FOREIGN KEY ("origin_warehouse_id") REFERENCES "public"."b2b_warehouses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "b2b_orders" ADD CONSTRAINT "b2b_orders_pod_file_id_files_id_fk" FOREIGN KEY ("pod_file_id") REFERENCES "public"."files"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "b2b_warehouse_registrations" ADD CONSTRAINT "b2b_warehouse_registrations_warehouse_id_b2b_warehouses_id_fk" FOREIGN KEY ("warehouse_id") REFERENCES "public"."b2b_warehouses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "b2b_warehouses" ADD CONSTRAINT "b2b_warehouses_org_id_organisations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "b2b_box_numbers_awb_idx" ON "b2b_box_numbers" USING btree ("box_awb");--> statement-breakpoint
CREATE UNIQUE INDEX "b2b_boxes_order_position_uq" ON "b2b_boxes" USING btree ("order_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "b2b_invoices_order_position_uq" ON "b2b_invoices" USING btree ("order_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "b2b_invoices_order_number_uq" ON "b2b_invoices" USING btree ("order_id",lower("invoice_number"));--> statement-breakpoint
CREATE INDEX "b2b_invoices_ewb_idx" ON "b2b_invoices" USING btree ("eway_bill_number") WHERE "b2b_invoices"."eway_bill_number" is not null;--> statement-breakpoint
CREATE INDEX "b2b_orders_org_created_idx" ON "b2b_orders" USING btree ("org_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "b2b_orders_lr_uq" ON "b2b_orders" USING btree ("carrier_code","lr_number") WHERE "b2b_orders"."lr_number" is not null;--> statement-breakpoint
CREATE INDEX "b2b_orders_origin_idx" ON "b2b_orders" USING btree ("origin_warehouse_id");--> statement-breakpoint
CREATE INDEX "b2b_orders_job_idx" ON "b2b_orders" USING btree ("booking_job_id") WHERE "b2b_orders"."booking_state" = 'PENDING';--> statement-breakpoint
CREATE UNIQUE INDEX "b2b_warehouses_org_name_uq" ON "b2b_warehouses" USING btree ("org_id","kind",lower("name"));--> statement-breakpoint
CREATE INDEX "b2b_warehouses_org_kind_idx" ON "b2b_warehouses" USING btree ("org_id","kind","id");