import type { Context } from 'hono';
import { badRequest } from '../../http/errors';
import { parseOrThrow } from '../../http/validate';
import { LoginCredentials } from '../../../src/domain/schemas/account';

/** Email and password from `Authorization: Basic base64(email:password)`, validated. */
export function basicCredentials(c: Context): { email: string; password: string } {
  const header = c.req.header('authorization');
  if (!header || !/^Basic\s+/i.test(header))
    throw badRequest('Authorization header with Basic credentials is required');
  const encoded = header.replace(/^Basic\s+/i, '').trim();
  let decoded = '';
  if (/^[A-Za-z0-9+/]+={0,2}$/.test(encoded)) decoded = Buffer.from(encoded, 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon < 1) throw badRequest('Authorization header is not valid Basic credentials (base64 of email:password)');
  return parseOrThrow(
    LoginCredentials,
    { email: decoded.slice(0, colon), password: decoded.slice(colon + 1) },
    'authorization',
  );
}
