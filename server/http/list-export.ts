import * as v from 'valibot';
import type { Paged } from '../../src/domain/paging';
import type { ApiRouter, SellerCaller } from './router';
import type { Permission } from '../../src/domain/permissions';
import { csvAttachment, csvText, type Cell } from './csv';
import { EXPORT_LIMIT } from '../../src/domain/paging';
import type { Operation, ResponseDef } from '../../src/domain/operation';

// Every list can be exported as CSV: the whole current list (same search and sort, no paging),
// read through the list's own query so the export never disagrees with the screen.

export interface ExportColumn<T> {
  header: string;
  value: (row: T) => Cell;
}

type ListQuery = { pageNumber: number; recordsPerPage: number; searchPattern?: string };

/** Serves a list's CSV export (src/domain/paging.ts `listExportOf`) through the list's own reader. */
export function serveListExport<T, Q extends v.GenericSchema>(
  router: ApiRouter,
  op: Operation<undefined, Q, undefined, ResponseDef>,
  def: {
    /** every list export is a seller's own list */
    access: { kind: 'user'; accountTypes: readonly ['SELLER'] };
    /** the team permission an export needs: downloading a list is a report (reports.view) unless said */
    permission?: Permission;
    /** file name stem, e.g. 'products' → products-2026-11-22.csv */
    name: string;
    columns: ExportColumn<T>[];
    list: (caller: SellerCaller, query: ListQuery & v.InferOutput<Q>) => Promise<Paged<T>>;
    now: () => Date;
  },
) {
  router.route(op, {
    access: def.access,
    permission: def.permission ?? 'reports.view',
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
