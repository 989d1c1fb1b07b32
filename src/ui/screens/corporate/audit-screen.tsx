import { API_STAFF, type AuditRow } from '../../../domain/staff-contract';
import { codeInWords, formatDateTime } from '../../../domain/format';
import { dayFilterError, ListFilters, useListParams, type SelectFilter } from '../../lists/list-filters';
import { ListView, type ListColumn } from '../../lists/list-view';
import { StaffShell } from '../shell/staff-shell';

// /dakiya/audit: every staff write, newest first: who, what, on which entity, before and after,
// and why. Search words (staff email, action, entity id), the entity kind and IST days; CSV export.

const DAYS = { fromKey: 'fromDate', toKey: 'toDate' };
const ENTITIES = ['account', 'org', 'coupon', 'plan', 'application', 'payout', 'discrepancy', 'dispute', 'awb'];
const FILTERS: SelectFilter[] = [
  { param: 'entity', label: 'Entity', options: ENTITIES.map((e) => ({ value: e, label: codeInWords(e) })) },
];

const shown = (value: unknown) => (value == null ? '—' : JSON.stringify(value));

const COLUMNS: ListColumn<AuditRow>[] = [
  { header: 'At (IST)', cell: (r) => formatDateTime(r.at) },
  { header: 'Staff member', cell: (r) => r.actorEmail },
  { header: 'Action', cell: (r) => <code>{r.action}</code> },
  { header: 'Entity', cell: (r) => `${codeInWords(r.entityType)}${r.entityId ? ` ${r.entityId}` : ''}` },
  { header: 'Before', cell: (r) => <code className="audit-json">{shown(r.before)}</code> },
  { header: 'After', cell: (r) => <code className="audit-json">{shown(r.after)}</code> },
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
          <p>Every change staff made, with who, when, before and after, and why. It cannot be edited.</p>
        </header>
        <ListFilters list={list} selects={FILTERS} days={DAYS} />
        <ListView
          caption="Staff audit log"
          noun="entries"
          path={API_STAFF.audit}
          columns={COLUMNS}
          rowKey={(r) => r.auditId}
          sortBy="at"
          searchLabel="Search by staff email, action or entity id"
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
