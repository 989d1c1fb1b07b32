import * as v from 'valibot';
import type { Paged } from '../../src/domain/account-contract';
import { exportPath } from '../../src/domain/setup-contract';
import type { ApiRouter, SellerCaller } from './router';
import type { Permission } from '../../src/domain/permissions';
import { csvAttachment, csvText, type Cell } from './csv';
import { listQuerySchema } from './paging';

// Every list can be exported as CSV: the whole current list (same search and sort, no paging),
// read through the list's own query so the export never disagrees with the screen.

export const EXPORT_LIMIT = 100_000;

export interface ExportColumn<T> {
  header: string;
  value: (row: T) => Cell;
}

type ListQuery = { pageNumber: number; recordsPerPage: number; searchPattern?: string };

export function registerListExport<T, S extends Record<string, v.GenericSchema>>(
  router: ApiRouter,
  def: {
    listPath: string;
    tag: string;
    /** every list export is a seller's own list */
    access: { kind: 'user'; accountTypes: readonly ['SELLER'] };
    /** the team permission an export needs: downloading a list is a report (reports.view) unless said */
    permission?: Permission;
    /** the list's query entries besides paging and search (its sortEntries(...), filters) */
    filters: S;
    /** [from, to] pairs of day filters: a from after its to is refused */
    dayRanges?: readonly (readonly [string, string])[];
    /** file name stem, e.g. 'products' → products-2026-11-22.csv */
    name: string;
    columns: ExportColumn<T>[];
    list: (caller: SellerCaller, query: ListQuery & { [K in keyof S]: v.InferOutput<S[K]> }) => Promise<Paged<T>>;
    now: () => Date;
  },
) {
  const query = listQuerySchema(
    {
      searchPattern: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(100, 'searchPattern is too long'))),
      ...def.filters,
    },
    def.dayRanges,
  );
  router.add({
    method: 'get',
    path: exportPath(def.listPath),
    tag: def.tag,
    access: def.access,
    permission: def.permission ?? 'reports.view',
    query,
    summary: `The current ${def.name} list as CSV (search and sort as on screen, up to ${EXPORT_LIMIT.toLocaleString('en-IN')} rows)`,
    response: { file: 'text/csv' },
    handler: async ({ caller, query: q }) => {
      const page = await def.list(caller, { ...(q as object), pageNumber: 0, recordsPerPage: EXPORT_LIMIT } as never);
      const text = csvText(
        def.columns.map((c) => c.header),
        page.items.map((row) => def.columns.map((c) => c.value(row))),
      );
      const day = def.now().toISOString().slice(0, 10);
      return csvAttachment(`${def.name}-${day}.csv`, text);
    },
  });
}
