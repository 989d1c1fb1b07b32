import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { sessionMachine } from '../../src/machines/session.machine';
import { MSG } from '../../src/domain/messages';
import { describeModel } from './describe-model';
import { model } from './models/session.model';
import { ADMIN_TOKEN, PCR_TOKEN, REFRESHED_TOKEN, SELLER_TOKEN } from './fixtures/tokens';

describeModel(model, (actual, expected) => {
  expect(actual.context.token).toBe(expected.context.token);
  expect(actual.context.message).toBe(expected.context.message);
  expect(actual.context.claims?.sub ?? null).toBe(expected.context.claims?.sub ?? null);
  expect(!!actual.context.account).toBe(!!expected.context.account);
  expect(actual.context.pendingMessage).toBe(expected.context.pendingMessage);
});

describe('session rules', () => {
  function start(
    input: { popupToken?: string; hadSession?: boolean },
    actors: { refresh?: () => Promise<string>; loadProfile?: () => Promise<unknown> },
  ) {
    const marks: string[] = [];
    const machine = sessionMachine.provide({
      actors: {
        refresh: fromPromise(actors.refresh ?? (() => Promise.reject(new Error('no cookie')))),
        loadProfile: fromPromise(actors.loadProfile ?? (() => Promise.resolve({ firstName: 'A' }))) as never,
        logoutCall: fromPromise<void>(async () => void marks.push('logoutCall')),
      },
      actions: {
        markLoggedIn: () => void marks.push('in'),
        markLoggedOut: (_: unknown, p: { message: string | null }) => void marks.push(`out:${p.message}`),
        keepPanelToken: (_: unknown, p: { token: string }) =>
          void marks.push(`keep:${p.token === ADMIN_TOKEN ? 'admin' : 'other'}`),
        forgetPanelToken: (_: unknown, p: { message: string | null }) => void marks.push(`forget:${p.message}`),
      },
    });
    const actor = createActor(machine, { input: {} }).start();
    actor.send({ type: 'START', popupToken: input.popupToken, hadSession: input.hadSession });
    return { actor, marks };
  }
  const settle = () => new Promise((r) => setTimeout(r, 0));

  it('without a sign of a session (no logged-in marker), is anonymous at once and never calls refresh', async () => {
    let calls = 0;
    const { actor } = start(
      { hadSession: false },
      {
        refresh: async () => {
          calls++;
          return REFRESHED_TOKEN;
        },
      },
    );
    await settle();
    expect(actor.getSnapshot().value).toBe('anonymous');
    expect(calls).toBe(0);
  });

  it('with the logged-in marker, refreshes once and is signed in again', async () => {
    let calls = 0;
    const { actor } = start(
      { hadSession: true },
      {
        refresh: async () => {
          calls++;
          return REFRESHED_TOKEN;
        },
      },
    );
    await settle();
    expect(actor.getSnapshot().matches('authenticated')).toBe(true);
    expect(calls).toBe(1);
  });

  it('with no token, tries the refresh cookie once and is anonymous when it fails', async () => {
    let calls = 0;
    const { actor } = start(
      {},
      {
        refresh: async () => {
          calls++;
          throw new Error('no cookie');
        },
      },
    );
    await settle();
    expect(actor.getSnapshot().value).toBe('anonymous');
    expect(calls).toBe(1);
  });

  it('a browser that never logged in does not try the refresh cookie', async () => {
    let calls = 0;
    const machine = sessionMachine.provide({
      actors: {
        refresh: fromPromise(async () => {
          calls++;
          return SELLER_TOKEN;
        }),
      },
    });
    const actor = createActor(machine, { input: {} }).start();
    actor.send({ type: 'START', hadSession: false });
    await settle();
    expect(actor.getSnapshot().value).toBe('anonymous');
    expect(calls).toBe(0);
  });

  it('many 401s while refreshing start exactly one refresh', async () => {
    let calls = 0;
    let release!: (t: string) => void;
    const { actor } = start(
      {},
      {
        refresh: () => {
          calls++;
          return calls === 1 ? Promise.reject(new Error('none')) : new Promise<string>((r) => (release = r));
        },
      },
    );
    await settle();
    actor.send({ type: 'LOGGED_IN', token: SELLER_TOKEN });
    await settle();
    for (let i = 0; i < 5; i++) actor.send({ type: 'UNAUTHORIZED', message: `call ${i}` });
    expect(actor.getSnapshot().value).toBe('refreshing');
    release(REFRESHED_TOKEN);
    await settle();
    expect(calls).toBe(2);
    expect(actor.getSnapshot().matches('authenticated')).toBe(true);
    expect(actor.getSnapshot().context.token).toBe(REFRESHED_TOKEN);
  });

  it('a new token without the password-change claim clears the account read before it, so no guard sends the seller back', async () => {
    const { actor } = start({}, { loadProfile: () => Promise.resolve({ firstName: 'A', mustChangePassword: true }) });
    await settle();
    actor.send({ type: 'LOGGED_IN', token: PCR_TOKEN });
    await settle();
    expect(actor.getSnapshot().context.account?.mustChangePassword).toBe(true);
    // the changed password's token arrives before the account is read again
    actor.send({ type: 'TOKEN', token: SELLER_TOKEN });
    expect(actor.getSnapshot().context.account?.mustChangePassword).toBe(false);
    expect(actor.getSnapshot().context.claims?.pcr).toBeFalsy();
  });

  it('a failed refresh logs out with the original message', async () => {
    const { actor, marks } = start({}, {});
    await settle();
    actor.send({ type: 'LOGGED_IN', token: SELLER_TOKEN });
    await settle();
    actor.send({ type: 'UNAUTHORIZED', message: 'Wallet not found' });
    await settle();
    expect(actor.getSnapshot().value).toBe('anonymous');
    expect(actor.getSnapshot().context.message).toBe('Wallet not found');
    expect(marks).toContain('out:Wallet not found');
  });

  it('an admin session cannot refresh: a 401 ends it with Admin Session Expired', async () => {
    const { actor } = start({ popupToken: ADMIN_TOKEN }, {});
    await settle();
    actor.send({ type: 'UNAUTHORIZED' });
    await settle();
    expect(actor.getSnapshot().context.message).toBe(MSG.adminSessionExpired);
  });

  it('a seller panel keeps its token for the tab, so a reload (START with the kept token) comes back to the panel, not to the cookie', async () => {
    let refreshes = 0;
    const first = start({ popupToken: ADMIN_TOKEN }, {});
    await settle();
    expect(first.marks).toContain('keep:admin');
    // the reload: the kept token is passed again; the staff member's refresh cookie is never used
    const reloaded = start(
      { popupToken: ADMIN_TOKEN },
      {
        refresh: async () => {
          refreshes++;
          return SELLER_TOKEN;
        },
      },
    );
    await settle();
    expect(reloaded.actor.getSnapshot().matches({ authenticated: 'ready' })).toBe(true);
    expect(reloaded.actor.getSnapshot().context.claims?.sub).toBe('9-1');
    expect(refreshes).toBe(0);
  });

  it("leaving the seller panel forgets its token and leaves the staff member's session alone (no logout call)", async () => {
    const { actor, marks } = start({ popupToken: ADMIN_TOKEN }, {});
    await settle();
    actor.send({ type: 'LOGOUT' });
    await settle();
    expect(actor.getSnapshot().value).toBe('anonymous');
    expect(marks).toContain('forget:null');
    expect(marks).not.toContain('logoutCall');
    expect(marks.some((m) => m.startsWith('out:'))).toBe(false);
  });

  it('a seller logging out does call logout (their own cookie)', async () => {
    const { actor, marks } = start({}, {});
    await settle();
    actor.send({ type: 'LOGGED_IN', token: SELLER_TOKEN });
    await settle();
    actor.send({ type: 'LOGOUT' });
    await settle();
    expect(marks).toContain('logoutCall');
  });

  it('a reload during the forced password change keeps the session: the refused profile waits for the new password', async () => {
    let changed = false;
    const { actor, marks } = start(
      {},
      {
        refresh: async () => PCR_TOKEN,
        loadProfile: async () => {
          if (!changed) throw new Error('Please change your password to continue');
          return { firstName: 'A' };
        },
      },
    );
    await settle();
    await settle();
    expect(actor.getSnapshot().matches({ authenticated: 'passwordChange' })).toBe(true);
    expect(marks.some((m) => m.startsWith('out:'))).toBe(false);
    // the new password's token, then the profile
    changed = true;
    actor.send({ type: 'TOKEN', token: SELLER_TOKEN });
    actor.send({ type: 'RELOAD_ACCOUNT' });
    await settle();
    await settle();
    expect(actor.getSnapshot().matches({ authenticated: 'ready' })).toBe(true);
    expect(actor.getSnapshot().context.account).toEqual({ firstName: 'A' });
  });

  it('RELOAD_ACCOUNT while the profile is still loading starts the load again and keeps the newer account', async () => {
    const answers: Array<(v: unknown) => void> = [];
    const { actor } = start(
      { hadSession: false },
      { loadProfile: () => new Promise((resolve) => answers.push(resolve)) },
    );
    actor.send({ type: 'LOGGED_IN', token: SELLER_TOKEN });
    await new Promise((r) => setTimeout(r, 0));
    expect(actor.getSnapshot().matches({ authenticated: 'loadingProfile' })).toBe(true);
    expect(answers).toHaveLength(1);
    actor.send({ type: 'RELOAD_ACCOUNT' });
    await new Promise((r) => setTimeout(r, 0));
    expect(answers).toHaveLength(2);
    // the first answer belongs to a stopped load and is ignored
    answers[0]!({ firstName: 'Old' });
    await new Promise((r) => setTimeout(r, 0));
    expect(actor.getSnapshot().matches({ authenticated: 'loadingProfile' })).toBe(true);
    answers[1]!({ firstName: 'New' });
    await new Promise((r) => setTimeout(r, 0));
    expect(actor.getSnapshot().matches({ authenticated: 'ready' })).toBe(true);
    expect(actor.getSnapshot().context.account).toEqual({ firstName: 'New' });
  });

  it('a popup token without a hyphen in its subject logs out with UNAUTHORIZED ACCESS', async () => {
    const { actor } = start({ popupToken: SELLER_TOKEN }, {});
    await settle();
    expect(actor.getSnapshot().value).toBe('anonymous');
    expect(actor.getSnapshot().context.message).toBe(MSG.unauthorizedAccess);
  });
});
