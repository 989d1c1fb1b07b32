import type { AppDeps } from '../deps';
import { carriers } from '../db/schema';
import { CARRIER_BY_CODE, type CarrierProfile } from '../../src/domain/shipping/carriers';
import type { CarrierAdapter } from './adapter';
import { SandboxHyperlocalPartner } from './sandbox/hyperlocal-partner';
import { HYPERLOCAL_PARTNERS } from '../../src/domain/shipping/hyperlocal';
import { meteredAdapter, secretsOf } from './metered-adapter';

// The courier network as the product sees it: the active carriers with their current rate cards
// (from the database, where staff may edit them), each behind its adapter. Loaded once per app
// and kept in memory, so quoting every courier for an order costs no query; an edit reloads it.
// Which adapter a courier gets is chosen at the composition root (providers.ts, deps.carriers).
// Each is wrapped in the call meter (metered-adapter.ts), so staff see every courier's health.

export interface CarrierNetwork {
  adapters: ReadonlyMap<string, CarrierAdapter>;
  /** active couriers in the network's order */
  list: readonly CarrierAdapter[];
  /** the hyperlocal partners, quoted by distance apart from the couriers (their adapters are in `adapters` too) */
  hyperlocal: readonly SandboxHyperlocalPartner[];
}

const loaded = new WeakMap<AppDeps, Promise<CarrierNetwork>>();

const metered = <T extends object>(adapter: T, code: string, deps: AppDeps): T =>
  meteredAdapter(adapter, code, deps.courierCalls, {
    now: deps.now,
    secrets: secretsOf(deps.carriers.settings(code)),
  });

async function load(deps: AppDeps): Promise<CarrierNetwork> {
  const rows = await deps.db.select().from(carriers);
  const order = [...CARRIER_BY_CODE.keys()];
  const list = rows
    .filter((r) => r.active)
    .sort((a, b) => order.indexOf(a.code) - order.indexOf(b.code))
    .map((r): CarrierAdapter =>
      metered(
        // the courier's real adapter when configured, else its sandbox (providers.ts)
        deps.carriers.factory(r.code)(
          {
            // a courier's reverse service comes with the network; a profile stored before it had none
            reverse: CARRIER_BY_CODE.get(r.code)?.reverse,
            // likewise its multi-piece service (split shipments by box)
            multiPiece: CARRIER_BY_CODE.get(r.code)?.multiPiece,
            ...(r.profile as Omit<CarrierProfile, 'rateCard'>),
            rateCard: r.rateCard,
          },
          deps,
        ),
        r.code,
        deps,
      ),
    );
  const hyperlocal = HYPERLOCAL_PARTNERS.map((p) => metered(new SandboxHyperlocalPartner(p, deps), p.code, deps));
  return {
    adapters: new Map<string, CarrierAdapter>([
      ...list.map((a): [string, CarrierAdapter] => [a.profile.code, a]),
      ...hyperlocal.map((a): [string, CarrierAdapter] => [a.partner.code, a]),
    ]),
    list,
    hyperlocal,
  };
}

export function carrierNetwork(deps: AppDeps): Promise<CarrierNetwork> {
  let network = loaded.get(deps);
  if (!network) {
    network = load(deps);
    loaded.set(deps, network);
    network.catch(() => loaded.delete(deps));
  }
  return network;
}

/** After a rate card or a courier's status changes. */
export function reloadCarrierNetwork(deps: AppDeps): void {
  loaded.delete(deps);
}
