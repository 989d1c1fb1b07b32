import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Hono } from 'hono';
import { ApiRouter } from '../server/http/router';
import { registerModules } from '../server/modules';
import { UPLOAD_KINDS } from '../server/app';
import type { AppDeps } from '../server/deps';
import { loadConfig } from '../server/config';

// The OpenAPI document the server answers at /api/openapi.json, built from the route table alone
// (no database, nothing listening).

/** Registering routes reads the configuration; the rest is for handlers, which never run here. */
const deps: AppDeps = new Proxy({ config: loadConfig({}) } as AppDeps, {
  get: (target, key) =>
    key in target
      ? target[key as keyof AppDeps]
      : () => {
          throw new Error(`deps.${String(key)} is not available while writing the OpenAPI document`);
        },
});

export function openApiDocument(): Record<string, unknown> {
  const router = new ApiRouter(new Hono(), async () => null);
  registerModules(router, deps, UPLOAD_KINDS);
  return router.openApiDocument();
}

export const ROOT = join(import.meta.dirname, '..');

// `node --import tsx scripts/openapi-document.ts out.json` writes it
if (process.argv[1] === import.meta.filename && process.argv[2])
  writeFileSync(process.argv[2], JSON.stringify(openApiDocument(), null, 2));
