import { answer, answerOf, send } from './call';
import { pathOf } from '../../src/domain/operation';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { gstinProblem } from '../../src/domain/gstin';
import { API_WALLET } from '../../src/domain/wallet-contract';
import { organisations, sandboxGatewayTransactions, walletPayments } from '../../server/db/schema';
import { phonePeChecksum } from '../../server/payments/phonepe';
import { recheckPayment } from '../../server/modules/wallet/payments';
import { errorOf, type TestServer } from './harness';
import { readPdf } from './pdf-reader';
import { csvLines, demoTokens, startDemoServer } from './helpers';
import { moveMoney } from '../../server/modules/wallet/ledger';

describe('wallet and payments', () => {
  let s: TestServer;
  let seller: string;
  let meera: string;
  let staff: string;
  beforeAll(async () => {
    s = await startDemoServer();
    ({ seller, meera, staff } = await demoTokens(s));
  });
  afterAll(() => s.close());

  const summary = async (token = seller) => answer(s, API_WALLET.wallet, { token });
  const start = (json: unknown, token = seller) =>
    s.request(API_WALLET.startPayment.path, { method: 'POST', json, token });
  const status = (merchantTransactionId: string, gateway = 'phonepe') =>
    send(s, API_WALLET.paymentStatus, { params: { gateway }, body: { merchantTransactionId } });
  /** the payer on the sandbox page: open it, then pay or decline (the sandbox calls back and redirects) */
  async function payOnSandbox(url: string, outcome: 'success' | 'failure') {
    const path = new URL(url).pathname;
    const pageHtml = await (await s.request(path)).text();
    const res = await s.request(path, {
      method: 'POST',
      body: new URLSearchParams({ outcome }),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    return { pageHtml, res };
  }

  it('starts empty: balance, limits, quick picks and the sandbox gateway', async () => {
    expect(await summary()).toEqual({
      balancePaise: 0,
      creditLimitPaise: 0,
      heldPaise: 0,
      spendablePaise: 0,
      heldFor: [],
      postpaid: false,
      limits: { minRupees: 100, maxRupees: 500000, quickPicks: [500, 1000, 2000, 5000, 10000] },
      gateways: [{ gateway: 'phonepe', label: 'PhonePe', sandbox: true }],
    });
  });

  it('lists coupons and quotes their bonus, or says exactly why not', async () => {
    const list = await answer(s, API_WALLET.coupons, { token: seller });
    expect(list.map((c) => c.couponCode)).toEqual(['FLAT100', 'WELCOME10']);
    const quote = await answer(s, API_WALLET.couponValidate, {
      body: { couponCode: 'welcome10', rechargeAmount: 2000 },
      token: seller,
    });
    expect(quote).toEqual({
      couponCode: 'WELCOME10',
      bonusPaise: 20_000,
      message: '₹200.00 bonus will be added to your wallet with this recharge',
    });
    expect(
      (
        await answer(s, API_WALLET.couponApply, {
          body: { couponCode: 'WELCOME10', rechargeAmount: 9000 },
          token: seller,
        })
      ).bonusPaise,
    ).toBe(50_000);
    for (const [json, message] of [
      [{ couponCode: 'NOPE99', rechargeAmount: 1000 }, 'Invalid coupon code'],
      [{ couponCode: 'FLAT100', rechargeAmount: 999 }, 'This coupon needs a recharge of at least ₹1,000.00'],
      [{ couponCode: 'AB', rechargeAmount: 999 }, 'Coupon code must be 3 to 20 characters'],
      [{ couponCode: 'FLAT100', rechargeAmount: -1 }, 'Recharge amount must be above zero'],
      [{ couponCode: 'FLAT100' }, 'Recharge amount is required'],
    ] as const) {
      expect(
        (await errorOf(await s.request(API_WALLET.couponValidate.path, { method: 'POST', json, token: seller })))
          .message,
      ).toContain(message);
    }
  });

  it('recharges through the sandbox gateway: credited once with the coupon bonus, whatever reports first and however often', async () => {
    const started = await answerOf(
      API_WALLET.startPayment,
      await start({ rechargeAmount: 500, couponCode: 'WELCOME10' }),
    );
    expect(started).toMatchObject({ gateway: 'phonepe', amountPaise: 50_000, bonusPaise: 5_000 });
    expect(started.merchantTransactionId).toMatch(/^[A-Za-z0-9]{1,34}$/);
    expect(started.url).toMatch(/^http:\/\/dakiya\.test\/sandbox-gateway\/pay\//);
    // before paying, the result page keeps waiting
    expect(await answerOf(API_WALLET.paymentStatus, await status(started.merchantTransactionId))).toMatchObject({
      success: false,
      status: 'PENDING',
    });
    const { pageHtml, res } = await payOnSandbox(started.url, 'success');
    expect(pageHtml).toContain('₹500.00');
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe(
      `http://dakiya.test/payment/phonepe/redirect?merchantTransactionId=${started.merchantTransactionId}`,
    );
    // the callback already credited; the redirect page, re-check job and more polls change nothing
    const results = await Promise.all(
      Array.from({ length: 6 }, () =>
        status(started.merchantTransactionId).then((r) => answerOf(API_WALLET.paymentStatus, r)),
      ),
    );
    await recheckPayment(s.deps, started.merchantTransactionId, 0);
    expect(results.every((r) => r.success && r.amount === 500 && r.source === 'DAKIYA')).toBe(true);
    expect((await summary()).balancePaise).toBe(55_000);
    const history = await answer(s, API_WALLET.history, { token: seller });
    expect(history.items.map((e) => [e.label, e.amountPaise, e.balanceAfterPaise, e.reference])).toEqual([
      ['Coupon bonus', 5_000, 55_000, started.merchantTransactionId],
      ['Wallet recharge', 50_000, 50_000, started.merchantTransactionId],
    ]);
    // the same coupon a second time
    expect((await errorOf(await start({ rechargeAmount: 500, couponCode: 'WELCOME10' }))).message).toBe(
      'You have used this coupon already',
    );
    expect(
      await answer(s, API_WALLET.payment, {
        params: { merchantTransactionId: started.merchantTransactionId },
        token: seller,
      }),
    ).toMatchObject({ status: 'SUCCESS', couponCode: 'WELCOME10' });
  });

  it('fails a declined payment without crediting', async () => {
    const started = await answerOf(API_WALLET.startPayment, await start({ rechargeAmount: 1000 }));
    await payOnSandbox(started.url, 'failure');
    expect(await answerOf(API_WALLET.paymentStatus, await status(started.merchantTransactionId))).toMatchObject({
      success: false,
      status: 'FAILED',
      amount: 1000,
    });
    // what the seller reads after a decline is a sentence, not the gateway's lower-cased code
    expect(
      (
        await s.deps.db
          .select()
          .from(walletPayments)
          .where(eq(walletPayments.merchantTransactionId, started.merchantTransactionId))
      )[0].detail,
    ).toBe('Payment declined');
    expect((await summary()).balancePaise).toBe(55_000);
  });

  it('never credits a tampered payment: forged id, changed amount, forged callback, or another seller asking', async () => {
    expect((await status('DKY1TFORGED123')).status).toBe(404);
    expect((await errorOf(await status('bad id!'))).message).toContain(
      'Transaction id must be letters, digits, _ or -',
    );
    // the gateway reports another amount than we asked for
    const started = await answerOf(API_WALLET.startPayment, await start({ rechargeAmount: 200 }));
    await s.deps.db
      .update(sandboxGatewayTransactions)
      .set({ amountPaise: 2_000_000 })
      .where(eq(sandboxGatewayTransactions.merchantTransactionId, started.merchantTransactionId));
    const before = (await summary()).balancePaise;
    await payOnSandbox(started.url, 'success');
    expect(await answerOf(API_WALLET.paymentStatus, await status(started.merchantTransactionId))).toMatchObject({
      success: false,
      status: 'FAILED',
      amount: 200,
    });
    expect(
      (
        await s.deps.db
          .select()
          .from(walletPayments)
          .where(eq(walletPayments.merchantTransactionId, started.merchantTransactionId))
      )[0].detail,
    ).toBe('Amount mismatch: the gateway reported 2000000 paise');
    expect((await summary()).balancePaise).toBe(before);
    // a callback with a forged signature
    const response = Buffer.from(
      JSON.stringify({
        code: 'PAYMENT_SUCCESS',
        data: { merchantTransactionId: started.merchantTransactionId, transactionId: 'X1', amount: 999_999 },
      }),
    ).toString('base64');
    const forged = await s.request(pathOf(API_WALLET.paymentCallback, { gateway: 'phonepe' }), {
      method: 'POST',
      json: { response },
      headers: { 'X-VERIFY': phonePeChecksum(response, 'guessed-salt', '1') },
    });
    expect(await errorOf(forged)).toMatchObject({ status: 400, message: 'The callback signature does not match' });
    // another seller cannot read or cancel it, and asking the public status credits only its owner
    expect(
      (
        await s.request(pathOf(API_WALLET.payment, { merchantTransactionId: started.merchantTransactionId }), {
          token: meera,
        })
      ).status,
    ).toBe(404);
    expect(
      (
        await s.request(pathOf(API_WALLET.payment, { merchantTransactionId: started.merchantTransactionId }), {
          method: 'DELETE',
          token: meera,
        })
      ).status,
    ).toBe(404);
    expect((await summary(meera)).balancePaise).toBe(0);
  });

  it('credits each payment once when the sandbox amount matches, and the callback is idempotent per event', async () => {
    const started = await answerOf(API_WALLET.startPayment, await start({ rechargeAmount: 300 }));
    const before = (await summary()).balancePaise;
    await payOnSandbox(started.url, 'success');
    const [txn] = await s.deps.db
      .select()
      .from(sandboxGatewayTransactions)
      .where(eq(sandboxGatewayTransactions.merchantTransactionId, started.merchantTransactionId));
    const response = Buffer.from(
      JSON.stringify({
        success: true,
        code: 'PAYMENT_SUCCESS',
        data: {
          merchantId: txn.merchantId,
          merchantTransactionId: txn.merchantTransactionId,
          transactionId: txn.transactionId,
          amount: txn.amountPaise,
        },
      }),
    ).toString('base64');
    const salt = s.deps.payments.sandbox!.saltKey;
    for (let i = 0; i < 5; i++) {
      const res = await s.request(pathOf(API_WALLET.paymentCallback, { gateway: 'phonepe' }), {
        method: 'POST',
        json: { response },
        headers: { 'X-VERIFY': phonePeChecksum(response, salt, '1') },
      });
      expect(await answerOf(API_WALLET.paymentCallback, res)).toEqual({ accepted: true });
    }
    expect((await summary()).balancePaise).toBe(before + 30_000);
  });

  it('cancels a pending payment when the popup closes; a late success still credits', async () => {
    const started = await answerOf(API_WALLET.startPayment, await start({ rechargeAmount: 250 }));
    expect(
      await answer(s, API_WALLET.cancelPayment, {
        params: { merchantTransactionId: started.merchantTransactionId },
        token: seller,
      }),
    ).toMatchObject({ status: 'CANCELLED', detail: 'Transaction cancelled by user' });
    const before = (await summary()).balancePaise;
    await payOnSandbox(started.url, 'success');
    expect((await summary()).balancePaise).toBe(before + 25_000);
  });

  it('refuses amounts outside the limits and gateways that are not there', async () => {
    for (const [json, message] of [
      [{ rechargeAmount: 99 }, 'Recharge amount must be between ₹100 and ₹5,00,000'],
      [{ rechargeAmount: 500001 }, 'Recharge amount must be between ₹100 and ₹5,00,000'],
      [{ rechargeAmount: 100.005 }, 'Recharge amount may have at most 2 decimals'],
      [{ rechargeAmount: '500' }, 'Recharge amount must be a number'],
      [{ rechargeAmount: 500, gateway: 'paytm' }, 'Payment gateway must be phonepe or razorpay'],
      [{ rechargeAmount: 500, gateway: 'razorpay' }, 'The razorpay gateway is not available on this server'],
      [{ rechargeAmount: 500, couponCode: 'NOPE99' }, 'Invalid coupon code'],
    ] as const) {
      expect((await errorOf(await start(json))).message).toContain(message);
    }
  });

  it('filters the statement by type, IST dates and reference, and exports it', async () => {
    const recharges = await answer(s, API_WALLET.history, { query: { type: 'RECHARGE' }, token: seller });
    expect(recharges.items.every((e) => e.kind === 'RECHARGE')).toBe(true);
    expect(recharges.total).toBe(3);
    expect((await answer(s, API_WALLET.history, { query: { fromDate: '2026-11-21' }, token: seller })).total).toBe(0);
    expect(
      (await answer(s, API_WALLET.history, { query: { fromDate: '2026-11-20', toDate: '2026-11-20' }, token: seller }))
        .total,
    ).toBe(4);
    const [latest] = recharges.items;
    expect(
      (await answer(s, API_WALLET.history, { query: { searchPattern: latest.reference }, token: seller })).items.map(
        (e) => e.entryId,
      ),
    ).toEqual([latest.entryId]);
    expect(
      (await errorOf(await s.request(`${API_WALLET.history.path}?type=GIFT`, { token: seller }))).message,
    ).toContain('Type must be one of Wallet recharge');
    expect(
      (await errorOf(await s.request(`${API_WALLET.history.path}?fromDate=20-11-2026`, { token: seller }))).message,
    ).toContain('From date must be a date as yyyy-mm-dd');
    const lines = await csvLines(
      await s.request(`${API_WALLET.historyExport.path}?type=COUPON_BONUS`, { token: seller }),
    );
    expect(lines[0]).toBe('date,type,reference,description,credit,debit,balance');
    expect(lines[1]).toMatch(/^"20 Nov 2026, 12:00 pm",Coupon bonus,DKY1T\w+,Coupon WELCOME10 bonus,50.00,,550.00$/);
    expect((await answer(s, API_WALLET.history, { token: meera })).total).toBe(0);
  });

  it('lets staff adjust a wallet with a reason and set a postpaid limit; sellers cannot', async () => {
    const balance = (await summary()).balancePaise;
    const debit = await answer(s, API_WALLET.adjust, {
      params: { orgId: 1 },
      body: {
        direction: 'DEBIT',
        amount: 50,
        reason: 'Manual correction of weight charge',
        idempotencyKey: 'wallet-test-01',
      },
      token: staff,
    });
    expect(debit.balancePaise).toBe(balance - 5_000);
    expect(
      await errorOf(
        await s.request(pathOf(API_WALLET.adjust, { orgId: 1 }), {
          method: 'POST',
          json: { direction: 'DEBIT', amount: 400_000, reason: 'Too much money', idempotencyKey: 'wallet-test-02' },
          token: staff,
        }),
      ),
    ).toMatchObject({ status: 422 });
    expect(
      (
        await errorOf(
          await s.request(pathOf(API_WALLET.adjust, { orgId: 1 }), {
            method: 'POST',
            json: { direction: 'UP', amount: 5, reason: 'whatever', idempotencyKey: 'wallet-test-03' },
            token: staff,
          }),
        )
      ).message,
    ).toContain('Direction must be one of Debit, Credit');
    expect(
      (
        await errorOf(
          await s.request(pathOf(API_WALLET.adjust, { orgId: 1 }), {
            method: 'POST',
            json: { direction: 'CREDIT', amount: 5, reason: 'hm', idempotencyKey: 'wallet-test-04' },
            token: staff,
          }),
        )
      ).message,
    ).toContain('Reason must be 5 to 200 characters');
    expect(
      (
        await s.request(pathOf(API_WALLET.adjust, { orgId: 999 }), {
          method: 'POST',
          json: { direction: 'CREDIT', amount: 5, reason: 'No such seller', idempotencyKey: 'wallet-test-05' },
          token: staff,
        })
      ).status,
    ).toBe(404);
    expect(
      (
        await s.request(pathOf(API_WALLET.adjust, { orgId: 1 }), {
          method: 'POST',
          json: { direction: 'CREDIT', amount: 5, reason: 'Self credit', idempotencyKey: 'wallet-test-06' },
          token: seller,
        })
      ).status,
    ).toBe(403);
    // a credit limit is the postpaid option, Premium's
    await s.deps.db.update(organisations).set({ subscriptionType: 'PREMIUM' }).where(eq(organisations.id, 2));
    expect(
      await answer(s, API_WALLET.setCreditLimit, {
        params: { orgId: 2 },
        body: { creditLimit: 5000, reason: 'Postpaid trial agreed' },
        token: staff,
      }),
    ).toMatchObject({ wallet: { balancePaise: 0, creditLimitPaise: 500_000, heldPaise: 0 } });
    expect(await summary(meera)).toMatchObject({ postpaid: true, creditLimitPaise: 500_000 });
    expect(
      (
        await s.request(pathOf(API_WALLET.setCreditLimit, { orgId: 2 }), {
          method: 'PUT',
          json: { creditLimit: 5000, reason: 'Postpaid trial agreed' },
          token: meera,
        })
      ).status,
    ).toBe(403);
    const entries = await answer(s, API_WALLET.history, { query: { type: 'ADJUSTMENT_DEBIT' }, token: seller });
    expect(entries.items[0]).toMatchObject({ description: 'Manual correction of weight charge', amountPaise: -5_000 });
  });

  it('reports gateway health', async () => {
    const health = await answer(s, API_WALLET.gatewaysHealth, { token: seller });
    expect(health.map(({ latencyMs: _l, ...h }) => h)).toEqual([
      { gateway: 'phonepe', configured: true, sandbox: true, healthy: true },
      { gateway: 'razorpay', configured: false, sandbox: false, healthy: false },
    ]);
  });

  it('shows charges by shipment, the monthly tax invoice with GST, and the itemised sheet', async () => {
    const at = s.clock.now;
    for (const [kind, amountPaise, awb] of [
      ['SHIPPING_CHARGE', 11_800, 'AWB1001'],
      ['COD_CHARGE', 3_600, 'AWB1001'],
      ['SHIPPING_CHARGE', 5_900, 'AWB1002'],
      ['SHIPMENT_REFUND', 5_900, 'AWB1002'],
    ] as const) {
      await moveMoney(s.deps.db, { orgId: 1, kind, amountPaise, externalKey: `${awb}:${kind}`, reference: awb, at });
    }
    const charges = await answer(s, API_WALLET.shippingCharges, { token: seller });
    expect(charges.items.map(({ lastChargedAt: _t, ...r }) => r)).toEqual([
      {
        awb: 'AWB1001',
        freightPaise: 11_800,
        codPaise: 3_600,
        rtoPaise: 0,
        weightPaise: 0,
        refundsPaise: 0,
        netPaise: 15_400,
      },
      {
        awb: 'AWB1002',
        freightPaise: 5_900,
        codPaise: 0,
        rtoPaise: 0,
        weightPaise: 0,
        refundsPaise: 5_900,
        netPaise: 0,
      },
    ]);
    expect(
      (await answer(s, API_WALLET.shippingCharges, { query: { searchPattern: '1002' }, token: seller })).items.map(
        (r) => r.awb,
      ),
    ).toEqual(['AWB1002']);
    expect((await csvLines(await s.request(API_WALLET.shippingChargesExport.path, { token: seller })))[0]).toBe(
      'awb,freight,cod,rto,weightDiscrepancy,refunds,net,lastChargedOn',
    );

    const months = await answer(s, API_WALLET.invoices, { token: seller });
    expect(months[0]).toMatchObject({
      month: '2026-11',
      invoiceNumber: 'DKY/2026-27/1/11',
      chargesPaise: 21_300,
      refundsPaise: 5_900,
    });
    const pdf = await s.request(pathOf(API_WALLET.invoicePdf, { month: '2026-11' }), { token: seller });
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    const { text } = readPdf(new Uint8Array(await pdf.arrayBuffer()), 50);
    // freight 177.00 + COD 36.00 - refund 59.00 = 154.00, GST 18% included: taxable 130.51, IGST 23.49 (no pickup state on record)
    for (const expected of [
      'Tax Invoice',
      'DKY/2026-27/1/11',
      'November 2026',
      'Aarav Traders',
      'SAC 996812',
      'Shipping charge',
      '₹177.00',
      'COD charge',
      '₹36.00',
      'Refund of a cancelled shipment',
      '-₹59.00',
      'IGST 18%',
      '₹23.49',
      'Taxable value',
      '₹130.51',
      '₹154.00',
      'Wallet recharges received',
      `GSTIN: ${s.deps.config.company.gstin}`,
    ]) {
      expect(text, expected).toContain(expected);
    }
    // the supplier's GSTIN is a real one (the demo's, valid for its state), never a placeholder
    expect(gstinProblem(s.deps.config.company.gstin, s.deps.config.company.state)).toBeNull();
    expect(text).not.toMatch(/not configured|COMPANY_GSTIN/);
    const sheet = await csvLines(
      await s.request(pathOf(API_WALLET.itemisedSheet, { month: '2026-11' }), { token: seller }),
    );
    expect(sheet[0]).toBe('date,type,reference,description,credit,debit');
    expect(sheet.some((l) => l.includes('COD charge,AWB1001') && l.endsWith(',,36.00'))).toBe(true);
    expect(
      (await errorOf(await s.request(pathOf(API_WALLET.invoicePdf, { month: '2026-13' }), { token: seller }))).message,
    ).toContain('Month must be yyyy-mm');
    expect(
      (await errorOf(await s.request(pathOf(API_WALLET.invoicePdf, { month: '2026-10' }), { token: seller }))).status,
    ).toBe(404);
    expect((await s.request(pathOf(API_WALLET.invoicePdf, { month: '2026-11' }), { token: meera })).status).toBe(404);
  });

  it('is for sellers only; the result page and callbacks are public', async () => {
    for (const [method, path] of [
      ['GET', API_WALLET.wallet.path],
      ['GET', API_WALLET.history.path],
      ['GET', API_WALLET.coupons.path],
      ['POST', API_WALLET.couponValidate.path],
      ['PUT', API_WALLET.couponApply.path],
      ['POST', API_WALLET.startPayment.path],
      ['GET', pathOf(API_WALLET.payment, { merchantTransactionId: 'DKY1' })],
      ['DELETE', pathOf(API_WALLET.payment, { merchantTransactionId: 'DKY1' })],
      ['GET', API_WALLET.gatewaysHealth.path],
      ['GET', API_WALLET.shippingCharges.path],
      ['GET', API_WALLET.invoices.path],
      ['GET', pathOf(API_WALLET.invoicePdf, { month: '2026-11' })],
      ['GET', pathOf(API_WALLET.itemisedSheet, { month: '2026-11' })],
    ] as const) {
      expect(
        (
          await s.request(path, {
            method,
            json: method === 'GET' || method === 'DELETE' ? undefined : {},
            token: staff,
          })
        ).status,
        `${method} ${path}`,
      ).toBe(403);
      expect((await s.request(path, { method })).status, `${method} ${path}`).toBe(401);
    }
  });
});
