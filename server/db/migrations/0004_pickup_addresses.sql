CREATE TABLE "pickup_addresses" (
	"id" serial PRIMARY KEY NOT NULL,
	"org_id" integer NOT NULL,
	"entity_name" text NOT NULL,
	"phone" text NOT NULL,
	"email" text NOT NULL,
	"address_line1" text NOT NULL,
	"address_line2" text,
	"pincode" text NOT NULL,
	"city" text NOT NULL,
	"state" text NOT NULL,
	"channel" text DEFAULT 'DAKIYA' NOT NULL,
	"is_primary" boolean DEFAULT false NOT NULL,
	"verified_at" timestamp with time zone,
	"deleted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "pickup_addresses" ADD CONSTRAINT "pickup_addresses_org_id_organisations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "pickup_addresses_org_idx" ON "pickup_addresses" USING btree ("org_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "pickup_addresses_one_primary_uq" ON "pickup_addresses" USING btree ("org_id") WHERE "pickup_addresses"."is_primary" and "pickup_addresses"."deleted_at" is null;