import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { AppDeps } from '../../deps';
import { channelStores } from '../../db/schema';
import { badRequest, notFound } from '../../http/errors';
import { channelSettings } from '../../channels/settings';
import { mintWixToken, wixInstallerUrl } from '../../channels/wix';
import {
  API_CHANNELS,
  WIX_CALLBACK_PATH,
  type ChannelStore,
  type WixInstall,
} from '../../../src/domain/channels-contract';
import { fetcherOf, ownStore, sealCredentials } from './store-access';
import { afterConnect, ensureFree, failConnect, toStore, upsertStore } from './stores';

// Connecting a Wix site (Wix's external install flow, OAuth by client credentials): the server
// keeps a pending store under a fresh state and sends the seller to Wix's installer with our
// callback as the post-installation address, the state in its query; Wix adds the app to the
// site the seller picks and returns there with its appId, tenantId and instanceId. The state
// binds the return to this seller's install; an access token minted for the instance (and the
// instance read with it) proves the app is on that site before anything is kept. The site is
// known by its instance id, which is also how its webhooks name it.

/** A pending install's placeholder address until Wix names the site's instance. */
const pendingUrl = (state: string) => `pending-${state.slice(0, 16)}`;

export async function startWixInstall(deps: AppDeps, orgId: number): Promise<WixInstall> {
  const { wix, publicUrl } = await channelSettings(deps);
  if (!wix) throw badRequest('Wix is not set up on this server: ask support to add the Wix app keys');
  const state = randomBytes(24).toString('base64url');
  const row = await upsertStore(deps, orgId, 'WIX', pendingUrl(state), {
    status: 'AUTHORISING',
    oauthState: state,
    lastError: null,
  });
  return {
    storeId: row.id,
    authorizeUrl: wixInstallerUrl(wix, state, `${publicUrl}${WIX_CALLBACK_PATH}`),
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
  if (!instanceId || query.appId !== wix.appId) {
    await failConnect(deps, pending, new Error('The answer from Wix names no site of the Dakiya app'));
    throw badRequest('The answer from Wix names no site of the Dakiya app: start again');
  }
  let siteRow = pending;
  try {
    await ensureFree(deps, orgId, 'WIX', instanceId);
    const creds = await mintWixToken(wix, fetcherOf(deps), instanceId, deps.now().getTime());
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
