ALTER TABLE "files" ADD COLUMN "public" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- brand assets buyers see stay public: company logos and the images of tracking-page brands
UPDATE "files" SET "public" = true WHERE "id" IN (SELECT "company_logo_file_id" FROM "organisations" WHERE "company_logo_file_id" IS NOT NULL);
--> statement-breakpoint
UPDATE "files" SET "public" = true WHERE EXISTS (
  SELECT 1 FROM "brand_customisations" b
  WHERE b."org_id" = "files"."org_id" AND position(('/api/v1/files/' || "files"."id") in b."config"::text) > 0
);
