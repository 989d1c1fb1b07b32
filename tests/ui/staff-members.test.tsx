// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { API_STAFF, type StaffUserRow } from '../../src/domain/staff-contract';
import { pathOf } from '../../src/domain/operation';
import { StaffMembersScreen } from '../../src/ui/screens/corporate/staff-screen';
import { ACCOUNT, fakeHttp, fakeSession, renderScreen } from './helpers';

// The staff list's status action: turning a login off needs a reason (said by its label), is asked
// once more, and sends the reason; one's own login has no such action; a deactivated one offers
// activation. A new login is made in a dialog: a refusal keeps it open with the reason, a success
// closes it, says so, and the list shows the new login.

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
afterEach(() => cleanup());

const admin = fakeSession({ account: { ...ACCOUNT, email: 'ops@dakiya.in', role: 'DAKIYA' } });

describe('the staff list’s status action', () => {
  it('deactivates a login with a reason, asked once more; never one’s own', async () => {
    let rows = [ME, member({})];
    const { http, calls } = fakeHttp({
      [`GET ${API_STAFF.staff.path}`]: () => ({ data: rows }),
      [`PUT ${pathOf(API_STAFF.staffStatus, { accountId: 7 })}`]: (body) => {
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
          path: pathOf(API_STAFF.staffStatus, { accountId: 7 }),
          body: { activated: false, reason: 'Left the company' },
        },
      ]),
    );
    // the list is read again: the login shows deactivated and offers activation
    await screen.findByRole('form', { name: 'Activate support@dakiya.in' });
    expect(screen.getByText(/^Deactivated/)).toBeTruthy();
  });
});

describe('a new staff login', () => {
  it('keeps the dialog open with the refusal, and closes it once the login is made', async () => {
    let rows = [ME];
    let refuse = true;
    const { http, calls } = fakeHttp({
      [`GET ${API_STAFF.staff.path}`]: () => ({ data: rows }),
      [`POST ${API_STAFF.staff.path}`]: () => {
        if (refuse) throw { status: 409, message: 'Email: this email already has a login' };
        const made = member({ accountId: 9, firstName: 'Kavya', lastName: 'Rao', email: 'kavya@dakiya.in' });
        rows = [ME, made];
        return { data: made };
      },
    });
    renderScreen(<StaffMembersScreen />, { http, session: admin });
    fireEvent.click(await screen.findByRole('button', { name: 'New staff member' }));
    const dialog = await screen.findByRole('dialog', { name: 'New staff member' });
    const form = within(dialog).getByRole('form', { name: 'New staff member' });
    // what is missing is said by its label, and nothing is sent
    fireEvent.click(within(form).getByRole('button', { name: 'Add staff member' }));
    await within(form).findByText(/^First name (is required|must)/);
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
    fireEvent.change(within(form).getByLabelText('First name'), { target: { value: 'Kavya' } });
    fireEvent.change(within(form).getByLabelText('Last name'), { target: { value: 'Rao' } });
    fireEvent.change(within(form).getByLabelText('Email'), { target: { value: 'kavya@dakiya.in' } });
    fireEvent.change(within(form).getByLabelText('Phone number'), { target: { value: '9876543210' } });
    fireEvent.change(within(form).getByLabelText('Staff role'), { target: { value: 'SUPPORT' } });
    // the server refuses: the dialog stays, with the reason and what was typed
    fireEvent.click(within(form).getByRole('button', { name: 'Add staff member' }));
    await within(dialog).findByText('Email: this email already has a login');
    expect(screen.getByRole('dialog', { name: 'New staff member' })).toBeTruthy();
    expect((within(form).getByLabelText('Email') as HTMLInputElement).value).toBe('kavya@dakiya.in');
    // made: the dialog closes, the page says so, and the list shows the new login
    refuse = false;
    fireEvent.click(within(form).getByRole('button', { name: 'Add staff member' }));
    await screen.findByText('Staff login made: kavya@dakiya.in has a temporary password by email');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await screen.findByRole('region', { name: 'kavya@dakiya.in' });
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(2);
  });
});
