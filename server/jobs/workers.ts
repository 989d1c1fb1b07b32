import type { AppDeps } from '../deps';
import { UPLOAD_KINDS } from '../app';
import { runCsvImport } from '../modules/uploads/import-job';
import { RECHECK_QUEUE, recheckPayment } from '../modules/wallet/payments';
import { reportDueScans, TICK_QUEUE } from '../carriers/sandbox/tick';
import { NDR_DEADLINE_QUEUE, runNdrDeadlines } from '../modules/ndr/service';
import { runWeightDeadlines, WEIGHT_DEADLINE_QUEUE } from '../modules/weight/service';
import { COD_CYCLE_QUEUE, runCodCycle } from '../modules/cod/cycle';
import { COD_REMIT_QUEUE, remitCollectedCod } from '../carriers/sandbox/cod-remittance';
import { RENEWAL_QUEUE, runSubscriptionRenewals } from '../modules/team/plans';
import { runSimulationStep, SIMULATION_STEP_QUEUE } from '../modules/simulation/service';
import { generateReport, REPORT_QUEUE } from '../modules/reports/generate';
import { OUTCOMES_EVERY_SECONDS, OUTCOMES_QUEUE, rebuildCourierOutcomes } from '../modules/recommendation/outcomes-job';
import { REPORT_RUN_QUEUE, REPORT_SWEEP_QUEUE, runReportSweep, runScheduleNow } from '../modules/reports/schedules';

/** Every background job and the code that runs it; a new job adds one line here. */
export async function registerWorkers(deps: AppDeps): Promise<void> {
  for (const kind of UPLOAD_KINDS)
    await deps.jobs.work<{ uploadId: number }>(kind.queue, (data) => runCsvImport(deps, kind, data.uploadId));
  await deps.jobs.work<{ merchantTransactionId: string; attempt?: number }>(RECHECK_QUEUE, (data) =>
    recheckPayment(deps, data.merchantTransactionId, data.attempt ?? 0),
  );
  // staff's automatic simulation runs: one job per step, each sending the next
  await deps.jobs.work<{ orderId: number; runId: string }>(SIMULATION_STEP_QUEUE, (data) =>
    runSimulationStep(deps, data),
  );
  // reports: each request's file is made by its own job; one schedule can be run now by its id
  await deps.jobs.work<{ requestId: number }>(REPORT_QUEUE, (data) => generateReport(deps, data.requestId));
  await deps.jobs.work<{ scheduleId: number }>(REPORT_RUN_QUEUE, (data) => runScheduleNow(deps, data.scheduleId));
  // failed deliveries whose 24 hours have passed get the product's action; each run schedules the next
  const sweepSeconds = deps.config.ndrSweepSeconds;
  if (sweepSeconds > 0) {
    const nextSweep = () =>
      deps.jobs.send(NDR_DEADLINE_QUEUE, {}, { singletonKey: 'sweep', startAfterSeconds: sweepSeconds, retryLimit: 0 });
    await deps.jobs.work(NDR_DEADLINE_QUEUE, async () => {
      try {
        await runNdrDeadlines(deps);
      } finally {
        await nextSweep();
      }
    });
    await nextSweep();
    // weight discrepancies left unanswered past their 7 days are accepted by themselves, on the same beat
    const nextWeightSweep = () =>
      deps.jobs.send(
        WEIGHT_DEADLINE_QUEUE,
        {},
        { singletonKey: 'sweep', startAfterSeconds: sweepSeconds, retryLimit: 0 },
      );
    await deps.jobs.work(WEIGHT_DEADLINE_QUEUE, async () => {
      try {
        await runWeightDeadlines(deps);
      } finally {
        await nextWeightSweep();
      }
    });
    await nextWeightSweep();
    // COD: the sandbox couriers remit what they collected, then the payout cycle of the latest
    // payout day runs (both once per day in effect: a courier's file and a seller's payout are
    // once per day by their unique keys, so a beat that finds nothing new adds nothing)
    const beat = (queue: string, run: () => Promise<unknown>) => {
      const next = () =>
        deps.jobs.send(queue, {}, { singletonKey: 'sweep', startAfterSeconds: sweepSeconds, retryLimit: 0 });
      return {
        next,
        work: () =>
          deps.jobs.work(queue, async () => {
            try {
              await run();
            } finally {
              await next();
            }
          }),
      };
    };
    // due scheduled reports are made and files past their 30 days deleted, on the same beat
    for (const job of [
      beat(COD_REMIT_QUEUE, () => remitCollectedCod(deps)),
      beat(COD_CYCLE_QUEUE, () => runCodCycle(deps)),
      beat(REPORT_SWEEP_QUEUE, () => runReportSweep(deps)),
    ]) {
      await job.work();
      await job.next();
    }
    // paid plans whose period has ended are renewed, downgraded or expire to Lite, on the same beat
    const nextRenewals = () =>
      deps.jobs.send(RENEWAL_QUEUE, {}, { singletonKey: 'sweep', startAfterSeconds: sweepSeconds, retryLimit: 0 });
    await deps.jobs.work(RENEWAL_QUEUE, async () => {
      try {
        await runSubscriptionRenewals(deps);
      } finally {
        await nextRenewals();
      }
    });
    await nextRenewals();
    // the courier recommendation's outcome tables: rebuilt now, then every few hours
    const nextOutcomes = (startAfterSeconds: number) =>
      deps.jobs.send(OUTCOMES_QUEUE, {}, { singletonKey: 'rebuild', startAfterSeconds, retryLimit: 0 });
    await deps.jobs.work(OUTCOMES_QUEUE, async () => {
      try {
        await rebuildCourierOutcomes(deps.db, deps.now());
      } finally {
        await nextOutcomes(OUTCOMES_EVERY_SECONDS);
      }
    });
    await nextOutcomes(0);
  }
  // the sandbox couriers report every few seconds: each tick schedules the next
  const { tickSeconds } = deps.config.sandboxCourier;
  if (tickSeconds > 0) {
    const next = () =>
      deps.jobs.send(TICK_QUEUE, {}, { singletonKey: 'tick', startAfterSeconds: tickSeconds, retryLimit: 0 });
    await deps.jobs.work(TICK_QUEUE, async () => {
      try {
        await reportDueScans(deps);
      } finally {
        await next();
      }
    });
    await next();
  }
}
