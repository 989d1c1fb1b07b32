import type { AppDeps } from '../../deps';
import { badRequest, notFound, unauthorized } from '../../http/errors';
import { carrierNetwork } from '../../carriers/registry';
import { pushAuthentic, type PushCall } from '../../carriers/push/push-auth';
import { pushParserOf } from '../../carriers/push/push-parsers';
import type { CourierPushAck } from '../../../src/domain/courier-inlet-contract';
import { receiveScans } from './receive-scans';

// A courier's push: the courier must be one we ship with (404), prove the call is its own by its
// configured scheme (401), and send its documented shape (400 naming the field). Its scans then
// go through the inlet like any others; a push delivered twice records nothing the second time.

export async function receivePush(deps: AppDeps, carrierCode: string, call: PushCall): Promise<CourierPushAck> {
  const network = await carrierNetwork(deps);
  if (!network.adapters.has(carrierCode)) throw notFound('No such courier');
  if (!pushAuthentic(deps.carriers.settings(carrierCode)?.push, call))
    throw unauthorized('This call is not signed or sent as this courier’s webhook is configured');
  let body: unknown;
  try {
    body = JSON.parse(call.rawBody);
  } catch {
    throw badRequest('Body must be JSON');
  }
  const parsed = pushParserOf(carrierCode)(body);
  if (!parsed.ok) throw badRequest(parsed.message);
  const r = await receiveScans(deps, carrierCode, parsed.scans);
  return { received: parsed.scans.length, ...r };
}
