CREATE TABLE "lane_quality" (
	"level" text NOT NULL,
	"origin_key" text NOT NULL,
	"place_key" text NOT NULL,
	"carrier_code" text NOT NULL,
	"settled" integer NOT NULL,
	"delivered" integer NOT NULL,
	"rto" integer NOT NULL,
	"ndr" integer NOT NULL,
	"avg_days" real,
	"pickups_due" integer NOT NULL,
	"pickups_on_time" integer NOT NULL,
	"computed_at" timestamp with time zone NOT NULL,
	CONSTRAINT "lane_quality_level_origin_key_place_key_carrier_code_pk" PRIMARY KEY("level","origin_key","place_key","carrier_code")
);
