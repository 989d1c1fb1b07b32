CREATE TABLE "live_order_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"org_id" integer NOT NULL,
	"order_id" integer NOT NULL,
	"order_number" text NOT NULL,
	"tracking_number" text,
	"status" text NOT NULL,
	"status_text" text NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"location" text,
	"remark" text,
	"created_at" timestamp with time zone DEFAULT clock_timestamp() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "simulation_runs" (
	"order_id" integer PRIMARY KEY NOT NULL,
	"run_id" text NOT NULL,
	"remaining" text[] NOT NULL,
	"interval_seconds" integer NOT NULL,
	"started_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "live_order_events" ADD CONSTRAINT "live_order_events_org_id_organisations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "live_order_events" ADD CONSTRAINT "live_order_events_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "simulation_runs" ADD CONSTRAINT "simulation_runs_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "live_order_events_order_idx" ON "live_order_events" USING btree ("order_id","id");