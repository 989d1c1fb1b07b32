import { join, resolve } from 'node:path';

export const PGLITE_TEMPLATE = join(resolve(import.meta.dirname, '../..'), '.tmp/pglite-template.tgz');
