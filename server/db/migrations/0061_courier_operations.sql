CREATE TABLE "courier_operations" (
	"id" serial PRIMARY KEY NOT NULL,
	"org_id" integer NOT NULL,
	"order_id" integer NOT NULL,
	"carrier_code" text NOT NULL,
	"awb" text NOT NULL,
	"kind" text NOT NULL,
	"subject_id" integer NOT NULL,
	"label" text NOT NULL,
	"request_id" text NOT NULL,
	"state" text DEFAULT 'PENDING' NOT NULL,
	"result" text,
	"settled_via" text,
	"last_answer" jsonb,
	"polls" smallint DEFAULT 0 NOT NULL,
	"requested_at" timestamp with time zone NOT NULL,
	"next_poll_at" timestamp with time zone NOT NULL,
	"settled_at" timestamp with time zone
);
--> statement-breakpoint
CREATE UNIQUE INDEX "courier_operations_request_uq" ON "courier_operations" USING btree ("carrier_code","request_id");--> statement-breakpoint
CREATE INDEX "courier_operations_subject_idx" ON "courier_operations" USING btree ("kind","subject_id");--> statement-breakpoint
CREATE INDEX "courier_operations_due_idx" ON "courier_operations" USING btree ("next_poll_at") WHERE "courier_operations"."state" = 'PENDING';