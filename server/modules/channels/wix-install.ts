import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { AppDeps } from '../../deps';
import { channelStores } from '../../db/schema';
import { badRequest, notFound } from '../../http/errors';
import { channelSettings } from '../../channels/settings';
import { exchangeWixCode, wixAddAppUrl, wixInstallerUrl } from '../../channels/wix';
import {
  API_CHANNELS,
  WIX_APP_PATH,
  WIX_CALLBACK_PATH,
  type ChannelStore,
  type WixInstall,
} from '../../../src/domain/channels-contract';
import type { WixConnectInput } from '../../../src/domain/schemas/channel';
import { fetcherOf, ownStore, sealCredentials } from './store-access';
import { afterConnect, ensureFree, failConnect, toStore, upsertStore } from './stores';

// Connecting a Wix site: Wix opens the app page with an install token, the server keeps a
// pending store under a fresh state and sends the seller to Wix's installer; Wix returns with
// the state, the site's instance id and a code, traded for the site's tokens (kept sealed).
// The site is known by its instance id, which is also how its webhooks name it.

/** A pending install's placeholder address until Wix names the site's instance. */
const pendingUrl = (state: string) => `pending-${state.slice(0, 16)}`;

export async function startWixInstall(deps: AppDeps, orgId: number, input: WixConnectInput): Promise<WixInstall> {
  const { wix, publicUrl } = await channelSettings(deps);
  if (!wix) throw badRequest('Wix is not set up on this server: ask support to add the Wix app keys');
  if (!input.wixToken) return { storeId: null, authorizeUrl: wixAddAppUrl(wix, `${publicUrl}${WIX_APP_PATH}`) };
  const state = randomBytes(24).toString('base64url');
  const row = await upsertStore(deps, orgId, 'WIX', pendingUrl(state), {
    status: 'AUTHORISING',
    oauthState: state,
    lastError: null,
  });
  return {
    storeId: row.id,
    authorizeUrl: wixInstallerUrl(wix, input.wixToken, state, `${publicUrl}${WIX_CALLBACK_PATH}`),
  };
}

export async function finishWixInstall(
  deps: AppDeps,
  orgId: number,
  query: Record<string, string>,
): Promise<ChannelStore> {
  const { wix, publicUrl } = await channelSettings(deps);
  if (!wix) throw badRequest('Wix is not set up on this server');
  const state = query.state ?? '';
  // the state is spent by the first answer that brings it: a replay or a concurrent one finds none
  const [pending] = state
    ? await deps.db
        .update(channelStores)
        .set({ oauthState: null, updatedAt: deps.now() })
        .where(
          and(eq(channelStores.orgId, orgId), eq(channelStores.platform, 'WIX'), eq(channelStores.oauthState, state)),
        )
        .returning()
    : [];
  if (!pending) throw notFound('No install of this Wix site is waiting: start again');
  const instanceId = (query.instanceId ?? '').trim();
  if (!query.code || !instanceId) {
    await failConnect(deps, pending, new Error('The answer from Wix has no authorization code or site'));
    throw badRequest('The answer from Wix has no authorization code or site: start again');
  }
  let siteRow = pending;
  try {
    await ensureFree(deps, orgId, 'WIX', instanceId);
    const creds = await exchangeWixCode(wix, fetcherOf(deps), instanceId, query.code, deps.now().getTime());
    const now = deps.now();
    // the site's own row (a reconnect keeps its orders' store); the placeholder goes
    siteRow = await upsertStore(deps, orgId, 'WIX', instanceId, {
      status: 'CONNECTED',
      credentials: await sealCredentials(deps, creds),
      connectedAt: now,
      lastError: null,
      oauthState: null,
    });
    await deps.db.delete(channelStores).where(eq(channelStores.id, pending.id));
    await afterConnect(deps, siteRow, `${publicUrl}${API_CHANNELS.wixWebhook.path}`);
  } catch (e) {
    await failConnect(deps, siteRow, e);
  }
  return toStore(await ownStore(deps, orgId, siteRow.id));
}
