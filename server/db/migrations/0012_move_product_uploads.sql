-- Products uploads move into the shared CSV uploads tables, keeping their ids (products.upload_id
-- points at them), their rejected rows and their history.
INSERT INTO "csv_uploads" ("id", "org_id", "kind", "account_id", "file_name", "content", "status", "total_rows", "processed_rows", "created_rows", "rejected_rows", "error", "created_at", "finished_at")
  SELECT "id", "org_id", 'PRODUCTS', "account_id", "file_name", "content", "status", "total_rows", "processed_rows", "created_rows", "rejected_rows", "error", "created_at", "finished_at" FROM "product_uploads";
--> statement-breakpoint
INSERT INTO "csv_upload_errors" ("upload_id", "row_number", "column_name", "reason", "cells")
  SELECT "upload_id", "row_number", "column_name", "reason", "cells" FROM "product_upload_errors" ORDER BY "id";
--> statement-breakpoint
SELECT setval(pg_get_serial_sequence('csv_uploads', 'id'), greatest((SELECT max("id") FROM "csv_uploads"), 1), (SELECT count(*) > 0 FROM "csv_uploads"));
