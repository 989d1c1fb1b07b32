CREATE TABLE "customers" (
	"id" serial PRIMARY KEY NOT NULL,
	"org_id" integer NOT NULL,
	"entity_name" text NOT NULL,
	"phone" text NOT NULL,
	"email" text DEFAULT '' NOT NULL,
	"address_line1" text NOT NULL,
	"address_line2" text DEFAULT '' NOT NULL,
	"pincode" text NOT NULL,
	"city" text NOT NULL,
	"state" text NOT NULL,
	"channel" text DEFAULT 'DAKIYA' NOT NULL,
	"orders_count" integer DEFAULT 0 NOT NULL,
	"last_order_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "product_categories" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "product_categories_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "product_channel_mappings" (
	"id" serial PRIMARY KEY NOT NULL,
	"org_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"channel_product_id" text NOT NULL,
	"store_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "product_upload_errors" (
	"id" serial PRIMARY KEY NOT NULL,
	"upload_id" integer NOT NULL,
	"row_number" integer NOT NULL,
	"column_name" text NOT NULL,
	"reason" text NOT NULL,
	"cells" jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "product_uploads" (
	"id" serial PRIMARY KEY NOT NULL,
	"org_id" integer NOT NULL,
	"account_id" integer NOT NULL,
	"file_name" text NOT NULL,
	"content" text,
	"status" text DEFAULT 'PENDING' NOT NULL,
	"total_rows" integer DEFAULT 0 NOT NULL,
	"processed_rows" integer DEFAULT 0 NOT NULL,
	"created_rows" integer DEFAULT 0 NOT NULL,
	"rejected_rows" integer DEFAULT 0 NOT NULL,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "products" (
	"id" serial PRIMARY KEY NOT NULL,
	"org_id" integer NOT NULL,
	"product_name" text NOT NULL,
	"sku" text NOT NULL,
	"category_id" integer,
	"price_paise" bigint NOT NULL,
	"inventory_managed" boolean DEFAULT false NOT NULL,
	"available_inventory" integer DEFAULT 0 NOT NULL,
	"notify_threshold" integer DEFAULT 0 NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"weight_kg" numeric(7, 2) NOT NULL,
	"length_cm" numeric(7, 2) NOT NULL,
	"breadth_cm" numeric(7, 2) NOT NULL,
	"height_cm" numeric(7, 2) NOT NULL,
	"hsn_code" text DEFAULT '' NOT NULL,
	"tax_rate_percent" numeric(5, 2) NOT NULL,
	"stock_alert_sent_at" timestamp with time zone,
	"upload_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "customers" ADD CONSTRAINT "customers_org_id_organisations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_channel_mappings" ADD CONSTRAINT "product_channel_mappings_org_id_organisations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_channel_mappings" ADD CONSTRAINT "product_channel_mappings_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_upload_errors" ADD CONSTRAINT "product_upload_errors_upload_id_product_uploads_id_fk" FOREIGN KEY ("upload_id") REFERENCES "public"."product_uploads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_uploads" ADD CONSTRAINT "product_uploads_org_id_organisations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_org_id_organisations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_category_id_product_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."product_categories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "customers_org_idx" ON "customers" USING btree ("org_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "customers_org_phone_uq" ON "customers" USING btree ("org_id","phone");--> statement-breakpoint
CREATE INDEX "product_channel_mappings_product_idx" ON "product_channel_mappings" USING btree ("product_id");--> statement-breakpoint
CREATE UNIQUE INDEX "product_channel_mappings_uq" ON "product_channel_mappings" USING btree ("org_id","store_id","channel_product_id");--> statement-breakpoint
CREATE INDEX "product_upload_errors_upload_idx" ON "product_upload_errors" USING btree ("upload_id","row_number");--> statement-breakpoint
CREATE INDEX "product_uploads_org_idx" ON "product_uploads" USING btree ("org_id","id");--> statement-breakpoint
CREATE INDEX "products_org_idx" ON "products" USING btree ("org_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "products_org_sku_uq" ON "products" USING btree ("org_id",lower("sku"));