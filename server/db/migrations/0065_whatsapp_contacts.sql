CREATE TABLE "whatsapp_contacts" (
	"org_id" integer NOT NULL,
	"phone" text NOT NULL,
	"window_closes_at" timestamp with time zone,
	"opted_out_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "whatsapp_contacts_org_id_phone_pk" PRIMARY KEY("org_id","phone")
);
--> statement-breakpoint
CREATE TABLE "whatsapp_inbound" (
	"message_id" text PRIMARY KEY NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
