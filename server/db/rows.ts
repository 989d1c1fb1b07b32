import type { SQL } from 'drizzle-orm';

// Raw SQL answers the same rows on both drivers (node-postgres and PGlite): { rows }.

interface Executes {
  execute(query: SQL): Promise<unknown>;
}

export async function queryRows<T>(db: Executes, query: SQL): Promise<T[]> {
  return ((await db.execute(query)) as { rows: T[] }).rows;
}
