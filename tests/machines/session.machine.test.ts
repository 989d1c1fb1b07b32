import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { sessionMachine } from '../../src/machines/session.machine';
import { MSG } from '../../src/domain/messages';
import { describeModel } from './describe-model';
import { model } from './models/session.model';
import { ADMIN_TOKEN, REFRESHED_TOKEN, SELLER_TOKEN } from './fixtures/tokens';

describeModel(model, (actual, expected) => {
  expect(actual.context.token).toBe(expected.context.token);
  expect(actual.context.message).toBe(expected.context.message);
  expect(actual.context.claims?.sub ?? null).toBe(expected.context.claims?.sub ?? null);
  expect(!!actual.context.account).toBe(!!expected.context.account);
  expect(actual.context.pendingMessage).toBe(expected.context.pendingMessage);
});

describe('session rules', () => {
  function start(input: { popupToken?: string; signedIn?: boolean }, actors: { refresh?: () => Promise<string>; loadProfile?: () => Promise<unknown> }) {
    const marks: string[] = [];
    const machine = sessionMachine.provide({
      actors: {
        refresh: fromPromise(actors.refresh ?? (() => Promise.reject(new Error('no cookie')))),
        loadProfile: fromPromise(actors.loadProfile ?? (() => Promise.resolve({ firstName: 'A' }))) as never,
        logoutCall: fromPromise<void>(async () => undefined),
      },
      actions: {
        markLoggedIn: () => void marks.push('in'),
        markLoggedOut: (_: unknown, p: { message: string | null }) => void marks.push(`out:${p.message}`),
      },
    });
    const actor = createActor(machine, { input: {} }).start();
    actor.send({ type: 'START', popupToken: input.popupToken, signedIn: input.signedIn });
    return { actor, marks };
  }
  const settle = () => new Promise((r) => setTimeout(r, 0));

  it('without a sign of a session (no logged-in marker), is anonymous at once and never calls refresh', async () => {
    let calls = 0;
    const { actor } = start({ signedIn: false }, { refresh: async () => { calls++; return REFRESHED_TOKEN; } });
    await settle();
    expect(actor.getSnapshot().value).toBe('anonymous');
    expect(calls).toBe(0);
  });

  it('with the logged-in marker, refreshes once and is signed in again', async () => {
    let calls = 0;
    const { actor } = start({ signedIn: true }, { refresh: async () => { calls++; return REFRESHED_TOKEN; } });
    await settle();
    expect(actor.getSnapshot().matches('authenticated')).toBe(true);
    expect(calls).toBe(1);
  });

  it('with no token, tries the refresh cookie once and is anonymous when it fails', async () => {
    let calls = 0;
    const { actor } = start({}, { refresh: async () => { calls++; throw new Error('no cookie'); } });
    await settle();
    expect(actor.getSnapshot().value).toBe('anonymous');
    expect(calls).toBe(1);
  });

  it('many 401s while refreshing start exactly one refresh', async () => {
    let calls = 0;
    let release!: (t: string) => void;
    const { actor } = start({}, { refresh: () => { calls++; return calls === 1 ? Promise.reject(new Error('none')) : new Promise<string>((r) => (release = r)); } });
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

  it('a popup token without a hyphen in its subject logs out with UNAUTHORIZED ACCESS', async () => {
    const { actor } = start({ popupToken: SELLER_TOKEN }, {});
    await settle();
    expect(actor.getSnapshot().value).toBe('anonymous');
    expect(actor.getSnapshot().context.message).toBe(MSG.unauthorizedAccess);
  });
});
