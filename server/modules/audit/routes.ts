import * as v from 'valibot';
import type { ApiRouter } from '../../http/router';
import type { AppDeps } from '../../deps';
import { dayFilter, listQuerySchema, pagingEntries } from '../../../src/domain/paging';
import { csvAttachment, csvText } from '../../http/csv';
import { API_STAFF, AuditRowSchema } from '../../../src/domain/staff-contract';
import { pagedSchema } from '../../../src/domain/paging';
import { formatDateTime } from '../../../src/domain/format';
import { DISPLAY_LABELS, labelOf } from '../../../src/domain/display-labels';
import { auditChanges } from '../../../src/domain/audit-changes';
import { auditForExport, searchAudit, type AuditQuery } from './service';

const TAG = 'corporate';
const STAFF = { kind: 'user', accountTypes: ['DAKIYA'] } as const;

const text = (field: string, max = 80) =>
  v.optional(v.pipe(v.string(), v.trim(), v.maxLength(max, `${field} must be at most ${max} characters`)));

const filters = {
  actor: text('actor', 120),
  action: text('action'),
  entityKind: text('entityKind', 40),
  entityKey: text('entityKey'),
  fromDate: dayFilter('fromDate'),
  toDate: dayFilter('toDate'),
};
const DAY_RANGES = [['fromDate', 'toDate']] as const;

const toQuery = (
  q: v.InferOutput<v.ObjectSchema<typeof filters, undefined>> & { searchPattern?: string },
): AuditQuery => ({
  search: q.searchPattern || undefined,
  actor: q.actor || undefined,
  action: q.action || undefined,
  entityType: q.entityKind || undefined,
  entityId: q.entityKey || undefined,
  fromDate: q.fromDate,
  toDate: q.toDate,
});

/**
 * What must be written down before anyone reads the log (an admin session that ran out unnoticed
 * ends at its expiry): given by the composition root, since the areas that write late entries sit
 * above the log they write to.
 */
export type BeforeAuditRead = (now: Date) => Promise<void>;

export function registerAuditRoutes(router: ApiRouter, deps: AppDeps, beforeRead: BeforeAuditRead) {
  // an action a service names is in the label table; a route's own action is named by its summary
  const named = <T extends { action: string }>(r: T) => ({
    ...r,
    actionLabel:
      DISPLAY_LABELS.staffAction[r.action] ?? router.actionName(r.action) ?? labelOf('staffAction', r.action),
  });
  router.add({
    method: 'get',
    path: API_STAFF.audit,
    tag: TAG,
    access: STAFF,
    staffPermission: 'audit.view',
    query: listQuerySchema({ ...pagingEntries, ...filters }, DAY_RANGES),
    summary:
      'The staff audit log, newest first: by staff member (id or email), action, entity and IST days, or words in any of them',
    response: pagedSchema(AuditRowSchema),
    handler: async ({ query }) => {
      await beforeRead(deps.now());
      const page = await searchAudit(deps.db, {
        ...toQuery(query),
        pageNumber: query.pageNumber,
        recordsPerPage: query.recordsPerPage,
      });
      return { ...page, items: page.items.map(named) };
    },
  });
  router.add({
    method: 'get',
    path: API_STAFF.auditCsv,
    tag: TAG,
    access: STAFF,
    staffPermission: 'audit.view',
    query: listQuerySchema({ ...filters, searchPattern: pagingEntries.searchPattern }, DAY_RANGES),
    summary: 'The same search as CSV, every matching row (up to 100,000)',
    response: { file: 'text/csv' },
    handler: async ({ query }) => {
      await beforeRead(deps.now());
      const rows = (await auditForExport(deps.db, toQuery(query))).map(named);
      const csv = csvText(
        [
          'At (IST)',
          'Staff member',
          'Action',
          'Record',
          'Record id',
          'What changed',
          'Before',
          'After',
          'Reason',
          'Request id',
        ],
        rows.map((r) => [
          formatDateTime(r.at),
          r.actorEmail,
          r.actionLabel,
          labelOf('auditEntity', r.entityType),
          r.entityId,
          auditChanges(r.before, r.after).join('; '),
          r.before == null ? '' : JSON.stringify(r.before),
          r.after == null ? '' : JSON.stringify(r.after),
          r.reason,
          r.requestId,
        ]),
      );
      return csvAttachment(`staff-audit-${deps.now().toISOString().slice(0, 10)}.csv`, csv);
    },
  });
}
