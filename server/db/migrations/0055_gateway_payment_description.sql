-- What the payer pays for ("Paying Meera Crafts for order MC-1001"), shown on the sandbox gateway's page.
ALTER TABLE "sandbox_gateway_transactions" ADD COLUMN "description" text DEFAULT '' NOT NULL;
