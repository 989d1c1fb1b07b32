// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { LoginScreen } from '../../src/ui/screens/login/login-screen';
import { SessionProvider } from '../../src/services/session-context';
import { createSessionActor } from '../../src/services/session';

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
      '/api/v1/auth/generateOtp/': () => json(200, { data: { email: 'se****@demo.dakiya.in', phoneNumber: '+91 ******3210' } }),
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
    serve({ '/api/v1/auth/reset-password': () => json(200, { data: { message: 'Password sent to registered email' } }) });
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
