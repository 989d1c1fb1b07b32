CREATE TABLE "brand_customisations" (
	"org_id" integer PRIMARY KEY NOT NULL,
	"config" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "buyer_notification_settings" (
	"org_id" integer NOT NULL,
	"event" text NOT NULL,
	"sms" boolean NOT NULL,
	"email" boolean NOT NULL,
	CONSTRAINT "buyer_notification_settings_org_id_event_pk" PRIMARY KEY("org_id","event")
);
--> statement-breakpoint
CREATE TABLE "buyer_notifications" (
	"id" serial PRIMARY KEY NOT NULL,
	"shipment_id" integer NOT NULL,
	"event" text NOT NULL,
	"channel" text NOT NULL,
	"recipient" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tracking_feedback" (
	"id" serial PRIMARY KEY NOT NULL,
	"shipment_id" integer NOT NULL,
	"kind" text NOT NULL,
	"rating" integer NOT NULL,
	"feedback" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "brand_customisations" ADD CONSTRAINT "brand_customisations_org_id_organisations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "buyer_notification_settings" ADD CONSTRAINT "buyer_notification_settings_org_id_organisations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "buyer_notifications" ADD CONSTRAINT "buyer_notifications_shipment_id_shipments_id_fk" FOREIGN KEY ("shipment_id") REFERENCES "public"."shipments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tracking_feedback" ADD CONSTRAINT "tracking_feedback_shipment_id_shipments_id_fk" FOREIGN KEY ("shipment_id") REFERENCES "public"."shipments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "buyer_notifications_once_uq" ON "buyer_notifications" USING btree ("shipment_id","event","channel");--> statement-breakpoint
CREATE UNIQUE INDEX "tracking_feedback_once_uq" ON "tracking_feedback" USING btree ("shipment_id","kind");