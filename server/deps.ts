import type { Config } from './config';
import type { Database, Db } from './db/client';
import type { ReadDb } from './db/read-routing';
import type { Messenger } from './messaging/messenger';
import type { JobQueue } from './jobs/queue';
import type { Payments } from './payments/setup';
import type { VerificationProvider } from './verification/provider';
import type { LiveHub } from './modules/live/hub';
import type { Resolver } from './outbound/destination';
import type { CarrierProviders } from './carriers/providers';
import type { CourierInlet } from './carriers/inlet';
import type { CourierCallMeter } from './carriers/call-meter';
import type { WhatsAppCloudApi } from './messaging/whatsapp/cloud-api';
import type { EwayBillProvider } from './eway-bills/provider';

/** Everything a module needs, built once in main.ts (or by the test harness) and passed down. */
export interface AppDeps {
  config: Config;
  database: Database;
  db: Db;
  /**
   * the database of a read-only seller query (lists, counts, exports, reports): a streaming
   * replica that has replayed every commit made before the read, else the primary
   */
  readDb: ReadDb;
  /** the one clock: tests move it, production reads the wall */
  now: () => Date;
  /** a pause between a carrier's polls of a job: the wall's in production, none in the tests' server */
  wait: (ms: number) => Promise<void>;
  /** HS256 key for access tokens, kept in server_secrets so restarts keep sessions */
  jwtKey: Uint8Array;
  /** HMAC key for OTP codes at rest, so a database leak does not reveal codes in flight */
  otpKey: Uint8Array;
  /** HMAC key of the buyers' rating keys in tracking links (tracking/rating-key.ts) */
  ratingKey: Uint8Array;
  messenger: Messenger;
  /** background jobs (pg-boss) in the same database */
  jobs: JobQueue;
  /** payment gateways (the sandbox one unless real ones are configured) */
  payments: Payments;
  /** KYC and bank-account verification (the offline sandbox unless a real provider is configured) */
  verification: VerificationProvider;
  /** live order events: this process's listener and the streams open in it */
  live: LiveHub;
  /** outgoing HTTP (gateways); tests route calls to this server's own URL into the app */
  fetch: typeof fetch;
  /** how destinations a seller gives (webhooks, store sites) are resolved before they are checked */
  resolveHost: Resolver;
  /** each courier code's adapter: its real one when configured, else the sandbox (carriers/providers.ts) */
  carriers: CarrierProviders;
  /** counts every call to a courier adapter and saves the counts every few seconds (carriers/call-meter.ts) */
  courierCalls: CourierCallMeter;
  /** where couriers' scans and remittances come in (modules/courier-inlet) */
  courierInlet: CourierInlet;
  /** the WhatsApp Cloud API when WHATSAPP_ACCESS_TOKEN is set, else null (messaging/whatsapp) */
  whatsapp: WhatsAppCloudApi | null;
  /** e-way bills: the NIC e-way bill API when every EWAY_BILL_* variable is set, else the offline sandbox (eway-bills/setup.ts) */
  ewayBills: EwayBillProvider;
}
