// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { fakeHttp, renderScreen } from './helpers';
import { TeamScreen } from '../../src/ui/screens/team/team-screen';
import { API_TEAM } from '../../src/domain/team-contract';
import { pathOf } from '../../src/domain/operation';

afterEach(cleanup);

const refusal = 'Users still have this role: give them another role first';

function screenWith(deleteAnswer: () => unknown) {
  return fakeHttp({
    [`GET ${API_TEAM.users.path}`]: () => ({ data: { items: [], loginsUsed: 1, loginsAllowed: 5 } }),
    [`GET ${API_TEAM.roles.path}`]: () => ({
      data: [{ roleId: 7, name: 'Packers', builtIn: false, permissions: ['orders.ship'], users: 1 }],
    }),
    [`DELETE ${pathOf(API_TEAM.deleteRole, { roleId: 7 })}`]: deleteAnswer,
  });
}

async function askToDelete() {
  fireEvent.click(await screen.findByRole('button', { name: 'Edit' }));
  fireEvent.click(screen.getByRole('button', { name: 'Delete role' }));
  expect(await screen.findByRole('dialog', { name: 'Delete role Packers?' })).toBeTruthy();
}

describe('the role editor deletes a role', () => {
  it('after a confirmation; a role in use is refused with the server’s reason', async () => {
    const { http, calls } = screenWith(() => {
      throw { status: 409, message: refusal };
    });
    renderScreen(<TeamScreen />, { http, path: '/team' });
    await askToDelete();
    // keeping it deletes nothing
    fireEvent.click(screen.getByRole('button', { name: 'Keep it' }));
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);
    fireEvent.click(screen.getByRole('button', { name: 'Delete role' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Delete role' }));
    expect(await screen.findByText(refusal)).toBeTruthy();
    expect(calls.filter((c) => c.method === 'DELETE').map((c) => c.path)).toEqual([
      pathOf(API_TEAM.deleteRole, { roleId: 7 }),
    ]);
  });

  it('a role nobody has goes, and the editor closes', async () => {
    const { http, calls } = screenWith(() => ({ data: { roleId: 7 } }));
    renderScreen(<TeamScreen />, { http, path: '/team' });
    await askToDelete();
    fireEvent.click(screen.getByRole('button', { name: 'Delete role' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.filter((c) => c.method === 'DELETE')).toHaveLength(1);
  });
});
