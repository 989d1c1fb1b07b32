import { useCallback } from 'react';
import { useSearchParams } from 'react-router-dom';
import { PAYMENT_METHODS } from '../../domain/schemas/order';
import type { ListQuery } from '../../machines/list-query.machine';
import { SelectField } from '../kit';
import { DateRangeFields, dayRangeText } from './date-range-fields';

// A list screen's filters kept in the URL (a view can be shared or bookmarked): the status tabs
// with their counts, the select filters, the from/to days, and the search and page ListView reports.

export interface ListParamsOptions {
  /** told when a filter or tab changes (a selection of rows no longer applies) */
  onFilterChange?: () => void;
  /** the list's default sort: given, the sort is kept in the URL as ?sort=key:ORDER when it differs */
  defaultSort?: { sortBy: string; sortOrder: 'ASC' | 'DESC' };
}

export interface ListParams {
  /** a parameter's value, '' when absent */
  get: (key: string) => string;
  /** the request's filters from the URL: each request key from its URL parameter (absent when empty) */
  filters: (params: Record<string, string>) => Record<string, string | undefined>;
  /** set a parameter ('' removes it); a filter change goes back to the first page */
  set: (key: string, value: string) => void;
  /** for ListView's onQueryChange */
  keepQuery: (q: ListQuery) => void;
  /** for ListView's initialQuery */
  initialQuery: { searchPattern: string; pageNumber: number };
  /** the sort in the URL, or the default */
  sort: { sortBy: string; sortOrder: 'ASC' | 'DESC' };
}

export function useListParams({ onFilterChange, defaultSort }: ListParamsOptions = {}): ListParams {
  const [params, setParams] = useSearchParams();
  const get = (key: string) => params.get(key) ?? '';
  const set = (key: string, value: string) => {
    const next = new URLSearchParams(params);
    if (value) next.set(key, value);
    else next.delete(key);
    if (key !== 'q' && key !== 'page') next.delete('page');
    setParams(next, { replace: true });
    onFilterChange?.();
  };
  const defaultBy = defaultSort?.sortBy;
  const defaultOrder = defaultSort?.sortOrder;
  const keepQuery = useCallback(
    (q: ListQuery) =>
      setParams(
        (old) => {
          const next = new URLSearchParams(old);
          const sort =
            !defaultBy || (q.sortBy === defaultBy && q.sortOrder === defaultOrder) ? '' : `${q.sortBy}:${q.sortOrder}`;
          for (const [k, v] of [
            ['q', q.searchPattern],
            ['page', q.pageNumber ? String(q.pageNumber + 1) : ''],
            ['sort', sort],
          ] as const) {
            if (v) next.set(k, v);
            else next.delete(k);
          }
          return next;
        },
        { replace: true },
      ),
    [setParams, defaultBy, defaultOrder],
  );
  const [sortBy, sortOrder] = (params.get('sort') ?? '').split(':');
  const filters = (keys: Record<string, string>) =>
    Object.fromEntries(Object.entries(keys).map(([key, param]) => [key, get(param) || undefined]));
  return {
    get,
    filters,
    set,
    keepQuery,
    initialQuery: {
      searchPattern: get('q'),
      pageNumber: Math.max(0, Number(params.get('page') ?? 1) - 1),
    },
    sort:
      defaultSort && sortBy
        ? { sortBy, sortOrder: sortOrder === 'ASC' ? 'ASC' : 'DESC' }
        : (defaultSort ?? { sortBy: '', sortOrder: 'DESC' }),
  };
}

export interface StatusTab {
  key: string;
  label: string;
  /** shown as a badge when known */
  count?: number | null;
}

/** Status tabs with counts; the first tab is the list's default and leaves ?tab= out of the URL. */
export function StatusTabs({
  label,
  tabs,
  active,
  list,
  countInLabel,
}: {
  label: string;
  tabs: readonly StatusTab[];
  active: string;
  list: ListParams;
  /** the count as "Open (3)" rather than a badge */
  countInLabel?: boolean;
}) {
  return (
    <nav className="status-tabs" aria-label={label}>
      {tabs.map((t, i) => (
        <button
          key={t.key}
          type="button"
          className={`status-tab${t.key === active ? ' is-active' : ''}`}
          aria-pressed={t.key === active}
          onClick={() => list.set('tab', i === 0 ? '' : t.key)}
        >
          {t.count == null ? (
            t.label
          ) : countInLabel ? (
            `${t.label} (${t.count.toLocaleString('en-IN')})`
          ) : (
            <>
              {t.label} <span className="badge">{t.count.toLocaleString('en-IN')}</span>
            </>
          )}
        </button>
      ))}
    </nav>
  );
}

/** The tab in the URL when it is one of the codes, else the first. */
export function tabOf<K extends string>(list: ListParams, codes: readonly K[]): K {
  return codes.find((t) => t === list.get('tab')) ?? codes[0];
}

export interface SelectFilter {
  /** the URL parameter */
  param: string;
  label: string;
  options: { value: string; label: string }[];
}

/** The payment method filter (?payment=COD or PPD) of the orders and NDR lists. */
export const PAYMENT_FILTER: SelectFilter = {
  param: 'payment',
  label: 'Payment',
  options: PAYMENT_METHODS.map((m) => ({ value: m, label: m === 'PPD' ? 'Prepaid' : 'COD' })),
};

export interface DayFilter {
  /** the request keys of the two days (their labels name them, as the server's refusal does) */
  fromKey: string;
  toKey: string;
}

/** The from-after-to error of the ?from= and ?to= days, or null: give it to ListView's filterError too. */
export function dayFilterError(list: ListParams, days: DayFilter): string | null {
  return dayRangeText(days.fromKey, list.get('from'), days.toKey, list.get('to'));
}

/** The filter grid: each select ('All' when empty) and the from/to days (?from=, ?to=). */
export function ListFilters({
  list,
  selects,
  days,
}: {
  list: ListParams;
  selects: readonly SelectFilter[];
  days?: DayFilter;
}) {
  return (
    <div className="grid-filters">
      {selects.map((f) => (
        <SelectField
          key={f.param}
          label={f.label}
          value={list.get(f.param)}
          onChange={(e) => list.set(f.param, e.target.value)}
          placeholder="All"
          options={f.options}
        />
      ))}
      {days && (
        <DateRangeFields
          fromKey={days.fromKey}
          toKey={days.toKey}
          from={list.get('from')}
          to={list.get('to')}
          onFromChange={(day) => list.set('from', day)}
          onToChange={(day) => list.set('to', day)}
          error={dayFilterError(list, days)}
        />
      )}
    </div>
  );
}
