import { join, resolve } from 'node:path';

export const PGLITE_TEMPLATE = join(resolve(import.meta.dirname, '../..'), '.tmp/pglite-template.tgz');

declare module 'vitest' {
  export interface ProvidedContext {
    /** the migrated PostgreSQL database each server test file's database copies (TEST_DB=postgres) */
    pgTemplate: string;
  }
}
