-- The organisation's GSTIN once KYC has verified it and staff approved it (company profile, invoices).
-- This migration's snapshot also records the returns and NDR-list migrations before it, which were
-- written by hand, so the next generated migration holds only its own change.
ALTER TABLE "organisations" ADD COLUMN "gstin" text;
