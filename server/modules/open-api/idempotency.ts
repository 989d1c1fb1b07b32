import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Context } from 'hono';
import type { AppDeps } from '../../deps';
import { queryRows } from '../../db/rows';
import type { Caller } from '../../http/router';
import { ApiError, errorResponse } from '../../http/errors';
import { inSellerWords } from '../../../src/domain/schemas/labels';
import { IDEMPOTENCY_HEADER, IDEMPOTENCY_KEEP_HOURS, IDEMPOTENCY_KEY_MAX } from '../../../src/domain/open-api-contract';

// Every API write goes through here. The key is claimed first, by one INSERT on the table's
// primary key (organisation, key): of concurrent repeats exactly one claims it and runs the write;
// the others wait for its stored answer and answer it too. A repeat with another route or body
// is a 422. A write that fails with a 4xx keeps that answer (a repeat gets it again); a 5xx or
// a crash frees the key, so the client can try again. A key older than a day may be used anew.

const WAIT_STEP_MS = 20;
const WAIT_MAX_MS = 30_000;

interface Stored {
  contentType: string;
  /** the body as text (JSON), or base64 for a file */
  text?: string;
  base64?: string;
}

async function store(deps: AppDeps, orgId: number, key: string, res: Response): Promise<Response> {
  const contentType = res.headers.get('content-type') ?? 'application/json';
  const bytes = Buffer.from(await res.clone().arrayBuffer());
  const stored: Stored = contentType.startsWith('application/json')
    ? { contentType, text: bytes.toString('utf8') }
    : { contentType, base64: bytes.toString('base64') };
  await deps.db.execute(sql`
    update idempotency_keys set response_status = ${res.status}, response_body = ${JSON.stringify(stored)}
    where org_id = ${orgId} and key = ${key}`);
  return res;
}

function replay(status: number, body: string): Response {
  const s = JSON.parse(body) as Stored;
  const headers: Record<string, string> = { 'content-type': s.contentType, 'idempotent-replayed': 'true' };
  if (status >= 400 && s.text) {
    const m = (JSON.parse(s.text) as { errorMessage?: string }).errorMessage;
    if (m) headers['x-error-message'] = encodeURIComponent(m);
  }
  return new Response(s.text ?? Buffer.from(s.base64 ?? '', 'base64'), { status, headers });
}

export function idempotencyLayer(deps: AppDeps) {
  return async (
    c: Context,
    caller: Caller,
    route: string,
    body: unknown,
    run: () => Promise<Response>,
  ): Promise<Response> => {
    const orgId = caller.orgId!;
    const key = c.req.header(IDEMPOTENCY_HEADER)?.trim();
    if (!key) throw new ApiError(400, `The ${IDEMPOTENCY_HEADER} header is required on every API write`);
    if (key.length > IDEMPOTENCY_KEY_MAX)
      throw new ApiError(400, `The ${IDEMPOTENCY_HEADER} header must be at most ${IDEMPOTENCY_KEY_MAX} characters`);
    const bodyHash = createHash('sha256')
      .update(JSON.stringify(body ?? null))
      .digest('hex');
    const now = deps.now();
    const expired = new Date(now.getTime() - IDEMPOTENCY_KEEP_HOURS * 3600_000);
    const claimed = await queryRows<{ key: string }>(
      deps.db,
      sql`insert into idempotency_keys (org_id, key, route, body_hash, created_at)
          values (${orgId}, ${key}, ${route}, ${bodyHash}, ${now.toISOString()}::timestamptz)
          on conflict (org_id, key) do update
            set route = excluded.route, body_hash = excluded.body_hash, response_status = null,
                response_body = null, created_at = excluded.created_at
            where idempotency_keys.created_at < ${expired.toISOString()}::timestamptz
          returning key`,
    );
    if (claimed.length) {
      let res: Response;
      try {
        res = await run();
      } catch (e) {
        if (e instanceof ApiError && e.status < 500)
          return store(
            deps,
            orgId,
            key,
            errorResponse(
              c,
              e.status,
              inSellerWords(e.message),
              e.headers,
              e.reasons?.map((r) => inSellerWords(r)),
            ),
          );
        await deps.db.execute(sql`delete from idempotency_keys where org_id = ${orgId} and key = ${key}`);
        throw e;
      }
      if (res.status >= 500) {
        await deps.db.execute(sql`delete from idempotency_keys where org_id = ${orgId} and key = ${key}`);
        return res;
      }
      return store(deps, orgId, key, res);
    }
    // a repeat: the same write answers the first answer, once it is there
    for (let waited = 0; ; waited += WAIT_STEP_MS) {
      const [row] = await queryRows<{
        route: string;
        body_hash: string;
        response_status: number | null;
        response_body: string | null;
      }>(
        deps.db,
        sql`select route, body_hash, response_status, response_body from idempotency_keys
            where org_id = ${orgId} and key = ${key}`,
      );
      // the first request failed with a 5xx and freed the key: this one may try
      if (!row) throw new ApiError(409, `The first request with this ${IDEMPOTENCY_HEADER} failed; send it again`);
      if (row.route !== route || row.body_hash !== bodyHash)
        throw new ApiError(
          422,
          `This ${IDEMPOTENCY_HEADER} was used with another request; use a new key for a new write`,
        );
      if (row.response_status !== null && row.response_body !== null)
        return replay(row.response_status, row.response_body);
      if (waited >= WAIT_MAX_MS)
        throw new ApiError(409, `A request with this ${IDEMPOTENCY_HEADER} is still running; try again shortly`);
      await new Promise((r) => setTimeout(r, WAIT_STEP_MS));
    }
  };
}
