import type { AppDeps } from './deps';
import { UPLOAD_KINDS } from './app';
import { runCsvImport } from './modules/uploads/import-job';
import { RECHECK_QUEUE, recheckPayment } from './modules/wallet/payments';
import { reportDueScans, TICK_QUEUE } from './carriers/sandbox/tick';
import { NDR_DEADLINE_QUEUE, runNdrDeadlines } from './modules/ndr/service';
import { runWeightDeadlines, WEIGHT_DEADLINE_QUEUE } from './modules/weight/service';
import { COD_CYCLE_QUEUE, runCodCycle } from './modules/cod/cycle';
import { COD_REMIT_QUEUE, remitCollectedCod } from './carriers/sandbox/cod-remittance';
import { RENEWAL_QUEUE, runSubscriptionRenewals } from './modules/plans/service';
import { runSimulationStep, SIMULATION_STEP_QUEUE } from './modules/simulation/service';
import { generateReport, REPORT_QUEUE } from './modules/reports/generate';
import {
  expireReports,
  REPORT_EXPIRY_CRON,
  REPORT_EXPIRY_QUEUE,
  REPORT_RUN_QUEUE,
  REPORT_SCHEDULE_QUEUES,
  runDueSchedules,
  runScheduleNow,
} from './modules/reports/schedules';
import {
  CUSTOM_REPORT_SEND_QUEUE,
  CUSTOM_REPORT_TICK_CRON,
  CUSTOM_REPORT_TICK_QUEUE,
  queueDueCustomReports,
  sendCustomReport,
} from './modules/reports/custom-schedules';
import { closeResolvedTickets, TICKET_CLOSE_CRON, TICKET_CLOSE_QUEUE } from './modules/tickets/auto-close';
import { deliverDueWebhooks, WEBHOOK_QUEUE } from './modules/open-api/webhooks/deliver';
import { CHANNEL_WEBHOOK_QUEUE, processWebhook } from './modules/channels/webhooks';
import { CHANNEL_WRITE_BACK_QUEUE, drainChannelUpdates } from './modules/channels/write-back';
import { CHANNEL_POLL_QUEUE, pollChannelStores } from './modules/channels/poll';
import { AMAZON_ERASURE_CRON, AMAZON_ERASURE_QUEUE, eraseAmazonBuyerData } from './modules/channels/amazon-retention';
import { EXPIRY_QUEUE as COD_VERIFICATION_QUEUE, runVerificationExpiry } from './modules/cod-verification/service';
import { workOnBeat } from './jobs/beat';
import { PICKUP_SYNC_QUEUE, syncPickupRequest } from './modules/pickups/sync';
import { BOOKING_RECONCILE_QUEUE, reconcileBookings } from './modules/shipping/reconcile-bookings';
import { DELIVERY_OTP_QUEUE, sendDeliveryOtps } from './modules/shipping/delivery-otp';
import { fetchQcPhotos, QC_PHOTOS_QUEUE } from './modules/returns/reverse-scans';
import { fetchHubPhoto, HUB_PHOTO_QUEUE } from './modules/weight/raise';
import { courierPollQueue, pollCourier } from './modules/courier-inlet/poll';
import {
  COURIER_WEBHOOKS_QUEUE,
  queueCourierWebhooks,
  registerCourierWebhooks,
} from './modules/courier-inlet/webhook-registration';
import { COURIER_OPERATIONS_QUEUE, pollCourierOperations } from './modules/courier-operations/poll';
import {
  LANE_TRANSIT_EVERY_SECONDS,
  LANE_TRANSIT_QUEUE,
  rebuildLaneTransit,
} from './modules/promises/lane-transit-job';
import { LANE_QUALITY_EVERY_SECONDS, LANE_QUALITY_QUEUE, rebuildLaneQuality } from './modules/quality/lane-quality-job';
import { RISK_TRAINING_EVERY_SECONDS, RISK_TRAINING_QUEUE, trainRiskModelJob } from './modules/risk/train-job';
import { OUTCOMES_EVERY_SECONDS, OUTCOMES_QUEUE, rebuildCourierOutcomes } from './modules/recommendation/outcomes-job';
import {
  B2B_BOOKING_RECONCILE_QUEUE,
  B2B_BOOKING_SETTLE_QUEUE,
  reconcileLostBooking,
  settlePendingBooking,
} from './modules/b2b-freight/booking';
import {
  B2B_STALE_BOOKING_QUEUE,
  reconcileStaleBookings,
  STALE_SWEEP_EVERY_SECONDS,
} from './modules/b2b-freight/stale-bookings';
import { followConsignments } from './modules/b2b-freight/tracking';
import { watchEwayBills } from './modules/b2b-freight/eway-bill-expiry';

/** The beat that follows booked B2B consignments with their carriers. */
export const B2B_FOLLOW_QUEUE = 'b2b-follow';
/** The beat that warns of e-way bills about to lapse. */
export const EWAY_BILL_WATCH_QUEUE = 'eway-bill-watch';

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
  // what a courier's scan makes us fetch from it, one job each (idempotent: a repeat fetches nothing new)
  await deps.jobs.work<{ shipmentId: number }>(DELIVERY_OTP_QUEUE, (data) =>
    sendDeliveryOtps(deps, [data.shipmentId]).then(() => undefined),
  );
  await deps.jobs.work<{ returnId: number; shipmentId: number }>(QC_PHOTOS_QUEUE, (data) =>
    fetchQcPhotos(deps, data).then(() => undefined),
  );
  await deps.jobs.work<{ discrepancyId: number }>(HUB_PHOTO_QUEUE, (data) =>
    fetchHubPhoto(deps, data.discrepancyId).then(() => undefined),
  );
  // a B2B booking the carrier answered PENDING (Delhivery LTL's manifest job), asked about until it settles
  await deps.jobs.work<{ orderId: number }>(B2B_BOOKING_SETTLE_QUEUE, (data) =>
    settlePendingBooking(deps, data.orderId),
  );
  // a B2B booking whose answer was lost (a timeout, a dropped connection), looked up by its reference
  await deps.jobs.work<{ orderId: number; tries?: number }>(B2B_BOOKING_RECONCILE_QUEUE, (data) =>
    reconcileLostBooking(deps, data.orderId, data.tries ?? 0),
  );
  // a warehouse's pickup request for a day, told to its courier (idempotent; a refusal is retried)
  await deps.jobs.work<{ pickupRequestId: number }>(PICKUP_SYNC_QUEUE, (data) =>
    syncPickupRequest(deps, data.pickupRequestId).then(() => undefined),
  );
  // reports: each request's file is made by its own job; one schedule can be run now by its id
  await deps.jobs.work<{ requestId: number }>(REPORT_QUEUE, (data) => generateReport(deps, data.requestId));
  await deps.jobs.work<{ scheduleId: number }>(REPORT_RUN_QUEUE, (data) => runScheduleNow(deps, data.scheduleId));
  // cron schedules (IST): scheduled reports a frequency, old report files, resolved tickets past reopening
  for (const { frequency, queue, cron } of REPORT_SCHEDULE_QUEUES) {
    await deps.jobs.work(queue, () => runDueSchedules(deps, frequency).then(() => undefined));
    await deps.jobs.schedule(queue, cron);
  }
  // saved custom reports: an hourly tick (IST) queues the due ones; each is made and emailed by its own job
  await deps.jobs.work<{ reportId: number }>(CUSTOM_REPORT_SEND_QUEUE, (data) =>
    sendCustomReport(deps, data.reportId).then(() => undefined),
  );
  await deps.jobs.work(CUSTOM_REPORT_TICK_QUEUE, () => queueDueCustomReports(deps).then(() => undefined));
  await deps.jobs.schedule(CUSTOM_REPORT_TICK_QUEUE, CUSTOM_REPORT_TICK_CRON);
  await deps.jobs.work(REPORT_EXPIRY_QUEUE, () => expireReports(deps).then(() => undefined));
  await deps.jobs.schedule(REPORT_EXPIRY_QUEUE, REPORT_EXPIRY_CRON);
  await deps.jobs.work(TICKET_CLOSE_QUEUE, () => closeResolvedTickets(deps).then(() => undefined));
  await deps.jobs.schedule(TICKET_CLOSE_QUEUE, TICKET_CLOSE_CRON);
  // channel stores: each kept webhook makes its order; shipment news goes out on its own beat
  await deps.jobs.work<{ webhookId: number }>(CHANNEL_WEBHOOK_QUEUE, (data) => processWebhook(deps, data.webhookId));
  const writeBackSeconds = deps.config.channelWriteBackSeconds;
  if (writeBackSeconds > 0)
    await workOnBeat(deps, CHANNEL_WRITE_BACK_QUEUE, () => drainChannelUpdates(deps), {
      everySeconds: writeBackSeconds,
      key: 'beat',
    });
  // stores without order webhooks (Magento 2, Amazon) are asked for their changed orders on a beat;
  // 120 s keeps Amazon's getOrders within its usage plan (about one call a minute a seller)
  const storePollSeconds = deps.config.channelPollSeconds;
  if (storePollSeconds > 0)
    await workOnBeat(deps, CHANNEL_POLL_QUEUE, () => pollChannelStores(deps), {
      everySeconds: storePollSeconds,
      key: 'poll',
    });
  // Amazon buyers' personal data, erased daily once 30 days have passed since their order ended
  await deps.jobs.work(AMAZON_ERASURE_QUEUE, () => eraseAmazonBuyerData(deps).then(() => undefined));
  await deps.jobs.schedule(AMAZON_ERASURE_QUEUE, AMAZON_ERASURE_CRON);
  // failed deliveries whose 24 hours have passed get the product's action; each run schedules the next
  const sweepSeconds = deps.config.ndrSweepSeconds;
  if (sweepSeconds > 0) {
    const sweep = { everySeconds: sweepSeconds, key: 'sweep' };
    await workOnBeat(deps, NDR_DEADLINE_QUEUE, () => runNdrDeadlines(deps), sweep);
    // weight discrepancies left unanswered past their 7 days are accepted by themselves, on the same beat
    await workOnBeat(deps, WEIGHT_DEADLINE_QUEUE, () => runWeightDeadlines(deps), sweep);
    // what fell due while no process ran: scheduled reports catch up once at start
    for (const { queue } of REPORT_SCHEDULE_QUEUES) await deps.jobs.send(queue, {}, { retryLimit: 0 });
    // COD: the sandbox couriers remit what they collected, then the payout cycle of the latest
    // payout day runs (both once per day in effect: a courier's file and a seller's payout are
    // once per day by their unique keys, so a beat that finds nothing new adds nothing)
    await workOnBeat(deps, COD_REMIT_QUEUE, () => remitCollectedCod(deps), sweep);
    await workOnBeat(deps, COD_CYCLE_QUEUE, () => runCodCycle(deps), sweep);
    // COD orders whose buyer did not answer in time follow the seller's rule
    await workOnBeat(deps, COD_VERIFICATION_QUEUE, () => runVerificationExpiry(deps), sweep);
    // e-way bills about to lapse warn their sellers; lapsed ones are marked expired
    await workOnBeat(deps, EWAY_BILL_WATCH_QUEUE, () => watchEwayBills(deps), sweep);
    // paid plans whose period has ended are renewed, downgraded or expire to Lite, on the same beat
    await workOnBeat(deps, RENEWAL_QUEUE, () => runSubscriptionRenewals(deps), sweep);
    // the courier recommendation's outcome tables: rebuilt now, then every few hours
    await workOnBeat(deps, OUTCOMES_QUEUE, () => rebuildCourierOutcomes(deps.db, deps.now()), {
      everySeconds: OUTCOMES_EVERY_SECONDS,
      key: 'rebuild',
      firstAfterSeconds: 0,
    });
    // the delivery promises' lane histograms: rebuilt now, then every few hours
    await workOnBeat(deps, LANE_TRANSIT_QUEUE, () => rebuildLaneTransit(deps.db, deps.now()), {
      everySeconds: LANE_TRANSIT_EVERY_SECONDS,
      key: 'rebuild',
      firstAfterSeconds: 0,
    });
    // the couriers' quality per lane (delivered, RTO, NDR, days, pickups): rebuilt now, then every few hours
    await workOnBeat(deps, LANE_QUALITY_QUEUE, () => rebuildLaneQuality(deps.db, deps.now()), {
      everySeconds: LANE_QUALITY_EVERY_SECONDS,
      key: 'rebuild',
      firstAfterSeconds: 0,
    });
    // the RTO risk model: refitted on the settled orders now, then once a day
    await workOnBeat(deps, RISK_TRAINING_QUEUE, () => trainRiskModelJob(deps.db, deps.now()), {
      everySeconds: RISK_TRAINING_EVERY_SECONDS,
      key: 'train',
      firstAfterSeconds: 0,
    });
    // webhook deliveries due now (new events, and retries on their schedule), every two seconds;
    // the tests that set no sweeps run the deliverer themselves
    await workOnBeat(deps, WEBHOOK_QUEUE, () => deliverDueWebhooks(deps), { everySeconds: 2, key: 'beat' });
  }
  // courier bookings left unrecorded by a request that died mid-booking: adopted or cancelled
  const reconcile = deps.config.bookingReconcile.everySeconds;
  if (reconcile > 0) {
    await workOnBeat(deps, BOOKING_RECONCILE_QUEUE, () => reconcileBookings(deps), {
      everySeconds: reconcile,
      key: 'reconcile',
    });
    // B2B bookings left in flight by a process that died before the carrier's answer was written
    await workOnBeat(deps, B2B_STALE_BOOKING_QUEUE, () => reconcileStaleBookings(deps), {
      everySeconds: STALE_SWEEP_EVERY_SECONDS,
      key: 'sweep',
    });
  }
  // live couriers (a real adapter configured) are polled for tracking, each on its own beat
  const pollSeconds = deps.config.courierPollSeconds;
  // booked B2B consignments are followed with their real carriers on the same period
  if (pollSeconds > 0 && deps.carriers.liveFreight.length)
    await workOnBeat(deps, B2B_FOLLOW_QUEUE, () => followConsignments(deps, 'live'), {
      everySeconds: pollSeconds,
      key: 'beat',
    });
  if (pollSeconds > 0)
    for (const code of deps.carriers.live)
      await workOnBeat(deps, courierPollQueue(code), () => pollCourier(deps, code), {
        everySeconds: pollSeconds,
        key: `poll:${code}`,
      });
  // live couriers that take their webhook through their API (Ekart) are given ours at start
  await deps.jobs.work(COURIER_WEBHOOKS_QUEUE, () => registerCourierWebhooks(deps).then(() => undefined));
  if (deps.carriers.live.length) await queueCourierWebhooks(deps);
  // requests couriers answer later (an NDR action's UPL id): asked about in bulk until settled
  const operationsSeconds = deps.config.courierOperationsPollSeconds;
  if (operationsSeconds > 0)
    await workOnBeat(deps, COURIER_OPERATIONS_QUEUE, () => pollCourierOperations(deps), {
      everySeconds: operationsSeconds,
      key: 'operations',
    });
  // the sandbox couriers report every few seconds, once a period
  const { tickSeconds } = deps.config.sandboxCourier;
  // the same tick reports the parcels' due scans, then reads the sandbox freight lanes' LRs (one
  // queue, not two: every queue is one more poller on the jobs' connections)
  if (tickSeconds > 0)
    await workOnBeat(
      deps,
      TICK_QUEUE,
      async () => {
        await reportDueScans(deps);
        await followConsignments(deps, 'sandbox');
      },
      { everySeconds: tickSeconds, key: 'tick' },
    );
}
