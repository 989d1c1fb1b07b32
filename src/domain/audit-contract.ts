import * as v from 'valibot';
import { operation } from './operation';
import { dayFilter, listQuerySchema, pagedSchema, pagingEntries } from './paging';
import { AuditRowSchema } from './staff-contract';

// The staff audit log's operations: the search, and the same search as CSV. Served by
// server/modules/audit/routes.ts; the rows are the staff console's (staff-contract.ts).

const TAG = 'corporate';

const text = (field: string, max = 80) =>
  v.optional(v.pipe(v.string(), v.trim(), v.maxLength(max, `${field} must be at most ${max} characters`)));

/** The log's filters: who, what, which record and which IST days. */
export const AUDIT_FILTERS = {
  actor: text('actor', 120),
  action: text('action'),
  entityKind: text('entityKind', 40),
  entityKey: text('entityKey'),
  fromDate: dayFilter('fromDate'),
  toDate: dayFilter('toDate'),
};
const DAY_RANGES = [['fromDate', 'toDate']] as const;

export const API_AUDIT = {
  log: operation({
    method: 'get',
    path: '/api/v1/corporate/audit',
    tag: TAG,
    query: listQuerySchema({ ...pagingEntries, ...AUDIT_FILTERS }, DAY_RANGES),
    summary:
      'The staff audit log, newest first: by staff member (id or email), action, entity and IST days, or words in any of them',
    response: pagedSchema(AuditRowSchema),
  }),
  export: operation({
    method: 'get',
    path: '/api/v1/corporate/audit/export',
    tag: TAG,
    query: listQuerySchema({ ...AUDIT_FILTERS, searchPattern: pagingEntries.searchPattern }, DAY_RANGES),
    summary: 'The same search as CSV, every matching row (up to 100,000)',
    response: { file: 'text/csv' },
  }),
};
