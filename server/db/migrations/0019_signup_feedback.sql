CREATE TABLE "signup_feedback" (
	"id" serial PRIMARY KEY NOT NULL,
	"idempotency_key" text NOT NULL,
	"rating" integer NOT NULL,
	"message" text DEFAULT '' NOT NULL,
	"ip" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "signup_feedback_idempotency_key_uq" ON "signup_feedback" USING btree ("idempotency_key");--> statement-breakpoint
CREATE INDEX "signup_feedback_ip_created_idx" ON "signup_feedback" USING btree ("ip","created_at");