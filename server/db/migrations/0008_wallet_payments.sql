CREATE TABLE "coupons" (
	"code" text PRIMARY KEY NOT NULL,
	"description" text NOT NULL,
	"category" text DEFAULT 'RECHARGE' NOT NULL,
	"bonus_percent" integer DEFAULT 0 NOT NULL,
	"bonus_flat_paise" bigint DEFAULT 0 NOT NULL,
	"max_bonus_paise" bigint NOT NULL,
	"min_recharge_paise" bigint DEFAULT 0 NOT NULL,
	"valid_from" timestamp with time zone NOT NULL,
	"valid_until" timestamp with time zone NOT NULL,
	"active" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
CREATE TABLE "gateway_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"gateway" text NOT NULL,
	"event_id" text NOT NULL,
	"merchant_transaction_id" text NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "wallet_payments" (
	"id" serial PRIMARY KEY NOT NULL,
	"org_id" integer NOT NULL,
	"account_id" integer NOT NULL,
	"gateway" text NOT NULL,
	"merchant_transaction_id" text NOT NULL,
	"gateway_order_id" text,
	"gateway_payment_id" text,
	"amount_paise" bigint NOT NULL,
	"coupon_code" text,
	"bonus_paise" bigint DEFAULT 0 NOT NULL,
	"status" text DEFAULT 'PENDING' NOT NULL,
	"detail" text DEFAULT '' NOT NULL,
	"credit_entry_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"settled_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "sandbox_gateway_transactions" (
	"id" serial PRIMARY KEY NOT NULL,
	"merchant_id" text NOT NULL,
	"merchant_transaction_id" text NOT NULL,
	"page_token" text NOT NULL,
	"amount_paise" bigint NOT NULL,
	"redirect_url" text NOT NULL,
	"callback_url" text NOT NULL,
	"code" text DEFAULT 'PAYMENT_PENDING' NOT NULL,
	"transaction_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "wallet_payments" ADD CONSTRAINT "wallet_payments_org_id_organisations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "gateway_events_uq" ON "gateway_events" USING btree ("gateway","event_id");--> statement-breakpoint
CREATE UNIQUE INDEX "wallet_payments_txn_uq" ON "wallet_payments" USING btree ("merchant_transaction_id");--> statement-breakpoint
CREATE INDEX "wallet_payments_org_idx" ON "wallet_payments" USING btree ("org_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "sandbox_gateway_txn_uq" ON "sandbox_gateway_transactions" USING btree ("merchant_id","merchant_transaction_id");--> statement-breakpoint
CREATE UNIQUE INDEX "sandbox_gateway_token_uq" ON "sandbox_gateway_transactions" USING btree ("page_token");