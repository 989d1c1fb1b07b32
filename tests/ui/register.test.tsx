// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MSG } from '../../src/domain/messages';
import { dismissNotice } from '../../src/services/notify';
import { RegisterScreen } from '../../src/ui/screens/register/register-screen';
import { fakeHttp, renderScreen } from './helpers';
import { API_REGISTRATION } from '../../src/domain/registration-contract';

const field = (label: string) => screen.getByLabelText(label, { selector: 'input' }) as HTMLInputElement;
const type = (label: string, value: string) => fireEvent.change(field(label), { target: { value } });

function fillValid() {
  type('First name', 'Ravi');
  type('Last name', 'Kumar');
  type('Company', 'Kumar Traders');
  type('Phone', '98765 43210');
  type('Password', 'Passw0rd');
  type('Confirm password', 'Passw0rd');
  type('Email', 'ravi@kumar.in');
  fireEvent.click(screen.getByRole('checkbox'));
}

afterEach(() => {
  act(() => dismissNotice());
  cleanup();
  vi.useRealTimers();
});

describe('RegisterScreen: debounced messages', () => {
  beforeEach(() => vi.useFakeTimers());

  it('shows a field message 800 ms after the last keystroke, only for touched fields', () => {
    renderScreen(<RegisterScreen />, { path: '/register' });
    type('First name', 'Al');
    act(() => vi.advanceTimersByTime(799));
    expect(screen.queryByText(MSG.firstNameRule)).toBeNull();
    type('First name', 'Al1'); // restarts the wait
    act(() => vi.advanceTimersByTime(799));
    expect(screen.queryByText(MSG.firstNameRule)).toBeNull();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.getByText(MSG.firstNameRule)).toBeTruthy();
    expect(field('First name').getAttribute('aria-invalid')).toBe('true');
    // untouched fields stay quiet
    expect(screen.queryByText(MSG.requiredCap)).toBeNull();
    expect(screen.queryByText(MSG.acceptToProceed)).toBeNull();
  });

  it('keeps only digits in the phone box, at most 10, and names the rules', () => {
    renderScreen(<RegisterScreen />);
    type('Phone', '+91 5876-54');
    expect(field('Phone').value).toBe('587654');
    act(() => vi.advanceTimersByTime(800));
    expect(screen.getByText(MSG.phoneTooShort)).toBeTruthy();
    type('Phone', '5876543210');
    act(() => vi.advanceTimersByTime(800));
    expect(screen.getByText(MSG.phoneInvalid)).toBeTruthy();
    type('Password', 'password');
    type('Confirm password', 'passw0rd');
    act(() => vi.advanceTimersByTime(800));
    expect(screen.getByText(MSG.passwordStrongShared)).toBeTruthy();
    expect(screen.getByText(MSG.passwordMismatchShared)).toBeTruthy();
    type('Email', 'ravi@kumar.store');
    act(() => vi.advanceTimersByTime(800));
    expect(screen.getByText(MSG.emailInvalidShared)).toBeTruthy();
  });

  it('a submit with an empty form shows every message at once', () => {
    const { http, calls } = fakeHttp({});
    renderScreen(<RegisterScreen />, { http });
    fireEvent.click(screen.getByRole('button', { name: 'Register' }));
    expect(screen.getByText(MSG.acceptToProceed)).toBeTruthy();
    expect(screen.getAllByText(MSG.requiredCap)).toHaveLength(7);
    expect(calls).toEqual([]);
  });
});

describe('RegisterScreen: code box', () => {
  it('submits, shows the two code boxes with the masked targets, verifies both, and goes to /login with the message', async () => {
    const { http, calls } = fakeHttp({
      [`POST ${API_REGISTRATION.registerBasic.path}`]: () => ({
        data: { email: 'r***@kumar.in', phoneNumber: '******3210' },
      }),
      [`POST ${API_REGISTRATION.verifyAccount.path}`]: (body) => {
        if ((body as { code: string }).code !== '654321') throw { status: 400, message: MSG.incorrectOtp };
        return { data: null };
      },
    });
    renderScreen(<RegisterScreen />, { http, path: '/register' });
    fillValid();
    fireEvent.click(screen.getByRole('button', { name: 'Register' }));
    const codeBox = await screen.findByLabelText('Email verification code');
    const phoneBox = screen.getByLabelText('Mobile verification code');
    expect(screen.getByText(/r\*\*\*@kumar\.in and another to \*\*\*\*\*\*3210/)).toBeTruthy();
    expect(calls[0]).toEqual({
      method: 'POST',
      path: API_REGISTRATION.registerBasic.path,
      body: {
        firstName: 'Ravi',
        lastName: 'Kumar',
        companyName: 'Kumar Traders',
        phone: '9876543210',
        password: 'Passw0rd',
        confirmPassword: 'Passw0rd',
        email: 'ravi@kumar.in',
        tncAccepted: true,
      },
    });
    await waitFor(() => expect(document.activeElement).toBe(codeBox));

    fireEvent.change(codeBox, { target: { value: '12a' } });
    fireEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect(screen.getByText(MSG.otpNumeric)).toBeTruthy();

    fireEvent.change(codeBox, { target: { value: '123456' } });
    fireEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect(screen.getByText(MSG.otpNumeric)).toBeTruthy();
    fireEvent.change(phoneBox, { target: { value: '111222' } });
    fireEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText(MSG.incorrectOtp)).toBeTruthy();

    fireEvent.change(screen.getByLabelText('Email verification code'), { target: { value: '654321' } });
    fireEvent.click(screen.getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/login'));
    expect(screen.getByRole('status').textContent).toContain(MSG.otpVerifiedLogin);
    expect(calls.slice(1).map((c) => c.body)).toEqual([
      { email: 'ravi@kumar.in', code: '123456', phoneCode: '111222' },
      { email: 'ravi@kumar.in', code: '654321', phoneCode: '111222' },
    ]);
  });

  it('shows the server’s reason when registration fails and stays on the form', async () => {
    const { http } = fakeHttp({
      [`POST ${API_REGISTRATION.registerBasic.path}`]: () => {
        throw { status: 409, message: MSG.emailTaken };
      },
    });
    renderScreen(<RegisterScreen />, { http });
    fillValid();
    fireEvent.click(screen.getByRole('button', { name: 'Register' }));
    expect((await screen.findByRole('alert')).textContent).toBe(MSG.emailTaken);
    expect(screen.getByRole('button', { name: 'Register' })).toBeTruthy();
  });
});
