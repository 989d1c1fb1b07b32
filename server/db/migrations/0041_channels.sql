CREATE TABLE "channel_stores" (
	"id" serial PRIMARY KEY NOT NULL,
	"org_id" integer NOT NULL,
	"platform" text NOT NULL,
	"store_url" text NOT NULL,
	"name" text DEFAULT '' NOT NULL,
	"status" text NOT NULL,
	"oauth_state" text,
	"credentials" text,
	"last_error" text,
	"connected_at" timestamp with time zone,
	"last_sync_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "channel_sync_log" (
	"id" serial PRIMARY KEY NOT NULL,
	"org_id" integer NOT NULL,
	"store_id" integer NOT NULL,
	"kind" text NOT NULL,
	"topic" text NOT NULL,
	"outcome" text NOT NULL,
	"message" text DEFAULT '' NOT NULL,
	"attempt" integer DEFAULT 1 NOT NULL,
	"at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "channel_updates" (
	"id" serial PRIMARY KEY NOT NULL,
	"org_id" integer NOT NULL,
	"store_id" integer NOT NULL,
	"order_id" integer NOT NULL,
	"status" text NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone NOT NULL,
	"done_at" timestamp with time zone,
	"error" text
);
--> statement-breakpoint
CREATE TABLE "channel_webhooks" (
	"id" serial PRIMARY KEY NOT NULL,
	"org_id" integer NOT NULL,
	"store_id" integer NOT NULL,
	"delivery_id" text NOT NULL,
	"topic" text NOT NULL,
	"body" text NOT NULL,
	"status" text DEFAULT 'RECEIVED' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"received_at" timestamp with time zone NOT NULL,
	"processed_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "channel_store_id" integer;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "channel_order_id" text;--> statement-breakpoint
ALTER TABLE "channel_stores" ADD CONSTRAINT "channel_stores_org_id_organisations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "channel_sync_log" ADD CONSTRAINT "channel_sync_log_org_id_organisations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "channel_sync_log" ADD CONSTRAINT "channel_sync_log_store_id_channel_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."channel_stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "channel_updates" ADD CONSTRAINT "channel_updates_org_id_organisations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "channel_updates" ADD CONSTRAINT "channel_updates_store_id_channel_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."channel_stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "channel_updates" ADD CONSTRAINT "channel_updates_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "channel_webhooks" ADD CONSTRAINT "channel_webhooks_org_id_organisations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "channel_webhooks" ADD CONSTRAINT "channel_webhooks_store_id_channel_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."channel_stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "channel_stores_org_idx" ON "channel_stores" USING btree ("org_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "channel_stores_org_store_uq" ON "channel_stores" USING btree ("org_id","platform","store_url");--> statement-breakpoint
CREATE UNIQUE INDEX "channel_stores_connected_uq" ON "channel_stores" USING btree ("platform","store_url") WHERE status = 'CONNECTED';--> statement-breakpoint
CREATE UNIQUE INDEX "channel_stores_state_uq" ON "channel_stores" USING btree ("oauth_state");--> statement-breakpoint
CREATE INDEX "channel_sync_log_store_idx" ON "channel_sync_log" USING btree ("store_id","id");--> statement-breakpoint
CREATE INDEX "channel_updates_due_idx" ON "channel_updates" USING btree ("next_attempt_at") WHERE done_at is null;--> statement-breakpoint
CREATE UNIQUE INDEX "channel_webhooks_delivery_uq" ON "channel_webhooks" USING btree ("store_id","delivery_id");--> statement-breakpoint
CREATE UNIQUE INDEX "orders_channel_order_uq" ON "orders" USING btree ("org_id","channel","channel_store_id","channel_order_id") WHERE channel_order_id is not null;