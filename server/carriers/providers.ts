import type { AppDeps } from '../deps';
import type { CarrierProfile } from '../../src/domain/shipping/carriers';
import type { CarrierAdapter } from './adapter';
import { SandboxCarrier } from './sandbox/sandbox-carrier';
import { delhiveryAdapter } from './delhivery/delhivery-courier';
import { hasCredentials, type CourierSettings } from './settings';
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
];

export interface CarrierProviders {
  /** the factory of a courier code's adapter */
  factory(code: string): AdapterFactory;
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
): CarrierProviders {
  const factories = new Map<string, AdapterFactory>();
  const notes: string[] = [];
  for (const [code, settings] of Object.entries(config.couriers)) {
    if (!hasCredentials(settings)) continue;
    const kind = kinds.find((k) => k.codes.includes(code));
    if (kind) factories.set(code, kind.build({ ...settings, baseUrl: settings.baseUrl ?? kind.defaultBaseUrl }));
    else notes.push(`${code} has credentials but no courier adapter serves it yet; it runs on the sandbox`);
  }
  return {
    factory: (code) => factories.get(code) ?? sandboxFactory,
    live: [...factories.keys()],
    settings: (code) => config.couriers[code],
    notes,
  };
}
