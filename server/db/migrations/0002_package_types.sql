CREATE TABLE "package_types" (
	"id" serial PRIMARY KEY NOT NULL,
	"org_id" integer NOT NULL,
	"package_name" text NOT NULL,
	"package_type" text DEFAULT 'Box' NOT NULL,
	"length_cm" numeric(7, 2) NOT NULL,
	"breadth_cm" numeric(7, 2) NOT NULL,
	"height_cm" numeric(7, 2) NOT NULL,
	"status" text DEFAULT 'ACTIVE' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "package_types" ADD CONSTRAINT "package_types_org_id_organisations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "package_types_org_idx" ON "package_types" USING btree ("org_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "package_types_org_name_uq" ON "package_types" USING btree ("org_id",lower("package_name"));