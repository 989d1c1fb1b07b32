import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { demoGstin, gstinProblem } from '../src/domain/gstin';
import { readCourierSettings, type CourierSettings } from './carriers/settings';
import { readMessagingSettings, type MessagingSettings } from './messaging/settings';
import { readWhatsAppSettings, whatsAppSettingsProblems, type WhatsAppSettings } from './messaging/whatsapp/settings';
import { ewayBillSettingsProblems } from './eway-bills/setup';
import { EMAIL, INDIAN_MOBILE } from '../src/domain/schemas/fields';
import { loadTlsPair, readTlsFiles, type TlsFiles } from './http/tls-settings';

// Runtime configuration from the environment; every knob has a working default for the demo.

export interface Config {
  host: string;
  port: number;
  databaseUrl?: string;
  /**
   * a streaming replica of DATABASE_URL (DATABASE_REPLICA_URL): the seller's lists, counts, exports
   * and reports read from it once it has replayed what the primary had committed (db/read-routing.ts)
   */
  databaseReplicaUrl?: string;
  /** a direct (session) connection for LISTEN when DATABASE_URL goes through PgBouncer (DATABASE_LISTEN_URL) */
  databaseListenUrl?: string;
  /**
   * DATABASE_POOL_MODE=transaction: DATABASE_URL is a pooler in transaction mode (PgBouncer before
   * 1.21), so no statement may be prepared by name: it could land on another server connection
   */
  databasePoolMode: 'session' | 'transaction';
  dataDir: string;
  /** where generated report files are kept for their 30 days (shared storage when web and worker are apart) */
  reportsDir: string;
  production: boolean;
  /**
   * the demo sellers, staff logins (well-known passwords) and their lived-in data, seeded at start
   * (DEMO_DATA=1 or 0; on everywhere but production, where a published password would open the
   * corporate area to anyone)
   */
  demoData: boolean;
  /**
   * the first staff ADMIN of a server without the demo (STAFF_ADMIN_EMAIL, STAFF_ADMIN_NAME,
   * STAFF_ADMIN_PHONE): made at the start that finds no staff ADMIN, with a temporary password
   * printed once (seeds/first-staff-admin.ts)
   */
  firstStaffAdmin: FirstStaffAdmin | null;
  /** what is wrong with DEMO_DATA and STAFF_ADMIN_*, each as a sentence */
  startingDataProblems: string[];
  /** the development mailbox (/dev/outbox) is on everywhere but production */
  devOutbox: boolean;
  smtpUrl?: string;
  mailFrom: string;
  /** where notices for the operations team go (a seller's bank account changed) */
  operationsEmail: string;
  publicUrl: string;
  accessTokenTtlS: number;
  refreshTokenTtlS: number;
  /** set when the process runs behind a proxy that sets X-Forwarded-For */
  trustProxy: boolean;
  /** HTTPS (and HTTP/2) served by this process: TLS_CERT_FILE and TLS_KEY_FILE, PEM (http/tls-settings.ts) */
  tls: TlsFiles | null;
  distDir: string;
  /** the supplier on tax invoices: legal name, GSTIN (a demo one outside production) and its state */
  company: { legalName: string; gstin: string; state: string; address: string };
  /**
   * the sandbox courier network: courier seconds per real second, how often it reports scans (0:
   * only when asked), and how long its booking answer takes after it has booked (answerMs, as a
   * real courier's API takes a moment; 0 by default)
   */
  sandboxCourier: { speed: number; tickSeconds: number; answerMs?: number };
  /** how often the NDR deadline job looks for windows that have passed (0: only when asked) */
  ndrSweepSeconds: number;
  /** whether this process runs the background jobs (WORKERS=off: a web process beside `npm run worker`) */
  workers: boolean;
  /** how often shipment news is sent to channel stores (0: only when asked) */
  channelWriteBackSeconds: number;
  /** how often stores without order webhooks (Magento 2, Amazon) are asked for new orders (0: only when asked) */
  channelPollSeconds: number;
  /**
   * OUTBOUND_ALLOW_LOOPBACK=1: webhooks and store sites may be on this machine (127.0.0.0/8, ::1),
   * for development and tests only; private and other non-public addresses are refused always
   */
  allowLoopbackDestinations: boolean;
  /** how long a job may run before pg-boss takes it for dead and retries it (JOB_LEASE_S; its default 15 minutes) */
  jobLeaseSeconds?: number;
  /**
   * courier bookings a dead request left behind: how often the reconciling job looks
   * (BOOKING_RECONCILE_S; 0: only when asked), and how old an unrecorded one must be
   * (BOOKING_ORPHAN_AFTER_S)
   */
  bookingReconcile: { everySeconds: number; orphanAfterSeconds: number };
  /**
   * each courier's connection by its code (carriers/settings.ts: DELHIVERY_TOKEN,
   * DELHIVERY_BASE_URL, DELHIVERY_WEBHOOK_TOKEN, …); a courier absent here is the sandbox
   */
  couriers: Record<string, CourierSettings>;
  /** how often live couriers are polled for tracking (COURIER_POLL_S; 0: only when asked) */
  courierPollSeconds: number;
  /** how often couriers are asked about requests they answer later (COURIER_OPERATIONS_POLL_S; 0: only when asked) */
  courierOperationsPollSeconds: number;
  /**
   * buyer messages: template registrations (MSG91_TEMPLATES, WHATSAPP_TEMPLATES; the demo's when
   * unset), MSG91 when MSG91_AUTH_KEY is set, and the DND list (SMS_DND_FILE)
   */
  messaging: MessagingSettings;
  /** the WhatsApp Cloud API connection (WHATSAPP_ACCESS_TOKEN and the rest); null: no WhatsApp */
  whatsapp: WhatsAppSettings | null;
  /**
   * what is wrong with the e-way bill connection (eway-bills/setup.ts): some EWAY_BILL_* variables
   * set and others not. None set: the sandbox provider; all set: the NIC e-way bill API.
   */
  ewayBillProblems: string[];
}

export interface FirstStaffAdmin {
  email: string;
  firstName: string;
  lastName: string;
  /** ten digits, without +91 */
  phone: string;
}

/** STAFF_ADMIN_*: the name splits at its last space ("Priya Nair"); one word is a first name with "Admin". */
function readFirstStaffAdmin(env: NodeJS.ProcessEnv): FirstStaffAdmin | null {
  const email = env.STAFF_ADMIN_EMAIL?.trim();
  if (!email) return null;
  const name = (env.STAFF_ADMIN_NAME ?? '').trim().replace(/\s+/g, ' ');
  const cut = name.lastIndexOf(' ');
  return {
    email: email.toLowerCase(),
    firstName: (cut > 0 ? name.slice(0, cut) : name) || 'Dakiya',
    lastName: (cut > 0 ? name.slice(cut + 1) : '') || 'Admin',
    phone: (env.STAFF_ADMIN_PHONE ?? '')
      .trim()
      .replace(/^\+91[\s-]?/, '')
      .replace(/[\s-]/g, ''),
  };
}

function startingDataProblems(env: NodeJS.ProcessEnv): string[] {
  const problems: string[] = [];
  if (env.DEMO_DATA && !['0', '1'].includes(env.DEMO_DATA))
    problems.push(`DEMO_DATA is ${env.DEMO_DATA}: set it to 1 (seed the demo logins and data) or 0 (none).`);
  const admin = readFirstStaffAdmin(env);
  if (admin && !EMAIL.test(admin.email))
    problems.push(`STAFF_ADMIN_EMAIL ${admin.email} is not an email address. Fix it and start again.`);
  if (admin && !INDIAN_MOBILE.test(admin.phone))
    problems.push(
      "STAFF_ADMIN_PHONE must be the first staff admin's 10-digit Indian mobile number (it may start with +91). Set it and start again.",
    );
  return problems;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const host = env.HOST || '127.0.0.1';
  const port = Number(env.PORT || 3000);
  const production = env.NODE_ENV === 'production';
  const tls = readTlsFiles(env);
  const companyState = env.COMPANY_STATE || 'Karnataka';
  return {
    host,
    port,
    databaseUrl: env.DATABASE_URL || undefined,
    databaseReplicaUrl: env.DATABASE_REPLICA_URL || undefined,
    databaseListenUrl: env.DATABASE_LISTEN_URL || undefined,
    databasePoolMode: env.DATABASE_POOL_MODE === 'transaction' ? 'transaction' : 'session',
    dataDir: env.DATA_DIR || './data/pglite',
    reportsDir: env.REPORTS_DIR || (env.NODE_ENV === 'test' ? join(tmpdir(), 'dakiya-test-reports') : './data/reports'),
    production,
    demoData: env.DEMO_DATA ? env.DEMO_DATA === '1' : !production,
    firstStaffAdmin: readFirstStaffAdmin(env),
    startingDataProblems: startingDataProblems(env),
    devOutbox: !production,
    smtpUrl: env.SMTP_URL || undefined,
    mailFrom: env.MAIL_FROM || 'Dakiya <no-reply@dakiya.in>',
    operationsEmail: env.OPERATIONS_EMAIL || 'operations@dakiya.in',
    publicUrl: env.PUBLIC_URL || `${tls ? 'https' : 'http'}://${host}:${port}`,
    accessTokenTtlS: Number(env.ACCESS_TOKEN_TTL_S || 15 * 60),
    refreshTokenTtlS: Number(env.REFRESH_TOKEN_TTL_S || 30 * 24 * 3600),
    trustProxy: env.TRUST_PROXY === '1',
    tls,
    distDir: env.DIST_DIR || './dist',
    company: {
      legalName: env.COMPANY_LEGAL_NAME || 'Dakiya',
      // outside production the demo carries a well-formed GSTIN of its state; production must set one
      gstin: env.COMPANY_GSTIN?.trim().toUpperCase() || (production ? '' : demoGstin(companyState)),
      state: companyState,
      address: env.COMPANY_ADDRESS || 'Bengaluru, Karnataka',
    },
    // the demo runs a day of courier time each minute and reports scans every 5 seconds
    sandboxCourier: {
      speed: Number(env.SANDBOX_COURIER_SPEED || 1440),
      tickSeconds: Number(env.SANDBOX_COURIER_TICK_S ?? 5),
      answerMs: Number(env.SANDBOX_COURIER_ANSWER_MS ?? 0),
    },
    // tests and benchmarks move their own clocks and run the job themselves
    ndrSweepSeconds: Number(env.NDR_SWEEP_S ?? (env.NODE_ENV === 'test' ? 0 : 60)),
    workers: env.WORKERS !== 'off',
    channelWriteBackSeconds: Number(env.CHANNEL_WRITE_BACK_S ?? (env.NODE_ENV === 'test' ? 0 : 5)),
    channelPollSeconds: Number(env.CHANNEL_POLL_S ?? (env.NODE_ENV === 'test' ? 0 : 120)),
    jobLeaseSeconds: env.JOB_LEASE_S ? Number(env.JOB_LEASE_S) : undefined,
    allowLoopbackDestinations: env.OUTBOUND_ALLOW_LOOPBACK === '1',
    bookingReconcile: {
      everySeconds: Number(env.BOOKING_RECONCILE_S ?? (env.NODE_ENV === 'test' ? 0 : 30)),
      orphanAfterSeconds: Number(env.BOOKING_ORPHAN_AFTER_S ?? 60),
    },
    couriers: readCourierSettings(env),
    courierPollSeconds: Number(env.COURIER_POLL_S ?? (env.NODE_ENV === 'test' ? 0 : 300)),
    courierOperationsPollSeconds: Number(env.COURIER_OPERATIONS_POLL_S ?? (env.NODE_ENV === 'test' ? 0 : 30)),
    messaging: readMessagingSettings(env),
    whatsapp: readWhatsAppSettings(env),
    ewayBillProblems: ewayBillSettingsProblems(env),
  };
}

/**
 * What stops this configuration from serving, each as a sentence for whoever starts the server.
 * Tax invoices carry the supplier's GSTIN: a production server without a valid one does not start,
 * rather than print a placeholder on a customer's invoice.
 */
export function configProblems(config: Config): string[] {
  // a template registry or MSG91 account the product could not send on stops it everywhere
  const problems: string[] = [...config.messaging.problems];
  // half an e-way bill connection would generate bills on the sandbox while the seller expects the portal's
  problems.push(...config.ewayBillProblems);
  if (config.whatsapp) {
    problems.push(...whatsAppSettingsProblems(config.whatsapp));
    if (config.messaging.templates.source.WHATSAPP === 'demo')
      problems.push(
        'WHATSAPP_TEMPLATES is not set: WhatsApp sends only templates Meta approved, so list yours (docs/messaging.md).',
      );
  }
  problems.push(...config.startingDataProblems);
  if (config.tls) {
    const loaded = loadTlsPair(config.tls);
    if ('problem' in loaded) problems.push(loaded.problem);
  }
  const { gstin, state } = config.company;
  if (!gstin) {
    problems.push(
      `COMPANY_GSTIN is not set. Tax invoices carry the supplier's GSTIN, so a production server does not start without it: set COMPANY_GSTIN to your 15-character GSTIN registered in ${state} (COMPANY_STATE).`,
    );
  } else {
    const problem = gstinProblem(gstin, state);
    if (problem)
      problems.push(`COMPANY_GSTIN ${gstin} ${problem}. Fix COMPANY_GSTIN or COMPANY_STATE and start again.`);
  }
  return problems;
}
