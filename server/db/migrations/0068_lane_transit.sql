CREATE TABLE "lane_transit" (
	"level" text NOT NULL,
	"origin_key" text NOT NULL,
	"place_key" text NOT NULL,
	"carrier_code" text NOT NULL,
	"counts" integer[] NOT NULL,
	"shipments" integer NOT NULL,
	"computed_at" timestamp with time zone NOT NULL,
	CONSTRAINT "lane_transit_level_origin_key_place_key_carrier_code_pk" PRIMARY KEY("level","origin_key","place_key","carrier_code")
);
