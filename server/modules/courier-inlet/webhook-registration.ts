import { pathOf } from '../../../src/domain/operation';
import type { AppDeps } from '../../deps';
import { API_COURIERS } from '../../../src/domain/courier-inlet-contract';
import { CARRIER_BY_CODE } from '../../../src/domain/shipping/carriers';

// Couriers that take their webhook through their API (Ekart) are told ours at start: one job
// that asks each live courier to make exactly one active webhook point at its push address.
// Repeating it changes nothing; a refusal fails the job, which the queue retries with back-off.

export const COURIER_WEBHOOKS_QUEUE = 'courier-webhooks';

/** The push address a courier is given: the public URL of its webhook route. */
export const courierWebhookUrl = (deps: AppDeps, carrierCode: string) =>
  `${deps.config.publicUrl.replace(/\/$/, '')}${pathOf(API_COURIERS.webhook, { carrierCode: carrierCode })}`;

/** Registers every live courier's webhook it can; answers the codes it registered. */
export async function registerCourierWebhooks(deps: AppDeps): Promise<string[]> {
  const done: string[] = [];
  const failures: string[] = [];
  for (const code of deps.carriers.live) {
    // the courier's own adapter on its network profile: this runs at start, before the carriers
    // table may be seeded, and needs the courier's API, not its rate card
    const profile = CARRIER_BY_CODE.get(code);
    const adapter = profile && deps.carriers.factory(code)(profile, deps);
    if (!adapter?.registerWebhook) continue;
    try {
      await adapter.registerWebhook(courierWebhookUrl(deps, code));
      done.push(code);
    } catch (e) {
      failures.push(`${code}: ${e instanceof Error ? e.message : String(e)}`);
    }
  }
  if (failures.length) throw new Error(`courier webhooks not registered: ${failures.join('; ')}`);
  return done;
}

/** Asks for the registration once a start (a repeat while one waits is the same job). */
export async function queueCourierWebhooks(deps: AppDeps): Promise<void> {
  await deps.jobs.send(COURIER_WEBHOOKS_QUEUE, {}, { retryLimit: 8, singletonKey: 'register' });
}
