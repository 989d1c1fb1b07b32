import { formatAmount, sentence } from '../../src/domain/format';
import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { Hono } from 'hono';
import type { AppDeps } from '../deps';
import { sandboxGatewayTransactions } from '../db/schema';
import { phonePeChecksum } from './phonepe';
import { BODY_LIMIT, limitBody } from '../http/body-limit';
import { allowStyles } from '../http/security-headers';
import { SANDBOX_BASE, type SandboxSettings } from './sandbox-settings';

// The sandbox payment gateway: PhonePe's pay, status and callback shapes, and a hosted page
// where the payer chooses to pay or decline (or closes the popup). Served by this server when
// no real gateway is configured; everything the wallet does with it goes over HTTP, exactly as
// with the real one. No money moves.

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
const rupees = (paise: number) => `₹${formatAmount(paise)}`;

const SANDBOX_STYLE = `body{margin:0;font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;background:#f1edf9;color:#1f1537}
main{max-width:400px;margin:0 auto;padding:24px 16px}
.brand{font-weight:700;color:#5f259f;letter-spacing:.02em}
.card{background:#fff;border-radius:12px;padding:20px;box-shadow:0 2px 10px rgba(31,21,55,.12);margin-top:16px}
.amount{font-size:2rem;font-weight:700;margin:8px 0}
.muted{color:#5b5470;font-size:.875rem}
button{display:block;width:100%;padding:12px;margin-top:12px;border-radius:8px;border:0;font-size:1rem;font-weight:600;cursor:pointer}
.pay{background:#5f259f;color:#fff}.decline{background:#fff;color:#a01b1b;border:1px solid #a01b1b}
button:focus-visible{outline:3px solid #f5a623;outline-offset:2px}
.note{margin-top:16px;padding:10px;border-radius:8px;background:#fff8e6;font-size:.8125rem}
`;

function page(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>${SANDBOX_STYLE}</style></head><body><main>${body}</main></body></html>`;
}

export function registerSandboxGateway(app: Hono, deps: AppDeps, settings: SandboxSettings) {
  const verify = (given: string | undefined, payload: string) =>
    given === phonePeChecksum(payload, settings.saltKey, settings.saltIndex);

  app.post(`${SANDBOX_BASE}/pg/v1/pay`, async (c) => {
    await limitBody(c, BODY_LIMIT);
    const body = (await c.req.json().catch(() => ({}))) as { request?: string };
    if (!body.request || !verify(c.req.header('x-verify'), `${body.request}/pg/v1/pay`)) {
      return c.json({ success: false, code: 'BAD_REQUEST', message: 'X-VERIFY checksum does not match' }, 400);
    }
    const p = JSON.parse(Buffer.from(body.request, 'base64').toString('utf8')) as {
      merchantId: string;
      merchantTransactionId: string;
      amount: number;
      redirectUrl: string;
      callbackUrl: string;
      description?: unknown;
    };
    if (p.merchantId !== settings.merchantId)
      return c.json({ success: false, code: 'BAD_REQUEST', message: 'Unknown merchant' }, 400);
    if (!Number.isSafeInteger(p.amount) || p.amount < 100)
      return c.json({ success: false, code: 'BAD_REQUEST', message: 'amount must be at least 100 paise' }, 400);
    const pageToken = randomBytes(18).toString('base64url');
    const [row] = await deps.db
      .insert(sandboxGatewayTransactions)
      .values({
        merchantId: p.merchantId,
        merchantTransactionId: p.merchantTransactionId,
        pageToken,
        amountPaise: p.amount,
        redirectUrl: p.redirectUrl,
        callbackUrl: p.callbackUrl,
        description: typeof p.description === 'string' ? p.description.slice(0, 120) : '',
        createdAt: deps.now(),
      })
      .onConflictDoNothing()
      .returning();
    if (!row)
      return c.json(
        { success: false, code: 'DUPLICATE_TXN_REQUEST', message: 'merchantTransactionId was used before' },
        400,
      );
    return c.json({
      success: true,
      code: 'PAYMENT_INITIATED',
      message: 'Payment initiated',
      data: {
        merchantId: p.merchantId,
        merchantTransactionId: p.merchantTransactionId,
        instrumentResponse: {
          type: 'PAY_PAGE',
          redirectInfo: { url: `${deps.config.publicUrl}${SANDBOX_BASE}/pay/${pageToken}`, method: 'GET' },
        },
      },
    });
  });

  app.get(`${SANDBOX_BASE}/pg/v1/status/:merchantId/:merchantTransactionId`, async (c) => {
    const { merchantId, merchantTransactionId } = c.req.param();
    if (!verify(c.req.header('x-verify'), `/pg/v1/status/${merchantId}/${merchantTransactionId}`)) {
      return c.json({ success: false, code: 'AUTHORIZATION_FAILED', message: 'X-VERIFY checksum does not match' }, 401);
    }
    const [row] = await deps.db
      .select()
      .from(sandboxGatewayTransactions)
      .where(
        and(
          eq(sandboxGatewayTransactions.merchantId, merchantId),
          eq(sandboxGatewayTransactions.merchantTransactionId, merchantTransactionId),
        ),
      );
    if (!row)
      return c.json({ success: false, code: 'TRANSACTION_NOT_FOUND', message: 'No transaction with that id' }, 404);
    return c.json({
      success: row.code === 'PAYMENT_SUCCESS',
      code: row.code,
      message: sentence(row.code.replace(/_/g, ' ').toLowerCase()),
      data: {
        merchantId,
        merchantTransactionId,
        transactionId: row.transactionId,
        amount: row.amountPaise,
        state: row.code === 'PAYMENT_SUCCESS' ? 'COMPLETED' : row.code === 'PAYMENT_PENDING' ? 'PENDING' : 'FAILED',
      },
    });
  });

  // the hosted pages carry their one style block, allowed by its hash
  app.use(`${SANDBOX_BASE}/pay/*`, async (c, next) => {
    allowStyles(c, SANDBOX_STYLE);
    await next();
  });
  app.get(`${SANDBOX_BASE}/pay/:token`, async (c) => {
    const [row] = await deps.db
      .select()
      .from(sandboxGatewayTransactions)
      .where(eq(sandboxGatewayTransactions.pageToken, c.req.param('token')));
    if (!row)
      return c.html(
        page(
          'Payment not found',
          '<p class="brand">Sandbox Payments</p><div class="card"><h1>Payment not found</h1></div>',
        ),
        404,
      );
    if (row.code !== 'PAYMENT_PENDING') return c.redirect(`${row.redirectUrl}`, 303);
    return c.html(
      page(
        `Sandbox Payments: ${row.description || 'payment'}`,
        `<p class="brand">Sandbox Payments</p>
<div class="card">
  <div class="muted" data-testid="sandbox-description">${escapeHtml(row.description || 'Payment')}</div>
  <div class="amount" data-testid="sandbox-amount">${rupees(row.amountPaise)}</div>
  <div class="muted">Transaction ${escapeHtml(row.merchantTransactionId)}</div>
  <form method="post">
    <button class="pay" name="outcome" value="success" type="submit">Pay ${rupees(row.amountPaise)}</button>
    <button class="decline" name="outcome" value="failure" type="submit">Decline payment</button>
  </form>
  <p class="note">This is the sandbox gateway: no money moves. Close this window to leave without paying.</p>
</div>`,
      ),
    );
  });

  app.post(`${SANDBOX_BASE}/pay/:token`, async (c) => {
    await limitBody(c, BODY_LIMIT);
    const form = await c.req.parseBody();
    const outcome = form.outcome === 'success' ? 'PAYMENT_SUCCESS' : 'PAYMENT_DECLINED';
    const transactionId = `SBX${randomBytes(8).toString('hex').toUpperCase()}`;
    const [row] = await deps.db
      .update(sandboxGatewayTransactions)
      .set({ code: outcome, transactionId, decidedAt: deps.now() })
      .where(
        and(
          eq(sandboxGatewayTransactions.pageToken, c.req.param('token')),
          eq(sandboxGatewayTransactions.code, 'PAYMENT_PENDING'),
        ),
      )
      .returning();
    if (!row)
      return c.html(
        page(
          'Payment not found',
          '<p class="brand">Sandbox Payments</p><div class="card"><h1>This payment is already decided</h1></div>',
        ),
        409,
      );
    // the server-to-server callback, PhonePe's shape; a failed delivery is covered by status checks
    const response = Buffer.from(
      JSON.stringify({
        success: outcome === 'PAYMENT_SUCCESS',
        code: outcome,
        data: {
          merchantId: row.merchantId,
          merchantTransactionId: row.merchantTransactionId,
          transactionId,
          amount: row.amountPaise,
        },
      }),
    ).toString('base64');
    try {
      await deps.fetch(row.callbackUrl, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'X-VERIFY': phonePeChecksum(response, settings.saltKey, settings.saltIndex),
        },
        body: JSON.stringify({ response }),
        signal: AbortSignal.timeout(5000),
      });
    } catch (e) {
      console.warn('[sandbox-gateway] callback not delivered:', (e as Error).message);
    }
    return c.redirect(row.redirectUrl, 303);
  });
}
