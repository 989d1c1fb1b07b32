import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { Db } from './client';

// A hot statement whose text never changes (its values are `sql.placeholder`s) runs as a named
// server-side prepared statement: each connection parses and analyses it once, then only binds
// and executes. A large CTE spends more time being planned than run; this is what halves it.
// On PGlite the name is ignored and it runs as any query. Behind PgBouncer in transaction mode
// this needs `max_prepared_statements` (PgBouncer 1.21+); with an older one, set
// DATABASE_POOL_MODE=transaction and the pool sends it unnamed (db/unnamed-statements.ts).

export interface PreparedStatement {
  name: string;
  query: { sql: string; params: unknown[] };
}

const dialect = new PgDialect();

/** Compiles a statement once, at module load; `name` must be unique in the process. */
export function preparedStatement(name: string, statement: SQL): PreparedStatement {
  return { name, query: dialect.sqlToQuery(statement) };
}

/** Runs it on a pool or inside a transaction with the placeholders' values; answers its rows. */
export async function preparedRows<T>(
  db: Pick<Db, '_'>,
  statement: PreparedStatement,
  values: Record<string, unknown>,
): Promise<T[]> {
  const result = await db._.session.prepareQuery(statement.query, undefined, statement.name, false).execute(values);
  return (result as { rows: T[] }).rows;
}
