import { eq } from 'drizzle-orm';
import { organisations } from '../../server/db/schema';
import type { InputOf } from '../../src/domain/operation';
import { API_TEAM } from '../../src/domain/team-contract';
import { answer } from './call';
import type { TestServer } from './harness';
import { latestMessage, login, newSeller } from './helpers';

// Steps of the team tests: an owner on a plan, and users invited and logged in.

let n = 0;
export async function ownerOn(s: TestServer, plan: string) {
  n += 1;
  const owner = await newSeller(s, {
    email: `owner${n}@team.test`,
    phone: `98${String(10000000 + n).slice(-8)}`,
    companyName: `Team Test ${n}`,
  });
  const orgId = owner.claims.oid!;
  await s.deps.db.update(organisations).set({ subscriptionType: plan }).where(eq(organisations.id, orgId));
  return { ...owner, orgId, email: `owner${n}@team.test` };
}

/** A fresh token of the owner (after the clock moved past the old one's expiry). */
export async function relogin(s: TestServer, owner: { email: string }) {
  return (await login(s, { email: owner.email, password: 'Seller@123' })).token;
}

/** A username from the email (letters and digits, 5-20), so each invited login has its own. */
export function usernameOf(email: string): string {
  return `u${email.replace(/[^A-Za-z0-9]/g, '')}`.slice(0, 20).padEnd(5, '0');
}

/** An invitation's body; `extra` may change any field, a bad one too (a test of refusals sends it raw). */
const inviteBody = (email: string, extra: Record<string, unknown>) => ({
  firstName: 'Asha',
  lastName: 'Rao',
  username: usernameOf(email),
  email,
  phone: '9876501234',
  ...extra,
});

export function invite(s: TestServer, token: string, email: string, extra: Record<string, unknown> = {}) {
  return s.request(API_TEAM.invite.path, { method: 'POST', token, json: inviteBody(email, extra) });
}

/** Invites a user and answers their row (INVITED); a refusal throws. */
export function newInvitee(s: TestServer, token: string, email: string, extra: Record<string, unknown> = {}) {
  return answer(s, API_TEAM.invite, {
    token,
    body: inviteBody(email, extra) as InputOf<typeof API_TEAM.invite>['body'],
  });
}

export async function invitationToken(s: TestServer, email: string): Promise<string> {
  const m = await latestMessage(s, email);
  const token = /\/invite\/([A-Za-z0-9_-]+)/.exec(m.body)?.[1];
  if (!token) throw new Error('no invitation link');
  return token;
}

/** Invites a user, accepts the invitation and logs in. */
export async function invitedUser(
  s: TestServer,
  ownerToken: string,
  email: string,
  extra: Record<string, unknown> = {},
) {
  const user = await newInvitee(s, ownerToken, email, extra);
  const invitationTokenValue = await invitationToken(s, email);
  const password = 'Team@1234';
  await answer(s, API_TEAM.acceptInvitation, {
    body: { invitationToken: invitationTokenValue, password, confirmPassword: password },
  });
  return { user, ...(await login(s, { email, password })) };
}

/** Puts money in an organisation's wallet through the ledger (a staff credit, as the tests' float). */
export async function fund(s: TestServer, orgId: number, paise: number) {
  const { moveMoney } = await import('../../server/modules/wallet/ledger');
  n += 1;
  await moveMoney(s.deps.db, {
    orgId,
    kind: 'ADJUSTMENT_CREDIT',
    amountPaise: paise,
    externalKey: `test-fund:${orgId}:${n}`,
  });
}
