import type { Context } from 'hono';
import { getCookie, setCookie } from 'hono/cookie';
import type { Config } from '../../config';

// The refresh token travels only in this cookie: HttpOnly (no script reads it), SameSite=Strict
// (no cross-site request carries it) and scoped to the auth routes that need it.

export const REFRESH_COOKIE = 'dk_rt';
const PATH = '/api/v1/auth';

export function readRefreshCookie(c: Context): string | null {
  return getCookie(c, REFRESH_COOKIE) || null;
}

export function setRefreshCookie(c: Context, config: Config, token: string): void {
  setCookie(c, REFRESH_COOKIE, token, {
    httpOnly: true,
    sameSite: 'Strict',
    path: PATH,
    secure: config.production,
    maxAge: config.refreshTokenTtlS,
  });
}

export function clearRefreshCookie(c: Context, config: Config): void {
  setCookie(c, REFRESH_COOKIE, '', {
    httpOnly: true,
    sameSite: 'Strict',
    path: PATH,
    secure: config.production,
    maxAge: 0,
  });
}
