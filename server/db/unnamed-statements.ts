import type pg from 'pg';

// Behind a pooler in transaction mode (PgBouncer before 1.21) each transaction may run on another
// server connection, so a statement prepared by name on one is unknown on the next ("prepared
// statement does not exist"), or a name is taken twice. Such a pool's connections send every
// statement unnamed: parsed with its values in the same round trip, as any parameterised query.

/** Drops the name of a named statement; anything else goes through as it is. */
export function withoutName(config: unknown): unknown {
  if (config === null || typeof config !== 'object' || !('name' in config)) return config;
  const { name: _name, ...unnamed } = config as { name?: string };
  return unnamed;
}

/** Makes one connection send its statements unnamed (call it before the connection's first query). */
export function sendUnnamed(client: pg.PoolClient): void {
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  // the driver's overloads collapse to one call: only the first argument changes
  client.query = ((config: unknown, ...rest: unknown[]) => query(withoutName(config), ...rest)) as typeof client.query;
}
