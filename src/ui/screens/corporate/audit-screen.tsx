import { API_AUDIT } from '../../../domain/audit-contract';
import type { AuditRow } from '../../../domain/staff-contract';
import { formatDateTime } from '../../../domain/format';
import { labelOf } from '../../../domain/display-labels';
import { auditChanges } from '../../../domain/audit-changes';
import { dayFilterError, ListFilters, useListParams, type SelectFilter } from '../../lists/list-filters';
import { ListView, type ListColumn } from '../../lists/list-view';
import { StaffShell } from '../shell/staff-shell';

// /dakiya/audit: every staff write, newest first: who, what, on which entity, before and after,
// and why. Search words (staff email, action, entity id), the entity kind and IST days; CSV export.

const DAYS = { fromKey: 'fromDate', toKey: 'toDate' };
const ENTITIES = ['account', 'org', 'coupon', 'plan', 'application', 'payout', 'discrepancy', 'dispute', 'awb'];
const FILTERS: SelectFilter[] = [
  { param: 'entity', label: 'Record', options: ENTITIES.map((e) => ({ value: e, label: labelOf('auditEntity', e) })) },
];

const raw = (value: unknown) => (value == null ? '—' : JSON.stringify(value, null, 1));

/** What changed in words; the stored before and after open beneath it for whoever needs them. */
function Changes({ row }: { row: AuditRow }) {
  const lines = auditChanges(row.before, row.after);
  return (
    <div className="audit-changes">
      {lines.length ? (
        <ul>
          {lines.map((l, i) => (
            <li key={i}>{l}</li>
          ))}
        </ul>
      ) : (
        <span>No fields changed</span>
      )}
      {(row.before != null || row.after != null) && (
        <details>
          <summary>Stored details</summary>
          <p>Before</p>
          <code className="audit-json">{raw(row.before)}</code>
          <p>After</p>
          <code className="audit-json">{raw(row.after)}</code>
        </details>
      )}
    </div>
  );
}

const COLUMNS: ListColumn<AuditRow>[] = [
  { header: 'When (IST)', cell: (r) => formatDateTime(r.at) },
  { header: 'Staff member', cell: (r) => r.actorEmail },
  { header: 'Action', cell: (r) => r.actionLabel },
  {
    header: 'Record',
    cell: (r) => `${labelOf('auditEntity', r.entityType)}${r.entityId ? ` ${r.entityId}` : ''}`,
  },
  { header: 'What changed', cell: (r) => <Changes row={r} /> },
  { header: 'Reason', cell: (r) => r.reason ?? '—' },
];

export function StaffAuditScreen() {
  const list = useListParams();
  const filters = list.filters({ entityKind: 'entity', fromDate: 'from', toDate: 'to' });
  return (
    <StaffShell>
      <div className="page stack">
        <header className="page-head">
          <h1>Audit log</h1>
          <p>Every change staff made: what, who, when, what changed and why. It cannot be edited.</p>
        </header>
        <ListFilters list={list} selects={FILTERS} days={DAYS} />
        <ListView
          caption="Staff audit log"
          noun="entries"
          path={API_AUDIT.log.path}
          columns={COLUMNS}
          rowKey={(r) => r.auditId}
          sortBy="at"
          searchLabel="Search by staff email, action or record id"
          exportName="staff-audit"
          refreshOn="staffConsole"
          filters={filters}
          filterError={dayFilterError(list, DAYS)}
          initialQuery={{ ...list.initialQuery, recordsPerPage: 20 }}
          onQueryChange={list.keepQuery}
        />
      </div>
    </StaffShell>
  );
}
