import type { AppDeps } from '../deps';
import type { CarrierProfile } from '../../src/domain/shipping/carriers';
import { CARRIER_BY_CODE } from '../../src/domain/shipping/carriers';
import type { CarrierAdapter } from './adapter';
import type { FreightCarrier } from './freight';
import { DELHIVERY_LTL_KIND } from './delhivery-ltl/delhivery-ltl-freight';
import { GATI_KIND } from './gati/gati-freight';
import { SandboxCarrier } from './sandbox/sandbox-carrier';
import { SandboxFreight } from './sandbox/sandbox-freight';
import { delhiveryAdapter } from './delhivery/delhivery-courier';
import { EKART_KIND } from './ekart/kind';
import { hasCredentials, type CourierSettings, type PushAuth } from './settings';
import { SHADOWFAX_KIND } from './shadowfax/shadowfax-courier';
import { XPRESSBEES_KIND } from './xpressbees/xpressbees-courier';

// Which adapter each courier code gets, chosen once at the composition root as payments and KYC
// are: a courier's real adapter when its credentials are configured and an adapter kind serves its
// code, else the sandbox courier of the same code. Rate cards still come from the carriers table;
// the factory gets the profile the registry read there.

export type AdapterFactory = (profile: CarrierProfile, deps: AppDeps) => CarrierAdapter;

/** A real courier integration: the codes it serves and how it is built from a courier's settings. */
export interface AdapterKind {
  kind: string;
  codes: readonly string[];
  /** the courier's production API host, used when `<PREFIX>_BASE_URL` is unset */
  defaultBaseUrl: string;
  /**
   * how the courier's pushes prove themselves when it is live, from its settings (Ekart's HMAC with
   * the secret it registers); absent: as configured (`<PREFIX>_WEBHOOK_*`)
   */
  pushAuth?(settings: CourierSettings): PushAuth;
  /** builds the factory; `settings.baseUrl` is always set (the configured host or the default) */
  build(settings: CourierSettings & { baseUrl: string }): AdapterFactory;
}

/**
 * The real adapter kinds, one line each (e.g. `{ kind: 'delhivery', codes: ['DE', 'DEHW', 'DEMW'],
 * defaultBaseUrl: 'https://track.delhivery.com', build: delhiveryAdapter }`). A kind
 * serving several codes is built once per code from the same settings.
 */
export const ADAPTER_KINDS: readonly AdapterKind[] = [
  {
    kind: 'delhivery',
    codes: ['DE', 'DEHW', 'DEMW'],
    defaultBaseUrl: 'https://track.delhivery.com',
    build: delhiveryAdapter,
  },
  XPRESSBEES_KIND,
  SHADOWFAX_KIND,
  EKART_KIND,
];

export type FreightFactory = (deps: AppDeps) => FreightCarrier;

/** A real B2B freight integration (freight.ts): the service code it serves and how it is built. */
export interface FreightKind {
  kind: string;
  code: string;
  defaultBaseUrl: string;
  /** the variables this carrier cannot book without, by name: any one missing keeps it on the sandbox */
  needs: readonly { variable: string; has: (s: CourierSettings) => boolean }[];
  build(settings: CourierSettings & { baseUrl: string }): FreightFactory;
}

/** The real freight kinds: Gati (GT) and Delhivery's LTL API (DE-LTL, its own host and login). */
export const FREIGHT_KINDS: readonly FreightKind[] = [GATI_KIND, DELHIVERY_LTL_KIND];

/**
 * The sandbox's freight lanes for each freight service without credentials: Gati on its own
 * profile (its parcel lanes stay refused), Delhivery LTL on Delhivery's network under its own code.
 */
export const SANDBOX_FREIGHT: Readonly<Record<string, { profile: string; name: string }>> = {
  GT: { profile: 'GT', name: 'Gati' },
  'DE-LTL': { profile: 'DE', name: 'Delhivery LTL' },
};

export function sandboxFreightFactory(code: string): FreightFactory | undefined {
  const service = SANDBOX_FREIGHT[code];
  const profile = service && CARRIER_BY_CODE.get(service.profile);
  if (!service || !profile) return undefined;
  return (deps) => new SandboxFreight(profile, deps, { code, name: service.name });
}

export interface CarrierProviders {
  /** the factory of a courier code's adapter */
  factory(code: string): AdapterFactory;
  /** the factory of a B2B freight service's carrier (GT, DE-LTL): its real one when configured, else the sandbox's */
  freight(code: string): FreightFactory | undefined;
  /** the freight services served by a real adapter */
  liveFreight: readonly string[];
  /** the codes served by a real adapter: these are polled for tracking */
  live: readonly string[];
  /** a courier's configured settings (push authentication, credentials), when it has any */
  settings(code: string): CourierSettings | undefined;
  /** configured couriers that still run on the sandbox, each as a sentence for the log */
  notes: readonly string[];
}

export const sandboxFactory: AdapterFactory = (profile, deps) => new SandboxCarrier(profile, deps);

export function buildCarriers(
  config: { couriers: Readonly<Record<string, CourierSettings>> },
  kinds: readonly AdapterKind[] = ADAPTER_KINDS,
  freightKinds: readonly FreightKind[] = FREIGHT_KINDS,
): CarrierProviders {
  const factories = new Map<string, AdapterFactory>();
  const freightFactories = new Map<string, FreightFactory>();
  const liveSettings = new Map<string, CourierSettings>();
  const notes: string[] = [];
  for (const [code, configured] of Object.entries(config.couriers)) {
    if (!hasCredentials(configured)) continue;
    const freightKind = freightKinds.find((k) => k.code === code);
    const missing = freightKind?.needs.filter((n) => !n.has(configured)).map((n) => n.variable) ?? [];
    if (freightKind && missing.length) {
      // one variable of a pair set alone would make the carrier live and fail on its first booking
      notes.push(`${code} is missing ${missing.join(' and ')}; it runs on the sandbox`);
      continue;
    }
    if (freightKind) {
      liveSettings.set(code, configured);
      freightFactories.set(
        code,
        freightKind.build({ ...configured, baseUrl: configured.baseUrl ?? freightKind.defaultBaseUrl }),
      );
    }
    const kind = kinds.find((k) => k.codes.includes(code));
    if (!kind) {
      if (freightKind) continue;
      notes.push(`${code} has credentials but no courier adapter serves it yet; it runs on the sandbox`);
      continue;
    }
    const settings = { ...configured, ...(kind.pushAuth ? { push: kind.pushAuth(configured) } : {}) };
    liveSettings.set(code, settings);
    factories.set(code, kind.build({ ...settings, baseUrl: settings.baseUrl ?? kind.defaultBaseUrl }));
  }
  return {
    factory: (code) => factories.get(code) ?? sandboxFactory,
    live: [...factories.keys()],
    freight: (code) => freightFactories.get(code) ?? sandboxFreightFactory(code),
    liveFreight: [...freightFactories.keys()],
    settings: (code) => liveSettings.get(code) ?? config.couriers[code],
    notes,
  };
}
