DROP TABLE "product_upload_errors" CASCADE;--> statement-breakpoint
DROP TABLE "product_uploads" CASCADE;