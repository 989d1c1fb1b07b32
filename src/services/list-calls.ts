import type { Paged } from '../domain/paging';
import { exportPath } from '../domain/setup-contract';
import type { ListQuery } from '../machines/list-query.machine';
import { dataOf } from './answer';
import type { Http } from './types';

// The list view's calls: a list operation's page, and its CSV export (the list's path + /export),
// each asked with the list's query and the filters the screen holds.

type Filters = Record<string, string | undefined>;
const listParams = (q: ListQuery, filters: Filters = {}) => ({
  ...filters,
  ...q,
  searchPattern: q.searchPattern || undefined,
});
const exportParams = (q: ListQuery, filters: Filters = {}) => ({
  ...filters,
  searchPattern: q.searchPattern || undefined,
  sortBy: q.sortBy,
  sortOrder: q.sortOrder,
});

export const fetchList = <T>(http: Http, path: string, q: ListQuery, filters?: Filters): Promise<Paged<T>> =>
  dataOf(http.get(path, listParams(q, filters)));
export const downloadList = (http: Http, path: string, q: ListQuery, filters?: Filters): Promise<Blob> =>
  http.download(exportPath(path), exportParams(q, filters));
