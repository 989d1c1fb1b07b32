import { pathOf } from '../../src/domain/operation';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_PRODUCTS } from '../../src/domain/setup-contract';

import { PERMISSION_DENIED } from '../../server/http/router';
import { errorOf, type TestServer } from './harness';
import { answer, answerOf } from './call';
import { login, MEERA, SELLER, STAFF, startDemoServer } from './helpers';
import { invitedUser } from './team-helpers';

// POST owner/register/customer (the owner adds a buyer to the book by hand) and
// GET addresses/customers/{customerId}, where a customer id that does not parse or is not the
// seller's says 'invalid Customer id'.

const BODY = {
  customerName: 'Kavya Iyer',
  phoneNumber: '+91 98450 22334',
  email: 'Kavya@Example.in',
  addressLine1: '14, 3rd Cross, Indiranagar',
  pincode: '560038',
};

describe('registering a customer', () => {
  let s: TestServer;
  const meera = async () => (await login(s, MEERA)).token;
  const register = async (json: unknown, token?: string) =>
    s.request(API_PRODUCTS.registerCustomer.path, { method: 'POST', token: token ?? (await meera()), json });

  beforeAll(async () => {
    s = await startDemoServer();
  });
  afterAll(() => s.close());

  it('the owner registers a customer: city and state from the pincode, in the book and readable by id', async () => {
    const made = await answerOf(API_PRODUCTS.registerCustomer, await register(BODY));
    expect(made).toMatchObject({
      entityName: 'Kavya Iyer',
      phoneNumber: '9845022334',
      email: 'kavya@example.in',
      city: 'Bengaluru',
      state: 'Karnataka',
      channel: 'REGISTERED',
      ordersCount: 0,
      lastOrderAt: null,
    });
    const one = await answer(s, API_PRODUCTS.customer, {
      params: { customerId: made.customerId },
      token: await meera(),
    });
    expect(one).toEqual(made);
    const book = await answer(s, API_PRODUCTS.customers, { query: { searchPattern: 'Kavya' }, token: await meera() });
    expect(book.items.map((c) => c.customerId)).toContain(made.customerId);
    // the book is keyed by phone, as orders key it
    expect(await errorOf(await register({ ...BODY, customerName: 'Kavya Menon' }))).toMatchObject({
      status: 409,
      message: 'Phone number: a customer with this number is already in your book',
    });
  });

  it('refuses bad input naming the field by its label; the name follows the shared names pattern', async () => {
    for (const customerName of ['Kavy', 'Kavya Iyer 2', 'K'.repeat(21), 'Kavya-Iyer'])
      expect(await errorOf(await register({ ...BODY, phoneNumber: '9845000001', customerName }))).toMatchObject({
        status: 400,
        message: 'invalid Customer Name',
      });
    const cases: [Record<string, unknown>, string | RegExp][] = [
      [{ customerName: '' }, 'Customer name is required'],
      [{ customerName: undefined }, 'Customer name is required'],
      [{ phoneNumber: '12345' }, 'Phone number: This phone number is invalid'],
      [{ email: 'kavya@' }, 'Email: This email is invalid'],
      [{ addressLine1: 'x' }, /^Address line 1 must be 3 to 120 characters/],
      [{ pincode: '012345' }, 'Pincode must be 6 digits and not start with 0'],
      [{ pincode: '999999' }, 'Pincode: 999999 is not a pincode we know'],
    ];
    for (const [change, message] of cases)
      expect(await errorOf(await register({ ...BODY, phoneNumber: '9845000002', ...change }))).toMatchObject({
        status: 400,
        message: typeof message === 'string' ? message : expect.stringMatching(message),
      });
  });

  it('a customer id that does not parse, or does not exist, is an invalid Customer id', async () => {
    const token = await meera();
    for (const id of ['abc', '0', '1.5', '99999999999'])
      expect(
        await errorOf(await s.request(pathOf(API_PRODUCTS.customer, { customerId: id }), { token })),
      ).toMatchObject({
        status: 400,
        message: 'invalid Customer id',
      });
    expect(
      await errorOf(await s.request(pathOf(API_PRODUCTS.customer, { customerId: 987654 }), { token })),
    ).toMatchObject({
      status: 404,
      message: 'invalid Customer id',
    });
  });

  it('another seller’s customer is an invalid Customer id (404), and stays out of their book', async () => {
    const made = await answerOf(API_PRODUCTS.registerCustomer, await register({ ...BODY, phoneNumber: '9845000003' }));
    const other = (await login(s, SELLER)).token;
    expect(
      await errorOf(await s.request(pathOf(API_PRODUCTS.customer, { customerId: made.customerId }), { token: other })),
    ).toMatchObject({
      status: 404,
      message: 'invalid Customer id',
    });
    const book = await answer(s, API_PRODUCTS.customers, { query: { searchPattern: '9845000003' }, token: other });
    expect(book.total).toBe(0);
  });

  it('registering is the owner’s alone; reading needs See buyer contact details; staff are refused', async () => {
    const owner = await meera();
    const seller = await invitedUser(s, owner, 'book.seller@meera.in', { role: 'SELLER' });
    expect(await errorOf(await register({ ...BODY, phoneNumber: '9845000004' }, seller.token))).toMatchObject({
      status: 403,
      message: PERMISSION_DENIED,
    });
    const made = await answerOf(API_PRODUCTS.registerCustomer, await register({ ...BODY, phoneNumber: '9845000005' }));
    expect(
      (await s.request(pathOf(API_PRODUCTS.customer, { customerId: made.customerId }), { token: seller.token })).status,
    ).toBe(200);
    const user = await invitedUser(s, owner, 'book.user@meera.in', { role: 'USER' });
    expect(
      await errorOf(
        await s.request(pathOf(API_PRODUCTS.customer, { customerId: made.customerId }), { token: user.token }),
      ),
    ).toMatchObject({ status: 403, message: PERMISSION_DENIED });
    const staff = (await login(s, STAFF)).token;
    expect((await register({ ...BODY, phoneNumber: '9845000006' }, staff)).status).toBe(403);
    expect((await s.request(API_PRODUCTS.registerCustomer.path, { method: 'POST', json: BODY })).status).toBe(401);
  });
});
