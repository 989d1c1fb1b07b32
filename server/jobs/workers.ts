import type { AppDeps } from '../deps';
import { IMPORT_QUEUE } from '../modules/product-uploads/service';
import { runProductImport } from '../modules/product-uploads/import-job';

/** Every background job and the code that runs it; a new job adds one line here. */
export async function registerWorkers(deps: AppDeps): Promise<void> {
  await deps.jobs.work<{ uploadId: number }>(IMPORT_QUEUE, (data) => runProductImport(deps, data.uploadId));
}
