CREATE TABLE "order_payment_modes" (
	"order_id" integer PRIMARY KEY NOT NULL,
	"org_id" integer NOT NULL,
	"mode_id" integer NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"label_note" text DEFAULT '' NOT NULL,
	"advance_paise" bigint DEFAULT 0 NOT NULL,
	"advance_paid_via" text,
	"advance_paid_at" timestamp with time zone,
	"advance_note" text,
	"payment_txn_id" text,
	"payment_gateway" text,
	"payment_gateway_order_id" text,
	"gateway_payment_id" text,
	"link_sent_at" timestamp with time zone,
	"link_sends" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payment_modes" (
	"id" serial PRIMARY KEY NOT NULL,
	"org_id" integer NOT NULL,
	"name" text NOT NULL,
	"code" text NOT NULL,
	"basis" text NOT NULL,
	"advance_kind" text DEFAULT 'NONE' NOT NULL,
	"advance_percent" integer,
	"advance_fixed_paise" bigint,
	"label_note" text DEFAULT '' NOT NULL,
	"archived_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "payment_mode_code" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "advance_paise" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "advance_paid_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "order_payment_modes" ADD CONSTRAINT "order_payment_modes_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_payment_modes" ADD CONSTRAINT "order_payment_modes_org_id_organisations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_payment_modes" ADD CONSTRAINT "order_payment_modes_mode_id_payment_modes_id_fk" FOREIGN KEY ("mode_id") REFERENCES "public"."payment_modes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_modes" ADD CONSTRAINT "payment_modes_org_id_organisations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_payment_modes_mode_idx" ON "order_payment_modes" USING btree ("mode_id");--> statement-breakpoint
CREATE UNIQUE INDEX "order_payment_modes_payment_uq" ON "order_payment_modes" USING btree ("gateway_payment_id") WHERE gateway_payment_id is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "payment_modes_org_code_uq" ON "payment_modes" USING btree ("org_id","code");