import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { signupFeedback } from '../../server/db/schema';
import { API_SIGNUP_FEEDBACK, SIGNUP_FEEDBACK, SIGNUP_FEEDBACK_MSG } from '../../src/domain/signup-feedback';
import { answerOf } from './call';
import { errorOf, startTestServer, type TestServer } from './harness';
import { freshIp } from './helpers';

// Sign-up page feedback through HTTP: stored once per submission, every field's rule answered with
// its label, and a per-address throttle so the public route cannot flood the table.

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(() => s?.close());

const send = (json: unknown, headers: Record<string, string>) =>
  s.request(API_SIGNUP_FEEDBACK.send.path, { method: 'POST', json, headers });
const rowsOf = (idempotencyKey: string) =>
  s.deps.db.select().from(signupFeedback).where(eq(signupFeedback.idempotencyKey, idempotencyKey));
const countFrom = async (ip: string) =>
  (await s.deps.db.select().from(signupFeedback).where(eq(signupFeedback.ip, ip))).length;

describe('POST /rest/v1/feedback/signup', () => {
  it('stores a rating and the trimmed message of a visitor, without a login', async () => {
    const ip = freshIp();
    const id = randomUUID();
    expect(
      await answerOf(
        API_SIGNUP_FEEDBACK.send,
        await send({ idempotencyKey: id, rating: 7, message: '  OTP came late  ' }, ip),
      ),
    ).toEqual({
      received: true,
    });
    const [row] = await rowsOf(id);
    expect({ rating: row.rating, message: row.message, ip: row.ip }).toEqual({
      rating: 7,
      message: 'OTP came late',
      ip: ip['x-forwarded-for'],
    });
    expect(row.createdAt.toISOString()).toBe(s.clock.now.toISOString());
  });

  it('takes a rating without a message', async () => {
    const id = randomUUID();
    expect((await send({ idempotencyKey: id, rating: 10 }, freshIp())).status).toBe(200);
    expect((await rowsOf(id))[0].message).toBe('');
  });

  it.each([
    ['no rating', { message: 'hi' }, 'Rating is required'],
    ['a rating of 0', { rating: 0 }, SIGNUP_FEEDBACK_MSG.rating],
    ['a rating of 11', { rating: 11 }, SIGNUP_FEEDBACK_MSG.rating],
    ['a rating of 7.5', { rating: 7.5 }, SIGNUP_FEEDBACK_MSG.rating],
    ['a rating as text', { rating: '7' }, SIGNUP_FEEDBACK_MSG.rating],
    ['a message over 500 characters', { rating: 5, message: 'x'.repeat(501) }, SIGNUP_FEEDBACK_MSG.message],
    ['a message that is not text', { rating: 5, message: 42 }, SIGNUP_FEEDBACK_MSG.messageText],
    ['no idempotency key', { rating: 5, idempotencyKey: undefined }, 'Request key is required'],
    ['an idempotency key that is not a UUID', { rating: 5, idempotencyKey: 'abc' }, SIGNUP_FEEDBACK_MSG.idempotencyKey],
  ])('refuses %s with a 400 naming the field', async (_, fields, message) => {
    const ip = freshIp();
    const res = await send({ idempotencyKey: randomUUID(), ...fields }, ip);
    expect(await errorOf(res)).toMatchObject({ status: 400, message });
    expect(await countFrom(ip['x-forwarded-for'])).toBe(0);
  });

  it('keeps 500 characters after trimming, so spaces around a full message do not refuse it', async () => {
    const id = randomUUID();
    expect((await send({ idempotencyKey: id, rating: 3, message: ` ${'y'.repeat(500)} ` }, freshIp())).status).toBe(
      200,
    );
    expect((await rowsOf(id))[0].message).toHaveLength(500);
  });

  it(`takes ${SIGNUP_FEEDBACK.perIpPerHour} submissions an hour from one address, refuses the next with Retry-After, and takes more an hour later`, async () => {
    const ip = freshIp();
    for (let i = 0; i < SIGNUP_FEEDBACK.perIpPerHour; i++)
      expect((await send({ idempotencyKey: randomUUID(), rating: 5 }, ip)).status).toBe(200);
    s.clock.advance(10 * 60_000);
    const refused = await send({ idempotencyKey: randomUUID(), rating: 5 }, ip);
    expect(refused.headers.get('retry-after')).toBe(String(50 * 60));
    expect(await errorOf(refused)).toMatchObject({ status: 429, message: SIGNUP_FEEDBACK_MSG.tooMany });
    expect(await countFrom(ip['x-forwarded-for'])).toBe(SIGNUP_FEEDBACK.perIpPerHour);
    // another address is not held up by this one
    expect((await send({ idempotencyKey: randomUUID(), rating: 5 }, freshIp())).status).toBe(200);
    s.clock.advance(50 * 60_000 + 1000);
    expect((await send({ idempotencyKey: randomUUID(), rating: 5 }, ip)).status).toBe(200);
    expect(await countFrom(ip['x-forwarded-for'])).toBe(SIGNUP_FEEDBACK.perIpPerHour + 1);
  });

  it('answers a repeat of a stored submission as stored, even past the throttle, without counting it again', async () => {
    const ip = freshIp();
    const first = randomUUID();
    await send({ idempotencyKey: first, rating: 4 }, ip);
    for (let i = 1; i < SIGNUP_FEEDBACK.perIpPerHour; i++) await send({ idempotencyKey: randomUUID(), rating: 4 }, ip);
    expect(await answerOf(API_SIGNUP_FEEDBACK.send, await send({ idempotencyKey: first, rating: 4 }, ip))).toEqual({
      received: true,
    });
    expect(await rowsOf(first)).toHaveLength(1);
  });

  it('stores concurrent repeats of one submission once', async () => {
    const ip = freshIp();
    const id = randomUUID();
    const answers = await Promise.all(
      Array.from({ length: 6 }, () => send({ idempotencyKey: id, rating: 9, message: 'double click' }, ip)),
    );
    expect(answers.map((r) => r.status)).toEqual([200, 200, 200, 200, 200, 200]);
    expect(await rowsOf(id)).toHaveLength(1);
  });

  it('stores one submission once when it arrives from two addresses at once', async () => {
    const id = randomUUID();
    const answers = await Promise.all([
      send({ idempotencyKey: id, rating: 2 }, freshIp()),
      send({ idempotencyKey: id, rating: 2 }, freshIp()),
    ]);
    expect(answers.map((r) => r.status)).toEqual([200, 200]);
    expect(await rowsOf(id)).toHaveLength(1);
  });

  it('lets no more than the hourly number through when many different submissions arrive at once from one address', async () => {
    const ip = freshIp();
    const answers = await Promise.all(
      Array.from({ length: 9 }, () => send({ idempotencyKey: randomUUID(), rating: 6 }, ip)),
    );
    expect(answers.filter((r) => r.status === 200)).toHaveLength(SIGNUP_FEEDBACK.perIpPerHour);
    expect(answers.filter((r) => r.status === 429)).toHaveLength(9 - SIGNUP_FEEDBACK.perIpPerHour);
    expect(await countFrom(ip['x-forwarded-for'])).toBe(SIGNUP_FEEDBACK.perIpPerHour);
  });
});
