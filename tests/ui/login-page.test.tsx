// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { LoginScreen } from '../../src/ui/screens/login/login-screen';
import { SessionProvider } from '../../src/services/session-context';
import { createSessionActor } from '../../src/services/session';
import { MSG } from '../../src/domain/messages';

// The login page with its real machines; only fetch is replaced by a scripted server.

function json(status: number, body: unknown) {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

function serve(routes: Record<string, () => Response>) {
  vi.stubGlobal('fetch', async (input: RequestInfo | URL) => {
    const request = input instanceof Request ? input : new Request(String(input));
    const path = new URL(request.url).pathname;
    const key = Object.keys(routes).find((k) => path.startsWith(k));
    return key ? routes[key]() : json(401, { errorMessage: 'no cookie' });
  });
}

function renderPage() {
  const session = createSessionActor({ onLoginPage: true });
  session.start();
  render(
    <MemoryRouter initialEntries={['/login']}>
      <SessionProvider actor={session}>
        <LoginScreen />
      </SessionProvider>
    </MemoryRouter>,
  );
  return session;
}

async function submitLogin(email = 'seller@demo.dakiya.in', password = 'Seller@123') {
  fireEvent.change(screen.getByLabelText('Email'), { target: { value: email } });
  fireEvent.change(screen.getByLabelText('Password'), { target: { value: password } });
  fireEvent.click(screen.getByRole('button', { name: 'Login' }));
}

describe('login page', () => {
  beforeEach(() => localStorage.clear());
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('asks for both fields before calling the server', async () => {
    serve({});
    renderPage();
    fireEvent.click(screen.getByRole('button', { name: 'Login' }));
    expect(await screen.findAllByText('required')).toHaveLength(2);
  });

  it.each([
    ['Invalid Username/Password', 'Invalid Username/Password'],
    ['User account is locked', 'User is inactive. Please contact support.'],
  ])('reads a login failure %s as %s', async (server, shown) => {
    serve({ '/api/v1/auth/login': () => json(server.endsWith('locked') ? 403 : 401, { errorMessage: server }) });
    renderPage();
    await submitLogin();
    expect(await screen.findByText(shown)).toBeTruthy();
  });

  it('opens the OTP form for an unverified account', async () => {
    serve({
      '/api/v1/auth/login': () => json(403, { errorMessage: 'User account is disabled' }),
      '/api/v1/auth/generateOtp/': () =>
        json(200, { data: { email: 'se****@demo.dakiya.in', phoneNumber: '+91 ******3210' } }),
    });
    renderPage();
    await submitLogin();
    expect(await screen.findByRole('heading', { name: 'Verify your account' })).toBeTruthy();
    expect(screen.getByText('OTP sent to Mobile and Email.')).toBeTruthy();
    expect(screen.getByText(/\+91 \*{6}3210/)).toBeTruthy();
    // one 6-digit code from the email, another from the SMS
    expect(screen.getAllByRole('textbox')).toHaveLength(12);
    expect(screen.getByLabelText('Email OTP character 1 of 6')).toBeTruthy();
    expect(screen.getByLabelText('Mobile OTP character 1 of 6')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Resend OTP in 0:30' })).toBeTruthy();
  });

  it('says User validation failed when no code could be sent', async () => {
    serve({
      '/api/v1/auth/login': () => json(403, { errorMessage: 'User account is disabled' }),
      '/api/v1/auth/generateOtp/': () => json(429, { errorMessage: 'Too many attempts. Please try again later.' }),
    });
    renderPage();
    await submitLogin();
    expect(await screen.findByText('User validation failed. Please contact support.')).toBeTruthy();
  });

  it('switches to forgot password and back with the answer shown', async () => {
    serve({
      '/api/v1/auth/reset-password': () => json(200, { data: { message: 'Password sent to registered email' } }),
    });
    renderPage();
    fireEvent.click(screen.getByRole('button', { name: 'Forgot password?' }));
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'not-an-email' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send password' }));
    expect(await screen.findByText('Invalid email')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'seller@demo.dakiya.in' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send password' }));
    expect(await screen.findByText('Password sent to registered email')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Login to Dakiya' })).toBeTruthy();
    expect((screen.getByLabelText('Email') as HTMLInputElement).value).toBe('seller@demo.dakiya.in');
  });

  it('asks for the sign-in code after many failed sign-ins, refuses a wrong one, logs in with the right one and can go back', async () => {
    const token = `${btoa(JSON.stringify({ alg: 'HS256' }))}.${btoa(JSON.stringify({ sub: '1', at: 'SELLER', st: 'LITE', oid: 1, scope: ['OWNER'], role: 'OWNER' }))}.sig`;
    const codes: (string | null)[] = [];
    vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
      const request = input instanceof Request ? input : new Request(String(input), init);
      const path = new URL(request.url).pathname;
      if (path === '/api/v1/auth/login') {
        const code = request.headers.get('x-login-otp');
        codes.push(code);
        expect(request.headers.get('authorization')).toBe(`Basic ${btoa('seller@demo.dakiya.in:Seller@123')}`);
        if (code === null)
          return new Response(JSON.stringify({ errorMessage: MSG.loginOtpRequired }), {
            status: 401,
            headers: { 'content-type': 'application/json', 'x-login-step': 'otp' },
          });
        if (code !== '482913') return json(400, { errorMessage: MSG.incorrectOtp });
        return json(200, { data: { accessToken: token, mustChangePassword: false } });
      }
      if (path === '/api/v1/account/info') return json(200, { data: { firstName: 'Aarav' } });
      if (path === '/api/v1/app-config') return json(200, { data: {} });
      return json(401, { errorMessage: 'no cookie' });
    });
    const session = renderPage();
    session.send({ type: 'START' });
    await new Promise((r) => setTimeout(r, 20));
    const enterCode = (code: string) =>
      fireEvent.paste(screen.getByLabelText('OTP character 1 of 6'), { clipboardData: { getData: () => code } });

    await submitLogin();
    expect(await screen.findByRole('heading', { name: 'Enter the sign-in code' })).toBeTruthy();
    expect(screen.getByRole('status').textContent).toBe(MSG.loginOtpRequired);
    expect(screen.getAllByRole('textbox')).toHaveLength(6);
    expect((screen.getByRole('button', { name: 'Login' }) as HTMLButtonElement).disabled).toBe(true);
    // going back shows the login form again; logging in again sends a new code
    fireEvent.click(screen.getByRole('button', { name: 'Back to login' }));
    expect(screen.getByRole('heading', { name: 'Login to Dakiya' })).toBeTruthy();
    await submitLogin();
    expect(await screen.findByRole('heading', { name: 'Enter the sign-in code' })).toBeTruthy();

    enterCode('111111');
    fireEvent.click(screen.getByRole('button', { name: 'Login' }));
    expect((await screen.findByRole('alert')).textContent).toBe(MSG.incorrectOtp);
    expect(screen.getByRole('heading', { name: 'Enter the sign-in code' })).toBeTruthy();
    // the boxes are emptied when the refusal is handled, which may land a render after the alert
    await vi.waitFor(() => expect((screen.getByLabelText('OTP character 1 of 6') as HTMLInputElement).value).toBe(''));
    expect(session.getSnapshot().context.token).toBeNull();

    enterCode('482913');
    fireEvent.click(screen.getByRole('button', { name: 'Login' }));
    await vi.waitFor(() => expect(session.getSnapshot().context.token).toBe(token));
    expect(codes).toEqual([null, null, '111111', '482913']);
  });

  it('hands the token to the session on success', async () => {
    const token = `${btoa(JSON.stringify({ alg: 'HS256' }))}.${btoa(JSON.stringify({ sub: '1', at: 'SELLER', st: 'LITE', oid: 1, scope: ['OWNER'], role: 'OWNER' }))}.sig`;
    serve({
      '/api/v1/auth/login': () => json(200, { data: { accessToken: token, mustChangePassword: false } }),
      '/api/v1/account/info': () => json(200, { data: { firstName: 'Aarav' } }),
      '/api/v1/app-config': () => json(200, { data: {} }),
    });
    const session = renderPage();
    session.send({ type: 'START' });
    await new Promise((r) => setTimeout(r, 20));
    await submitLogin();
    await vi.waitFor(() => expect(session.getSnapshot().context.token).toBe(token));
    expect(localStorage.getItem('dakiya.loggedIn')).toBe('1');
  });
});
