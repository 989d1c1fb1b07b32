import { useCallback, useState } from 'react';
import type { Paged } from '../../../domain/paging';
import { ListFilters, StatusTabs, useListParams, type SelectFilter } from '../../lists/list-filters';
import { ListView, type ListColumn } from '../../lists/list-view';

// A staff queue of cases that move through statuses (delivery disputes, weight discrepancies):
// status tabs with counts from the list's own answer, an 'All' tab, select filters, and the
// newest-raised-first list searched by AWB, order or company; all of it kept in the address.

export function StaffCaseQueue<T, S extends string>({
  tabLabel,
  tabs,
  statuses,
  statusLabels,
  selects,
  selectParams,
  caption,
  noun,
  path,
  columns,
  rowKey,
  searchLabel = 'Search by AWB, order or company',
}: {
  /** the accessible name of the tab strip */
  tabLabel: string;
  /** the tabs in their order; the first is the default */
  tabs: readonly (S | 'ALL')[];
  /** every status, for the 'All' count */
  statuses: readonly S[];
  statusLabels: Record<S, string>;
  selects: readonly SelectFilter[];
  /** each request key of the select filters from its URL parameter */
  selectParams: Record<string, string>;
  caption: string;
  noun: string;
  path: string;
  columns: ListColumn<T>[];
  rowKey: (row: T) => string | number;
  /** what the search box looks in */
  searchLabel?: string;
}) {
  const list = useListParams();
  const [counts, setCounts] = useState<Partial<Record<S, number>> | null>(null);
  const tab = tabs.find((t) => t === list.get('tab')) ?? tabs[0];
  const filters = { status: tab === 'ALL' ? undefined : tab, ...list.filters(selectParams) };
  const onPage = useCallback(
    (page: Paged<unknown>) => setCounts((page as Paged<unknown> & { counts: Partial<Record<S, number>> }).counts),
    [],
  );
  const countOf = (t: S | 'ALL') =>
    t === 'ALL' ? statuses.reduce((n, s) => n + (counts?.[s] ?? 0), 0) : (counts?.[t] ?? 0);
  return (
    <>
      <StatusTabs
        label={tabLabel}
        tabs={tabs.map((t) => ({ key: t, label: t === 'ALL' ? 'All' : statusLabels[t], count: countOf(t) }))}
        active={tab}
        list={list}
        countInLabel
      />
      <ListFilters list={list} selects={selects} />
      <ListView
        caption={caption}
        noun={noun}
        path={path}
        columns={columns}
        rowKey={rowKey}
        sortBy="raisedAt"
        sortOrder="DESC"
        searchLabel={searchLabel}
        filters={filters}
        initialQuery={{ ...list.initialQuery, recordsPerPage: 20 }}
        onQueryChange={list.keepQuery}
        onPage={onPage}
      />
    </>
  );
}
