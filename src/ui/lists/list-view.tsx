import { useEffect, useRef, useState, type HTMLAttributes } from 'react';
import type { Paged } from '../../domain/paging';
import { countOf } from '../../domain/format';
import { MSG } from '../../domain/messages';
import { type ListQuery } from '../../machines/list-query.machine';
import { notify } from '../../services/notify';
import { useOnInvalidate, type InvalidationArea } from '../../services/invalidate';
import { useDocumentDownload, type ListExportParams } from '../../services/use-document-download';
import { useListQuery } from '../../services/use-list-query';
import { Alert, Button, DataTable, SelectField, Spinner, TextField, type Column } from '../kit';

// One server-side list: search, sortable columns, pages, CSV export of the current list, and
// 'No results found'. Behaviour is the list-query machine; this only draws it.

export interface ListColumn<T> extends Column<T> {
  /** the server's sortBy for this column, when it sorts */
  sortKey?: string;
}

export interface ListViewProps<T> {
  /** accessible name of the table and the export's file name stem */
  caption: string;
  path: string;
  columns: ListColumn<T>[];
  rowKey: (row: T) => string | number;
  /** how a row is named to a screen reader (its select box), e.g. its order number; the key when not given */
  rowLabel?: (row: T) => string;
  sortBy: string;
  sortOrder?: 'ASC' | 'DESC';
  /** shown with a search box when the list searches */
  searchLabel?: string;
  /** offers 'Export CSV' when the list exports */
  exportName?: string;
  /** bump to reload the current page (after an add, edit or delete) */
  version?: number;
  /** reload the current page whenever this area is invalidated (src/services/invalidate.ts) */
  refreshOn?: InvalidationArea;
  /** what the list counts, e.g. "products" */
  noun: string;
  /** filters beside search (dates, type): sent with every page and the export; a change goes back to page 0 */
  filters?: Record<string, string | undefined>;
  /** set while the filters are wrong (a from-date after the to-date, said at its field): the list keeps its last rows */
  filterError?: string | null;
  /** where a shared or bookmarked view starts (search, page, sort) */
  initialQuery?: Partial<Pick<ListQuery, 'searchPattern' | 'pageNumber' | 'sortBy' | 'sortOrder' | 'recordsPerPage'>>;
  /** told each time the search, page or sort changes (to keep them in the URL) */
  onQueryChange?: (query: ListQuery) => void;
  /** rows picked for a bulk action; a checkbox column appears when given */
  selection?: { selected: ReadonlySet<string | number>; onChange: (next: Set<string | number>) => void };
  /** told each page as it arrives (a list that answers more than rows, e.g. counts per tab) */
  onPage?: (page: Paged<unknown>) => void;
  /** attributes of a row (a keyboard cursor) */
  rowProps?: (row: T, index: number) => HTMLAttributes<HTMLTableRowElement>;
}

export function ListView<T>({
  caption,
  path,
  columns,
  rowKey,
  rowLabel = (row) => String(rowKey(row)),
  sortBy,
  sortOrder,
  searchLabel,
  exportName,
  version = 0,
  refreshOn,
  noun,
  filters,
  filterError,
  initialQuery,
  onQueryChange,
  selection,
  onPage,
  rowProps,
}: ListViewProps<T>) {
  const sortKeys = [sortBy, ...columns.flatMap((c) => (c.sortKey ? [c.sortKey] : []))];
  // the last filters without an error: wrong ones are never asked for
  const filtersRef = useRef(filterError ? undefined : filters);
  if (!filterError) filtersRef.current = filters;
  const [state, send] = useListQuery(path, filtersRef, {
    sortBy,
    sortOrder,
    ...initialQuery,
    sortKeys,
    defaultSortBy: sortBy,
    defaultSortOrder: sortOrder,
  });
  const [search, setSearch] = useState(initialQuery?.searchPattern ?? '');
  const queryKey = JSON.stringify(state.context.query);
  const reportQuery = useRef(onQueryChange);
  reportQuery.current = onQueryChange;
  useEffect(() => {
    reportQuery.current?.(JSON.parse(queryKey) as ListQuery);
  }, [queryKey]);
  const [download, sendDownload] = useDocumentDownload();
  const exporting = download.matches('downloading');
  const exportFailure = download.matches('failed') ? download.context.error : null;
  useEffect(() => {
    if (!exportFailure) return;
    notify({ kind: 'error', message: exportFailure });
    sendDownload({ type: 'DISMISS' });
  }, [exportFailure, sendDownload]);
  useOnInvalidate(refreshOn, () => send({ type: 'REFRESH' }));
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    send({ type: 'REFRESH' });
  }, [version, send]);
  const filterKey = JSON.stringify(filtersRef.current ?? {});
  const firstFilters = useRef(true);
  useEffect(() => {
    if (firstFilters.current) {
      firstFilters.current = false;
      return;
    }
    send({ type: 'SEARCH', searchPattern: state.context.query.searchPattern });
  }, [filterKey]); // eslint-disable-line react-hooks/exhaustive-deps

  const { query, page, error } = state.context;
  const reportPage = useRef(onPage);
  reportPage.current = onPage;
  useEffect(() => {
    if (page) reportPage.current?.(page);
  }, [page]);
  const loading = state.matches({ active: 'loading' });
  const rows = (page?.items ?? []) as T[];
  const pages = page ? Math.max(1, Math.ceil(page.total / page.recordsPerPage)) : 1;
  const sortable = columns.filter((c) => c.sortKey);
  const pageKeys = rows.map(rowKey);
  const allPicked = !!selection && pageKeys.length > 0 && pageKeys.every((k) => selection.selected.has(k));
  const shown: ListColumn<T>[] = selection
    ? [
        {
          header: 'Select',
          cell: (row) => (
            <input
              type="checkbox"
              aria-label={`Select ${rowLabel(row)}`}
              checked={selection.selected.has(rowKey(row))}
              onChange={(e) => {
                const next = new Set(selection.selected);
                if (e.target.checked) next.add(rowKey(row));
                else next.delete(rowKey(row));
                selection.onChange(next);
              }}
            />
          ),
        },
        ...columns,
      ]
    : columns;

  function exportCsv() {
    const params: ListExportParams = { path, query, filters, fileName: exportName ?? caption };
    sendDownload({ type: 'DOWNLOAD', kind: 'LIST_EXPORT', params: { ...params } });
  }

  return (
    <div className="stack">
      {(searchLabel || exportName) && (
        <div className="row list-toolbar">
          {searchLabel && (
            <form
              role="search"
              className="row search-row"
              onSubmit={(e) => {
                e.preventDefault();
                send({ type: 'SEARCH', searchPattern: search });
              }}
            >
              <TextField label={searchLabel} value={search} onChange={(e) => setSearch(e.target.value)} />
              <Button type="submit" variant="secondary">
                Search
              </Button>
            </form>
          )}
          {exportName && (
            <Button variant="secondary" onClick={exportCsv} disabled={exporting} aria-label={`Export CSV of ${noun}`}>
              {exporting ? <Spinner label="Exporting" /> : null} Export CSV
            </Button>
          )}
        </div>
      )}
      {sortable.length > 0 && (
        <div className="only-phone">
          <SelectField
            label="Sort by"
            value={`${query.sortBy}:${query.sortOrder}`}
            onChange={(e) => {
              const [key, order] = e.target.value.split(':');
              send({ type: 'SORT_BY', sortBy: key, sortOrder: order as 'ASC' | 'DESC' });
            }}
            options={sortable.flatMap((c) => [
              { value: `${c.sortKey}:ASC`, label: `${c.header} ↑` },
              { value: `${c.sortKey}:DESC`, label: `${c.header} ↓` },
            ])}
          />
        </div>
      )}
      {error && state.matches({ active: 'failed' }) ? (
        <Alert>
          <span>{error}</span>{' '}
          <Button variant="secondary" onClick={() => send({ type: 'RETRY' })}>
            Try again
          </Button>
        </Alert>
      ) : (
        <DataTable
          caption={caption}
          columns={shown}
          rows={rows}
          rowKey={rowKey}
          empty={MSG.noResults}
          loading={loading && !page}
          busy={loading}
          rowProps={rowProps}
          header={(c) => {
            const column = c as ListColumn<T>;
            if (selection && c.header === 'Select') {
              return {
                content: (
                  <input
                    type="checkbox"
                    aria-label="Select every row on this page"
                    checked={allPicked}
                    onChange={(e) => {
                      const next = new Set(selection.selected);
                      for (const k of pageKeys) {
                        if (e.target.checked) next.add(k);
                        else next.delete(k);
                      }
                      selection.onChange(next);
                    }}
                  />
                ),
              };
            }
            if (!column.sortKey) return { content: c.header };
            const active = query.sortBy === column.sortKey;
            return {
              sort: active ? (query.sortOrder === 'ASC' ? 'ascending' : 'descending') : undefined,
              content: (
                <button
                  type="button"
                  className="sort-button"
                  onClick={() => send({ type: 'SORT', sortBy: column.sortKey! })}
                >
                  {c.header} <span aria-hidden="true">{active ? (query.sortOrder === 'ASC' ? '▲' : '▼') : '↕'}</span>
                </button>
              ),
            };
          }}
        />
      )}
      {page && page.total > 0 && (
        <nav aria-label={`${caption} pages`} className="row pager">
          <Button
            variant="ghost"
            disabled={query.pageNumber === 0 || loading}
            onClick={() => send({ type: 'PAGE', pageNumber: query.pageNumber - 1 })}
          >
            Previous
          </Button>
          <span className="small-print">
            Page {page.pageNumber + 1} of {pages}
            {page.totalCapped ? '+' : ''} ·{' '}
            {page.totalCapped ? `${page.total.toLocaleString('en-IN')}+ ${noun}` : countOf(page.total, noun)}
          </span>
          <Button
            variant="ghost"
            disabled={query.pageNumber + 1 >= pages || loading}
            onClick={() => send({ type: 'PAGE', pageNumber: query.pageNumber + 1 })}
          >
            Next
          </Button>
        </nav>
      )}
    </div>
  );
}
