import type { AppDeps } from '../deps';
import { IMPORT_QUEUE } from '../modules/product-uploads/service';
import { runProductImport } from '../modules/product-uploads/import-job';
import { RECHECK_QUEUE, recheckPayment } from '../modules/wallet/payments';

/** Every background job and the code that runs it; a new job adds one line here. */
export async function registerWorkers(deps: AppDeps): Promise<void> {
  await deps.jobs.work<{ uploadId: number }>(IMPORT_QUEUE, (data) => runProductImport(deps, data.uploadId));
  await deps.jobs.work<{ merchantTransactionId: string; attempt?: number }>(RECHECK_QUEUE, (data) => recheckPayment(deps, data.merchantTransactionId, data.attempt ?? 0));
}
