CREATE TABLE "buyer_messages" (
	"id" serial PRIMARY KEY NOT NULL,
	"org_id" integer NOT NULL,
	"order_id" integer,
	"shipment_id" integer,
	"kind" text NOT NULL,
	"channel" text NOT NULL,
	"provider" text NOT NULL,
	"template" text,
	"language" text DEFAULT 'en' NOT NULL,
	"recipient" text NOT NULL,
	"body" text NOT NULL,
	"values" text,
	"status" text NOT NULL,
	"error" text,
	"provider_message_id" text,
	"fallback_of" integer,
	"reply" text,
	"replied_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "buyer_notification_settings" ADD COLUMN "whatsapp" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "buyer_notification_settings" ADD COLUMN "language" text DEFAULT 'en' NOT NULL;--> statement-breakpoint
CREATE INDEX "buyer_messages_order_idx" ON "buyer_messages" USING btree ("org_id","order_id","id");--> statement-breakpoint
CREATE INDEX "buyer_messages_provider_idx" ON "buyer_messages" USING btree ("provider","provider_message_id");--> statement-breakpoint
CREATE INDEX "buyer_messages_month_idx" ON "buyer_messages" USING btree ("org_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "buyer_messages_fallback_uq" ON "buyer_messages" USING btree ("fallback_of");