import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { LIMITS } from '../../src/domain/constants';
import { errorOf, type TestServer } from './harness';
import { freshIp, latestMessage, startDemoServer, SELLER } from './helpers';
import { API_AUTH } from '../../src/domain/auth-contract';
import { answerOf } from './call';

// GET send-code (email or mobile, userName) and GET verify (contactInfo, code): a verification
// code to one contact, the same answer whether or not an account has it, under the OTP limits.

const sendCode = (s: TestServer, q: Record<string, string>, headers = freshIp()) =>
  s.request(`${API_AUTH.sendCode.path}?${new URLSearchParams(q)}`, { headers });
const verify = (s: TestServer, contactInfo: string, code: string) =>
  s.request(`${API_AUTH.verifyCode.path}?${new URLSearchParams({ contactInfo, code })}`, { headers: freshIp() });

describe('send-code', () => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startDemoServer();
  });
  afterAll(() => s.close());

  it('sends a code to an email, greets the username, and the code verifies the contact once', async () => {
    const sent = await answerOf(
      API_AUTH.sendCode,
      await sendCode(s, { email: 'Nisha@Example.in', userName: 'nisha2026' }),
    );
    expect(sent).toEqual({
      message: 'OTP sent to your Email address. Please enter the email OTP section and verify',
      sentTo: 'ni****@example.in',
    });
    const mail = await latestMessage(s, 'nisha@example.in');
    expect(mail.body).toContain('nisha2026');
    expect(mail.body).toContain('to verify this email or mobile number on Dakiya');
    expect(await errorOf(await verify(s, 'nisha@example.in', '000000'))).toMatchObject({
      status: 400,
      message: 'Incorrect OTP entered',
    });
    expect(await answerOf(API_AUTH.verifyCode, await verify(s, 'NISHA@example.in', mail.code))).toEqual({
      message: 'Email OTP verfied successfully',
      contactInfo: 'ni****@example.in',
    });
    // used once
    expect((await verify(s, 'nisha@example.in', mail.code)).status).toBe(400);
  });

  it('sends a code by SMS to a mobile number', async () => {
    const sent = await answerOf(API_AUTH.sendCode, await sendCode(s, { mobile: '9811122233', userName: 'ravi12345' }));
    expect(sent).toEqual({
      message: 'OTP sent to your Phone Number. Please enter the phone OTP section and verify',
      sentTo: '+91 ******2233',
    });
    const sms = await latestMessage(s, '+919811122233');
    expect((await answerOf(API_AUTH.verifyCode, await verify(s, '9811122233', sms.code))).message).toBe(
      'Phone number OTP verfied successfully',
    );
  });

  it('answers alike whether or not an account has the contact', async () => {
    const known = await answerOf(API_AUTH.sendCode, await sendCode(s, { email: SELLER.email, userName: 'someone1' }));
    const unknown = await answerOf(
      API_AUTH.sendCode,
      await sendCode(s, { email: 'nobody@demo.dakiya.in', userName: 'someone1' }),
    );
    expect(Object.keys(known)).toEqual(Object.keys(unknown));
    expect(known.message).toBe(unknown.message);
    expect(known.sentTo.replace(/^.{2}/, '')).toBe(unknown.sentTo.replace(/^.{2}/, ''));
  });

  it('refuses bad input naming the field by its label', async () => {
    const cases: [Record<string, string>, string][] = [
      [{ userName: 'nisha2026' }, 'Email or Mobile number is required'],
      [
        { email: 'a@example.in', mobile: '9811122299', userName: 'nisha2026' },
        'Give either an Email or a Mobile number, not both',
      ],
      [{ email: 'a@example', userName: 'nisha2026' }, 'Invalid email'],
      [{ mobile: '12345', userName: 'nisha2026' }, 'Mobile number: Please enter a valid Phone Number'],
      [{ email: 'a@example.in' }, 'Username is required'],
      [{ email: 'a@example.in', userName: 'ab' }, 'Username must be 5-20 letters or digits, with no spaces or symbols'],
      [
        { email: 'a@example.in', userName: 'nisha 2026' },
        'Username must be 5-20 letters or digits, with no spaces or symbols',
      ],
    ];
    for (const [q, message] of cases)
      expect(await errorOf(await sendCode(s, q)), JSON.stringify(q)).toMatchObject({ status: 400, message });
    expect(await errorOf(await verify(s, 'a@example.in', '12ab'))).toMatchObject({
      status: 400,
      message: 'Please enter the OTP in numerical format',
    });
    expect(
      await errorOf(await s.request(`${API_AUTH.verifyCode.path}?code=123456`, { headers: freshIp() })),
    ).toMatchObject({
      status: 400,
      message: 'Email or mobile number is required',
    });
  });

  it('is rate limited as other OTP sends: 60 seconds per contact, and a cap per IP address an hour', async () => {
    const q = { email: 'limit@example.in', userName: 'limit0001' };
    expect((await sendCode(s, q)).status).toBe(200);
    const again = await sendCode(s, q);
    expect(await errorOf(again)).toMatchObject({
      status: 429,
      message: expect.stringMatching(/^Please wait \d+ seconds before requesting another OTP$/),
    });
    expect(Number(again.headers.get('retry-after'))).toBeGreaterThan(0);
    s.clock.advance(61_000);
    expect((await sendCode(s, q)).status).toBe(200);
    // one address asking for codes to many contacts meets the hourly cap
    const ip = freshIp();
    let last: Response | undefined;
    for (let i = 0; i <= LIMITS.otpSendsPerIpPerHour; i++)
      last = await sendCode(s, { email: `many${i}@example.in`, userName: 'limit0002' }, ip);
    expect(await errorOf(last!)).toMatchObject({ status: 429, message: 'Too many attempts. Please try again later.' });
  });
});
