import { pathOf } from '../../src/domain/operation';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_SETUP } from '../../src/domain/setup-contract';
import { exportPath } from '../../src/domain/setup-contract';
import { answer, answerOf } from './call';
import { errorOf, type TestServer } from './harness';
import { checkExport, demoTokens, latestMessage, startDemoServer } from './helpers';

const PICKUP = {
  entityName: 'Aarav Traders Peenya',
  phoneNumber: '9845012345',
  email: 'Pickup@AaravTraders.in',
  addressLine1: 'Plot 14, 2nd Phase',
  addressLine2: 'Peenya',
  pincode: '560058',
};

describe('pickup addresses', () => {
  let s: TestServer;
  let seller: string;
  let meera: string;
  let staff: string;
  beforeAll(async () => {
    s = await startDemoServer();
    // the Pro seller (Meera) keeps several addresses; the Lite seller (Aarav) is the other tenant
    const tokens = await demoTokens(s);
    ({ meera: seller, seller: meera, staff } = tokens);
  });
  afterAll(() => s.close());

  const add = (json: unknown, token = seller) => s.request(API_SETUP.addresses.path, { method: 'POST', json, token });
  const list = async (token = seller) => answer(s, API_SETUP.addresses, { token });
  const primaries = async () => (await list()).items.filter((a) => a.primaryAddressFlag).map((a) => a.addressId);

  it('adds addresses; the first is primary, city and state come from the pincode', async () => {
    const first = await answerOf(API_SETUP.addAddress, await add(PICKUP));
    expect(first).toMatchObject({
      primaryAddressFlag: true,
      verified: false,
      city: 'Bengaluru',
      state: 'Karnataka',
      email: 'pickup@aaravtraders.in',
      channel: 'DAKIYA',
    });
    expect(first.address).toBe('Plot 14, 2nd Phase, Peenya, Bengaluru, Karnataka 560058');
    const second = await answerOf(
      API_SETUP.addAddress,
      await add({ ...PICKUP, entityName: 'Aarav Okhla', pincode: '110020' }),
    );
    expect(second.primaryAddressFlag).toBe(false);
    expect((await list()).items.map((a) => a.entityName)).toEqual(['Aarav Traders Peenya', 'Aarav Okhla']);
  });

  it.each([
    [{ ...PICKUP, entityName: 'AB' }, 'Name must be 3 to 60 characters'],
    [{ ...PICKUP, phoneNumber: '5845012345' }, 'Phone number: This phone number is invalid'],
    [{ ...PICKUP, email: 'x@y' }, 'Email: This email is invalid'],
    [{ ...PICKUP, pincode: '99999' }, 'Pincode must be 6 digits'],
    [{ ...PICKUP, pincode: '999999' }, 'Unknown pincode 999999'],
  ])('refuses %j: %s', async (json, message) => {
    const e = await errorOf(await add(json));
    expect(e.status).toBe(400);
    expect(e.message).toContain(message);
  });

  it('keeps exactly one primary, even when many ask at once', async () => {
    const ids = (await list()).items.map((a) => a.addressId);
    const results = await Promise.all(
      [...ids, ...ids, ...ids].map((addressId) =>
        s.request(API_SETUP.addressPrimary.path, { method: 'PUT', json: { addressId }, token: seller }),
      ),
    );
    expect(results.every((r) => r.status === 200)).toBe(true);
    expect(await primaries()).toHaveLength(1);
    const [okhla] = (await list()).items.filter((a) => a.entityName === 'Aarav Okhla');
    await answer(s, API_SETUP.addressPrimary, { body: { addressId: okhla.addressId }, token: seller });
    expect(await primaries()).toEqual([okhla.addressId]);
  });

  it('verifies the phone by OTP; a new phone number needs verifying again', async () => {
    const [a] = (await list()).items.filter((x) => x.entityName === 'Aarav Traders Peenya');
    const sent = await answer(s, API_SETUP.sendAddressOtp, { params: { addressId: a.addressId }, token: seller });
    expect(sent.message).toBe('OTP sent to your Phone Number. Please enter the phone OTP section and verify');
    expect(
      (await s.request(pathOf(API_SETUP.sendAddressOtp, { addressId: a.addressId }), { token: seller })).status,
    ).toBe(429);
    const { code } = await latestMessage(s, '+919845012345');
    const verify = (json: unknown, token = seller) =>
      s.request(pathOf(API_SETUP.sendAddressOtp, { addressId: a.addressId }), { method: 'PUT', json, token });
    expect((await errorOf(await verify({ code: '12ab56', phoneNumber: PICKUP.phoneNumber }))).message).toBe(
      'Please enter the OTP in numerical format',
    );
    expect((await errorOf(await verify({ code, phoneNumber: '9845099999' }))).message).toBe(
      'Phone number does not match this pickup address',
    );
    expect((await verify({ code, phoneNumber: PICKUP.phoneNumber }, meera)).status).toBe(404);
    const wrong = code === '000000' ? '111111' : '000000';
    expect((await errorOf(await verify({ code: wrong, phoneNumber: PICKUP.phoneNumber }))).message).toBe(
      'Incorrect OTP entered',
    );
    expect(
      (await answerOf(API_SETUP.verifyAddressOtp, await verify({ code, phoneNumber: PICKUP.phoneNumber }))).verified,
    ).toBe(true);
    // the same phone keeps the verification; another phone loses it
    const same = await answer(s, API_SETUP.editAddress, {
      params: { addressId: a.addressId },
      body: { ...PICKUP, addressLine2: 'Peenya 2nd Stage' },
      token: seller,
    });
    expect(same.verified).toBe(true);
    const moved = await answer(s, API_SETUP.editAddress, {
      params: { addressId: a.addressId },
      body: { ...PICKUP, phoneNumber: '9845099999' },
      token: seller,
    });
    expect(moved.verified).toBe(false);
  });

  it('deletes softly and only its own', async () => {
    const [okhla] = (await list()).items.filter((a) => a.entityName === 'Aarav Okhla');
    expect(
      (
        await s.request(API_SETUP.addressDelete.path, {
          method: 'PUT',
          json: { addressId: okhla.addressId },
          token: meera,
        })
      ).status,
    ).toBe(404);
    expect(
      (
        await s.request(pathOf(API_SETUP.editAddress, { addressId: okhla.addressId }), {
          method: 'PUT',
          json: PICKUP,
          token: meera,
        })
      ).status,
    ).toBe(404);
    expect((await list(meera)).total).toBe(0);
    expect(await answer(s, API_SETUP.addressDelete, { body: { addressId: okhla.addressId }, token: seller })).toEqual({
      deleted: true,
    });
    expect((await list()).items.map((a) => a.entityName)).toEqual(['Aarav Traders Peenya']);
    expect(
      (
        await s.request(API_SETUP.addressDelete.path, {
          method: 'PUT',
          json: { addressId: okhla.addressId },
          token: seller,
        })
      ).status,
    ).toBe(404);
    expect(
      (
        await errorOf(
          await s.request(API_SETUP.addressDelete.path, { method: 'PUT', json: { addressId: 'x' }, token: seller }),
        )
      ).message,
    ).toBe('Address must be a number');
  });

  it('is for sellers only', async () => {
    expect((await s.request(API_SETUP.addresses.path)).status).toBe(401);
    expect((await add(PICKUP, staff)).status).toBe(403);
  });

  it('exports the current list as CSV, for its seller only', async () => {
    const list = await answer(s, API_SETUP.addresses, { token: seller });
    const first = String(Object.values(list.items[0]).find((x) => typeof x === 'string'));
    const check = await checkExport(
      s,
      exportPath(API_SETUP.addresses.path),
      { seller, meera, staff },
      'entityName,phoneNumber,email,address,channel,primaryAddressFlag,phoneVerified',
      first,
    );
    expect(check).toEqual({
      status: 200,
      disposition: 'attachment; filename="pickup-addresses-2026-11-20.csv"',
      header: true,
      contains: true,
      leaks: false,
      staff: 403,
      anonymous: 401,
    });
  });

  it('gives a Lite seller one live pickup address; Pro gives many', async () => {
    const lite = meera;
    const first = await answerOf(API_SETUP.addAddress, await add({ ...PICKUP, entityName: 'Lite pickup' }, lite));
    const e = await errorOf(await add({ ...PICKUP, entityName: 'Lite second' }, lite));
    expect(e).toMatchObject({
      status: 403,
      message: 'Your Lite plan includes one pickup address. Upgrade to Pro for multiple pickup addresses',
    });
    await answer(s, API_SETUP.addressDelete, { body: { addressId: first.addressId }, token: lite });
    expect(
      (await answerOf(API_SETUP.addAddress, await add({ ...PICKUP, entityName: 'Lite again' }, lite)))
        .primaryAddressFlag,
    ).toBe(true);
  });
});
