CREATE TABLE "courier_outcomes" (
	"level" text NOT NULL,
	"place_key" text NOT NULL,
	"carrier_code" text NOT NULL,
	"shipments" integer NOT NULL,
	"delivered" integer NOT NULL,
	"rto" integer NOT NULL,
	"ndr" integer NOT NULL,
	"avg_days" real,
	"computed_at" timestamp with time zone NOT NULL,
	CONSTRAINT "courier_outcomes_level_place_key_carrier_code_pk" PRIMARY KEY("level","place_key","carrier_code")
);
--> statement-breakpoint
CREATE TABLE "courier_recommendation_settings" (
	"org_id" integer PRIMARY KEY NOT NULL,
	"rule" text DEFAULT 'CHEAPEST_ABOVE_FLOOR' NOT NULL,
	"floor_pct" smallint DEFAULT 90 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "courier_recommendation_settings" ADD CONSTRAINT "courier_recommendation_settings_org_id_organisations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;