import { describe, expect, it } from 'vitest';
import { CASHFREE_API_VERSION, CASHFREE_TEST, cashfreeVerificationProvider } from '../../server/verification/cashfree';

// The Cashfree Verification adapter against a stubbed fetch: the requests it builds (path,
// headers, body) and how it maps Cashfree's documented answers. It never reaches Cashfree.

interface Sent {
  url: string;
  method: string;
  headers: Record<string, string>;
  body: Record<string, unknown>;
}

function stub(answers: { status: number; body: unknown }[] | 'throw') {
  const sent: Sent[] = [];
  const fake = (async (url: string, init: RequestInit) => {
    sent.push({
      url,
      method: String(init.method),
      headers: init.headers as Record<string, string>,
      body: JSON.parse(String(init.body)) as Record<string, unknown>,
    });
    if (answers === 'throw') throw new TypeError('fetch failed');
    const next = answers.shift() ?? { status: 500, body: {} };
    return new Response(JSON.stringify(next.body), { status: next.status });
  }) as unknown as typeof fetch;
  const provider = cashfreeVerificationProvider({
    baseUrl: CASHFREE_TEST,
    clientId: 'CF_ID',
    clientSecret: 'CF_SECRET',
    fetch: fake,
    newId: () => 'dakiya-test-1',
  });
  return { provider, sent };
}

const ok = (body: unknown) => [{ status: 200, body }];

describe('Cashfree requests', () => {
  it('posts JSON to the verification base with the client id, secret and API version', async () => {
    const { provider, sent } = stub(ok({ valid: true, registered_name: 'JOHN DOE' }));
    await provider.verifyPan('ABCPV1234D', 'John Doe');
    expect(sent[0]).toEqual({
      url: 'https://sandbox.cashfree.com/verification/pan',
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-client-id': 'CF_ID',
        'x-client-secret': 'CF_SECRET',
        'x-api-version': CASHFREE_API_VERSION,
      },
      body: { pan: 'ABCPV1234D', name: 'John Doe' },
    });
  });

  it.each([
    ['verifyGstin', ['29AAICP2912R1ZR', 'Ujjivan'], '/gstin', { GSTIN: '29AAICP2912R1ZR', business_name: 'Ujjivan' }],
    ['generateAadhaarOtp', ['655675523712'], '/offline-aadhaar/otp', { aadhaar_number: '655675523712' }],
    ['submitAadhaarOtp', ['21637861', '267987'], '/offline-aadhaar/verify', { otp: '267987', ref_id: '21637861' }],
    ['ifscDetails', ['HDFC0000001'], '/ifsc', { verification_id: 'dakiya-test-1', ifsc: 'HDFC0000001' }],
  ] as const)('%s posts to %s', async (call, args, path, body) => {
    const { provider, sent } = stub(ok({}));
    await (provider[call] as (...a: string[]) => Promise<unknown>)(...args);
    expect(sent[0].url).toBe(`${CASHFREE_TEST}${path}`);
    expect(sent[0].body).toEqual(body);
  });

  it('posts a bank account with its IFSC, the holder’s name and phone', async () => {
    const { provider, sent } = stub(ok({ account_status: 'VALID' }));
    await provider.verifyBankAccount({
      ifsc: 'YESB0000001',
      accountNumber: '26291800001191',
      holderName: 'John Doe',
      phone: '9999999999',
      mode: 'PENNY_DROP',
    });
    expect(sent[0].url).toBe(`${CASHFREE_TEST}/bank-account/sync`);
    expect(sent[0].body).toEqual({
      bank_account: '26291800001191',
      ifsc: 'YESB0000001',
      name: 'John Doe',
      phone: '9999999999',
    });
  });
});

describe('Cashfree answers mapped', () => {
  it('PAN: a valid PAN with its registered name and type', async () => {
    const { provider } = stub(
      ok({
        pan: 'ABCPV1234D',
        type: 'Individual',
        reference_id: 161,
        name_provided: 'JOHN DOE',
        registered_name: 'JOHN DOE',
        valid: true,
        message: 'PAN verified successfully',
        name_match_score: 100,
        name_match_result: 'DIRECT_MATCH',
        pan_status: 'VALID',
      }),
    );
    expect(await provider.verifyPan('ABCPV1234D', 'John Doe')).toEqual({
      ok: true,
      pan: 'ABCPV1234D',
      registeredName: 'JOHN DOE',
      holderType: 'Individual',
      reference: '161',
    });
  });

  it('PAN: valid false is an invalid PAN', async () => {
    const { provider } = stub(ok({ valid: false, message: 'Invalid PAN', pan_status: 'INVALID' }));
    expect(await provider.verifyPan('ABCPV1234D', 'x')).toEqual({
      ok: false,
      reason: 'INVALID',
      detail: 'Cashfree: Invalid PAN',
    });
  });

  it('GSTIN: legal and trade name, status, constitution, registration date, address', async () => {
    const { provider } = stub(
      ok({
        reference_id: 19,
        GSTIN: '29AAICP2912R1ZR',
        legal_name_of_business: 'UJJIVAN SMALL FINANCE BANK LIMITED',
        trade_name_of_business: 'UJJIVAN SMALL FINANCE BANK',
        date_of_registration: '2017-09-30',
        constitution_of_business: 'Public Limited Company',
        taxpayer_type: 'Regular',
        gst_in_status: 'Active',
        principal_place_address: 'First Floor, Lachit Nagar Assam 781007',
        valid: true,
        message: 'GSTIN Exists',
      }),
    );
    expect(await provider.verifyGstin('29AAICP2912R1ZR', 'Ujjivan')).toEqual({
      ok: true,
      gstin: '29AAICP2912R1ZR',
      legalName: 'UJJIVAN SMALL FINANCE BANK LIMITED',
      tradeName: 'UJJIVAN SMALL FINANCE BANK',
      status: 'Active',
      constitution: 'Public Limited Company',
      registeredOn: '2017-09-30',
      principalAddress: 'First Floor, Lachit Nagar Assam 781007',
      reference: '19',
    });
  });

  it("GSTIN: 'GSTIN Doesn't Exist' is an invalid GSTIN", async () => {
    const { provider } = stub(ok({ valid: false, message: "GSTIN Doesn't Exist" }));
    expect(await provider.verifyGstin('29AAICP2912R1ZR', 'x')).toMatchObject({ ok: false, reason: 'INVALID' });
  });

  it('GSTIN OTP: not offered by Cashfree', async () => {
    const { provider, sent } = stub(ok({}));
    expect(provider.gstinOtp).toBe(false);
    expect(await provider.generateGstinOtp('29AAICP2912R1ZR')).toMatchObject({ ok: false, reason: 'UNSUPPORTED' });
    expect(await provider.submitGstinOtp('29AAICP2912R1ZR', 'r', '1')).toMatchObject({
      ok: false,
      reason: 'UNSUPPORTED',
    });
    expect(sent).toHaveLength(0);
  });

  it('Aadhaar: the OTP’s reference, then the holder’s name, year of birth and state (not the address)', async () => {
    const { provider } = stub([
      { status: 200, body: { status: 'SUCCESS', message: 'OTP sent successfully', ref_id: 21637861 } },
      {
        status: 200,
        body: {
          ref_id: '21637861',
          status: 'VALID',
          message: 'Aadhaar Card Exists',
          care_of: 'S/O: Fakkirappa Dollin',
          address: 'Shri Kanaka Nilaya, Ranebennur, Haveri-Karnataka, India',
          dob: '02-02-1995',
          gender: 'M',
          name: 'Mallesh Fakkirappa Dollin',
          split_address: { state: 'Karnataka', pincode: 581115 },
          year_of_birth: 1995,
        },
      },
    ]);
    expect(await provider.generateAadhaarOtp('655675523712')).toEqual({
      ok: true,
      reference: '21637861',
      sentTo: null,
    });
    const result = await provider.submitAadhaarOtp('21637861', '267987');
    expect(result).toEqual({
      ok: true,
      name: 'Mallesh Fakkirappa Dollin',
      yearOfBirth: 1995,
      state: 'Karnataka',
      reference: '21637861',
    });
    expect(JSON.stringify(result)).not.toContain('Nilaya');
  });

  it('Aadhaar: status INVALID on the OTP request, and a wrong OTP', async () => {
    const { provider } = stub([
      { status: 200, body: { status: 'INVALID', message: 'Invalid Aadhaar Card' } },
      { status: 400, body: { code: 'verification_failed', message: 'Invalid OTP', type: 'validation_error' } },
    ]);
    expect(await provider.generateAadhaarOtp('655675523712')).toMatchObject({ ok: false, reason: 'INVALID' });
    expect(await provider.submitAadhaarOtp('1', '000000')).toMatchObject({ ok: false, reason: 'OTP_INVALID' });
  });

  it('bank: a valid account by IMPS is a penny drop with the name at the bank, bank, branch and UTR', async () => {
    const { provider } = stub(
      ok({
        reference_id: 23,
        name_at_bank: 'JOHN DOE',
        bank_name: 'YES BANK',
        utr: '404223241811',
        city: 'MUMBAI',
        branch: 'SANTACRUZ, MUMBAI',
        name_match_score: '90.00',
        name_match_result: 'GOOD_PARTIAL_MATCH',
        account_status: 'VALID',
        account_status_code: 'ACCOUNT_IS_VALID',
      }),
    );
    expect(
      await provider.verifyBankAccount({
        ifsc: 'YESB0000001',
        accountNumber: '26291800001191',
        holderName: 'John Doe',
        phone: '9999999999',
        mode: 'PENNY_DROP',
      }),
    ).toEqual({
      ok: true,
      mode: 'PENNY_DROP',
      nameAtBank: 'JOHN DOE',
      bankName: 'YES BANK',
      branch: 'SANTACRUZ, MUMBAI',
      creditedPaise: null,
      utr: '404223241811',
      reference: '23',
    });
  });

  it.each([
    [{ account_status: 'VALID', name_at_bank: 'JOHN DOE', ifsc_details: { bank: 'YES BANK', branch: 'FORT' } }, 'ok'],
    [{ account_status: 'INVALID', account_status_code: 'INVALID_IFSC' }, 'INVALID'],
    [{ account_status: 'FAILED', account_status_code: 'SOURCE_BANK_DECLINED' }, 'UNAVAILABLE'],
    [{ account_status: 'RECEIVED' }, 'UNAVAILABLE'],
  ])('bank: %j → %s', async (body, outcome) => {
    const { provider } = stub(ok(body));
    const r = await provider.verifyBankAccount({
      ifsc: 'YESB0000001',
      accountNumber: '1',
      holderName: 'x',
      phone: '1',
      mode: 'PENNYLESS',
    });
    if (outcome === 'ok')
      expect(r).toMatchObject({ ok: true, mode: 'PENNYLESS', bankName: 'YES BANK', branch: 'FORT', utr: null });
    else expect(r).toMatchObject({ ok: false, reason: outcome });
  });

  it('IFSC: the branch, city, state and address; NOT_FOUND is invalid', async () => {
    const { provider } = stub([
      {
        status: 200,
        body: {
          status: 'VALID',
          bank: 'HDFC Bank',
          ifsc: 'HDFC0000001',
          address: 'GROUND FLOOR, XYZ MAIN ROAD, BANGALORE - 560098',
          city: 'BANGALORE',
          state: 'KARNATAKA',
          branch: 'BANGALORE - RAJA RAJESHWARI NAGAR BRANCH',
        },
      },
      { status: 200, body: { status: 'NOT_FOUND' } },
    ]);
    expect(await provider.ifscDetails('HDFC0000001')).toEqual({
      ok: true,
      ifsc: 'HDFC0000001',
      bankName: 'HDFC Bank',
      branch: 'BANGALORE - RAJA RAJESHWARI NAGAR BRANCH',
      city: 'BANGALORE',
      state: 'KARNATAKA',
      address: 'GROUND FLOOR, XYZ MAIN ROAD, BANGALORE - 560098',
    });
    expect(await provider.ifscDetails('HDFC0999999')).toMatchObject({ ok: false, reason: 'INVALID' });
  });
});

describe('Cashfree failures', () => {
  it.each([
    [400, 'INVALID'],
    [404, 'INVALID'],
    [401, 'UNAVAILABLE'],
    [403, 'UNAVAILABLE'],
    [422, 'UNAVAILABLE'],
    [429, 'UNAVAILABLE'],
    [500, 'UNAVAILABLE'],
    [502, 'UNAVAILABLE'],
  ])('HTTP %s is %s', async (status, reason) => {
    const { provider } = stub([{ status, body: { code: 'x', message: 'Cashfree says no', type: 'y' } }]);
    expect(await provider.verifyPan('ABCPV1234D', 'x')).toEqual({
      ok: false,
      reason,
      detail: `Cashfree ${status}: Cashfree says no`,
    });
  });

  it('an unreachable Cashfree decides nothing', async () => {
    const { provider } = stub('throw');
    expect(await provider.verifyGstin('29AAICP2912R1ZR', 'x')).toEqual({
      ok: false,
      reason: 'UNAVAILABLE',
      detail: 'Cashfree could not be reached',
    });
  });

  it('an answer that is not JSON is a failure, not a crash', async () => {
    const fake = (async () => new Response('<html>bad gateway</html>', { status: 502 })) as unknown as typeof fetch;
    const provider = cashfreeVerificationProvider({
      baseUrl: CASHFREE_TEST,
      clientId: 'a',
      clientSecret: 'b',
      fetch: fake,
    });
    expect(await provider.verifyPan('ABCPV1234D', 'x')).toMatchObject({ ok: false, reason: 'UNAVAILABLE' });
  });
});
