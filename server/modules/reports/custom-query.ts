import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { queryRows } from '../../db/rows';
import { ApiError } from '../../http/errors';
import {
  aggregateKey,
  CUSTOM_REPORT_LIMITS as L,
  DATASETS,
  displayValue,
  fieldOf,
  isNumericKind,
  outputColumns,
  ROW_COUNT_KEY,
  type OutputColumn,
  type ReportDefinition,
  type ReportFilterRule,
} from '../../../src/domain/custom-reports';
import { DATASET_SQL } from './custom-datasets';
import { dayOf, momentOf, type ReportCell } from './columns';

// One custom report as SQL: the data set's rows of one organisation over the period (bound in
// custom-datasets.ts), filtered, grouped with counts, sums and averages, sorted and cut at a row
// cap. Every name in the statement is a catalogue key (sql.identifier of a checked key), every
// value a parameter; the statement runs under a time limit in a read-only transaction.

export const REPORT_TOO_SLOW =
  'This report took too long to make. Choose a shorter period or add filters, then try again.';

export interface CustomRun {
  columns: OutputColumn[];
  /** cells as the file has them: rupees and kg as numbers, days and moments as Dates */
  rows: ReportCell[][];
  /** rows the report has, up to the cap */
  rowCount: number;
  /** the report has more rows than the cap; a file holds the first `cap` */
  capped: boolean;
}

const col = (key: string) => sql`d.${sql.identifier(key)}`;
const dayStart = (day: string) => sql`(${day}::date)::timestamp at time zone 'Asia/Kolkata'`;
const dayEnd = (day: string) => sql`((${day}::date + 1)::timestamp at time zone 'Asia/Kolkata')`;
const list = (values: string[]) =>
  sql.join(
    values.map((x) => sql`${x}`),
    sql`, `,
  );

function filterSql(d: ReportDefinition, rule: ReportFilterRule): SQL {
  const field = fieldOf(d.dataset, rule.field)!;
  const c = col(field.key);
  const v = rule.values.map((x) => x.trim());
  if (isNumericKind(field.kind))
    return rule.op === 'eq' ? sql`${c} = ${v[0]}::numeric` : sql`${c} between ${v[0]}::numeric and ${v[1]}::numeric`;
  if (field.kind === 'datetime') return sql`${c} >= ${dayStart(v[0])} and ${c} < ${dayEnd(v[1])}`;
  if (field.kind === 'date') return sql`${c} between ${v[0]}::date and ${v[1]}::date`;
  // codes match exactly; free text matches whatever its case
  if (field.options) return rule.op === 'eq' ? sql`${c} = ${v[0]}` : sql`${c} in (${list(v)})`;
  return rule.op === 'eq'
    ? sql`lower(${c}) = lower(${v[0]})`
    : sql`lower(${c}) in (${list(v.map((x) => x.toLowerCase()))})`;
}

/** The statement, limited to `limit` rows. */
export function reportSql(
  d: ReportDefinition,
  orgId: number,
  period: { fromDate: string; toDate: string },
  limit: number,
): SQL {
  const ds = DATASET_SQL[d.dataset];
  const base = sql`select ${sql.join(
    Object.entries(ds.columns).map(([key, expr]) => sql`${expr} as ${sql.identifier(key)}`),
    sql`, `,
  )} from ${ds.from(orgId, period.fromDate, period.toDate)}`;
  const where = d.filters.length
    ? sql`where ${sql.join(
        d.filters.map((r) => sql`(${filterSql(d, r)})`),
        sql` and `,
      )}`
    : sql``;
  const dir = (key: string, fallback: 'ASC' | 'DESC') =>
    (d.sort?.key === key ? d.sort.direction : fallback) === 'ASC' ? sql`asc nulls last` : sql`desc nulls last`;
  if (!d.groupBy) {
    const sortKey = d.sort?.key ?? DATASETS[d.dataset].dateField;
    return sql`select ${sql.join(d.columns.map(col), sql`, `)} from (${base}) d ${where}
               order by ${col(sortKey)} ${dir(sortKey, 'DESC')} limit ${limit}`;
  }
  const g = fieldOf(d.dataset, d.groupBy)!;
  // a moment groups by its IST day
  const group = g.kind === 'datetime' ? sql`(${col(g.key)} at time zone 'Asia/Kolkata')::date` : col(g.key);
  const figures = d.aggregates.map((a) => {
    const expr =
      a.fn === 'count'
        ? sql`count(${col(a.field)})`
        : a.fn === 'sum'
          ? sql`sum(${col(a.field)})`
          : sql`avg(${col(a.field)})`;
    return sql`${expr} as ${sql.identifier(aggregateKey(a))}`;
  });
  const sortKey = d.sort?.key ?? g.key;
  const orderBy = sortKey === g.key ? sql`1` : sql.identifier(sortKey);
  return sql`select ${group} as ${sql.identifier(g.key)}, count(*) as ${sql.identifier(ROW_COUNT_KEY)}
             ${figures.length ? sql`, ${sql.join(figures, sql`, `)}` : sql``}
             from (${base}) d ${where} group by 1
             order by ${orderBy} ${dir(sortKey, 'ASC')} limit ${limit}`;
}

/** A database value as the file's cell. */
function cellOf(column: OutputColumn, field: ReturnType<typeof fieldOf>, raw: unknown): ReportCell {
  if (raw === null || raw === undefined) return null;
  switch (column.kind) {
    case 'money':
      return Math.round(Number(raw) * 100) / 100;
    case 'weight':
      return Math.round(Number(raw) * 1000) / 1000;
    case 'decimal':
      return Math.round(Number(raw) * 10) / 10;
    case 'count':
      return Number(raw);
    case 'date':
      return dayOf(raw instanceof Date ? raw : String(raw));
    case 'datetime':
      return momentOf(raw as string | Date);
    default:
      return displayValue(field, String(raw));
  }
}

const isTimeout = (e: unknown) =>
  (e as { code?: string })?.code === '57014' ||
  /statement timeout|canceling statement/i.test(String((e as Error)?.message));

/**
 * Runs a report for one organisation within the time limit: its first `cap` rows, or with `show`
 * its first `show` rows and a count of all of them up to the cap (the preview).
 */
export async function runReport(
  db: Db,
  orgId: number,
  d: ReportDefinition,
  period: { fromDate: string; toDate: string },
  cap: number,
  show?: number,
): Promise<CustomRun> {
  const columns = outputColumns(d);
  let raw: Record<string, unknown>[];
  let counted: number;
  try {
    [raw, counted] = await db.transaction(async (tx) => {
      await tx.execute(sql`set transaction read only`);
      await tx.execute(sql.raw(`set local statement_timeout = ${L.queryTimeoutMs}`));
      const rows = await queryRows<Record<string, unknown>>(tx, reportSql(d, orgId, period, (show ?? cap) + 1));
      if (show === undefined) return [rows, rows.length] as const;
      const [{ n }] = await queryRows<{ n: number | string }>(
        tx,
        sql`select count(*) as n from (${reportSql(d, orgId, period, cap + 1)}) counted`,
      );
      return [rows, Number(n)] as const;
    });
  } catch (e) {
    if (isTimeout(e)) throw new ApiError(422, REPORT_TOO_SLOW);
    throw e;
  }
  const fields = columns.map((c) => fieldOf(d.dataset, c.key));
  const rows = raw.slice(0, show ?? cap).map((r) => columns.map((c, i) => cellOf(c, fields[i], r[c.key])));
  return { columns, rows, rowCount: Math.min(counted, cap), capped: counted > cap };
}
