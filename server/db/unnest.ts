import { sql, type SQL } from 'drizzle-orm';

// Many rows as one parameter per column: `select * from unnest($1::int[], $2::text[], …)`. A
// 1,000-row VALUES list of eight columns is 8,000 parameters for the driver to bind and the server
// to parse; this is eight, whatever the rows.

export type ColumnType = 'int' | 'bigint' | 'text' | 'timestamptz' | 'boolean';
export type Column = [values: readonly unknown[], type: ColumnType];

/** A timestamp as the array literal carries it (PGlite and pg alike). */
const toParam = (v: unknown) => (v instanceof Date ? v.toISOString() : v);

export function unnestSelect(columns: readonly Column[]): SQL {
  return sql`select * from unnest(${sql.join(
    columns.map(([values, type]) => sql`${sql.param(values.map(toParam))}::${sql.raw(type)}[]`),
    sql`, `,
  )})`;
}
