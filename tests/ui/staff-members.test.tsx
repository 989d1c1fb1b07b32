// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { API_STAFF, type StaffUserRow } from '../../src/domain/staff-contract';
import { StaffMembersScreen } from '../../src/ui/screens/corporate/staff-screen';
import { ACCOUNT, fakeHttp, fakeSession, renderScreen } from './helpers';

// The staff list's status action: turning a login off needs a reason (said by its label), is asked
// once more, and sends the reason; one's own login has no such action; a deactivated one offers
// activation.

const member = (over: Partial<StaffUserRow>): StaffUserRow => ({
  accountId: 7,
  firstName: 'Suman',
  lastName: 'Rao',
  email: 'support@dakiya.in',
  staffRole: 'SUPPORT',
  lastLoginAt: null,
  active: true,
  deactivatedAt: null,
  ...over,
});
const ME = member({ accountId: 1, firstName: 'Ops', email: 'ops@dakiya.in', staffRole: 'ADMIN' });
const admin = fakeSession({ account: { ...ACCOUNT, email: 'ops@dakiya.in', role: 'DAKIYA' } });

describe('the staff list’s status action', () => {
  it('deactivates a login with a reason, asked once more; never one’s own', async () => {
    let rows = [ME, member({})];
    const { http, calls } = fakeHttp({
      [`GET ${API_STAFF.staff}`]: () => ({ data: rows }),
      [`PUT ${API_STAFF.staffStatus(7)}`]: (body) => {
        rows = [ME, member({ active: false, deactivatedAt: '2026-11-27T10:00:00.000Z' })];
        return { data: { accountId: 7, activated: (body as { activated: boolean }).activated } };
      },
    });
    renderScreen(<StaffMembersScreen />, { http, session: admin });
    const form = await screen.findByRole('form', { name: 'Deactivate support@dakiya.in' });
    expect(screen.queryByRole('form', { name: 'Deactivate ops@dakiya.in' })).toBeNull();
    fireEvent.click(within(form).getByRole('button', { name: 'Deactivate login' }));
    await within(form).findByText('Reason must be 5 to 300 characters');
    fireEvent.change(within(form).getByLabelText('Reason'), { target: { value: 'Left the company' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Deactivate login' }));
    const dialog = await screen.findByRole('dialog', { name: 'Deactivate this staff login?' });
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Deactivate' }));
    await waitFor(() =>
      expect(calls.filter((c) => c.method === 'PUT')).toEqual([
        {
          method: 'PUT',
          path: API_STAFF.staffStatus(7),
          body: { activated: false, reason: 'Left the company' },
        },
      ]),
    );
    // the list is read again: the login shows deactivated and offers activation
    await screen.findByRole('form', { name: 'Activate support@dakiya.in' });
    expect(screen.getByText(/^Deactivated/)).toBeTruthy();
  });
});
