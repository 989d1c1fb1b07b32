import * as v from 'valibot';
import type { ApiRouter } from '../../http/router';
import type { AppDeps } from '../../deps';
import { csvAttachment, csvText } from '../../http/csv';
import { API_AUDIT, type AUDIT_FILTERS } from '../../../src/domain/audit-contract';
import { formatDateTime } from '../../../src/domain/format';
import { DISPLAY_LABELS, labelOf } from '../../../src/domain/display-labels';
import { auditChanges } from '../../../src/domain/audit-changes';
import { auditForExport, searchAudit, type AuditQuery } from './service';

const STAFF = { kind: 'user', accountTypes: ['DAKIYA'] } as const;

const toQuery = (
  q: v.InferOutput<v.ObjectSchema<typeof AUDIT_FILTERS, undefined>> & { searchPattern?: string },
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
  router.route(API_AUDIT.log, {
    access: STAFF,
    staffPermission: 'audit.view',
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
  router.route(API_AUDIT.export, {
    access: STAFF,
    staffPermission: 'audit.view',
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
