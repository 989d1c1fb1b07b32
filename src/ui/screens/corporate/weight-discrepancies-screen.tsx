import { Link } from 'react-router-dom';
import {
  API_WEIGHT,
  DISCREPANCY_STATUS_LABELS,
  DISCREPANCY_STATUSES,
  type DiscrepancyRow,
} from '../../../domain/weight-contract';
import { formatDateTime, formatRupees } from '../../../domain/format';
import type { SelectFilter } from '../../lists/list-filters';
import type { ListColumn } from '../../lists/list-view';
import { buttonClass } from '../../kit';
import { DiscrepancyBadge } from '../weight/weight-parts';
import { StaffShell } from '../shell/staff-shell';
import { StaffCaseQueue } from './staff-case-queue';

// /dakiya/weight-discrepancies: every seller's weight discrepancies by status (with counts),
// whether the platform bears them (frozen products), and a search over AWB, order and company;
// a row opens the discrepancy with its evidence and the decisions.

const COLUMNS: ListColumn<DiscrepancyRow>[] = [
  {
    header: 'AWB',
    cell: (r) => (
      <Link to={`/dakiya/weight-discrepancies/${r.discrepancyId}`} className="awb">
        {r.awb}
      </Link>
    ),
  },
  { header: 'Seller', cell: (r) => r.companyName },
  { header: 'Courier', cell: (r) => r.carrierName },
  { header: 'Weights', cell: (r) => `${r.sellerChargedKg} kg → ${r.courierChargedKg} kg` },
  { header: 'Amount', cell: (r) => formatRupees(r.amountPaise) },
  { header: 'Borne by', cell: (r) => (r.platformBorne ? 'Dakiya (frozen)' : 'Seller') },
  { header: 'Status', cell: (r) => <DiscrepancyBadge status={r.status} /> },
  { header: 'Raised', cell: (r) => formatDateTime(r.raisedAt) },
];

const FILTERS: SelectFilter[] = [
  {
    param: 'borne',
    label: 'Borne by',
    options: [
      { value: 'false', label: 'Seller' },
      { value: 'true', label: 'Dakiya (frozen product)' },
    ],
  },
];
const TAB_CODES = [
  'DISPUTED',
  'WITH_COURIER',
  'ESCALATED',
  'ALL',
  ...DISCREPANCY_STATUSES.filter((s) => !['DISPUTED', 'WITH_COURIER', 'ESCALATED'].includes(s)),
] as const;

export function StaffWeightDiscrepanciesScreen() {
  return (
    <StaffShell>
      <div className="page stack">
        <header className="page-head row">
          <div>
            <h1>Weight discrepancies</h1>
            <p>Send disputes to the courier, decide them and their escalations; approve weight freezes.</p>
          </div>
          <Link to="/dakiya/weight-discrepancies/upload" className={buttonClass('secondary')}>
            Import a courier file
          </Link>
          <Link to="/dakiya/weight-freezes" className={buttonClass('secondary')}>
            Weight freezes
          </Link>
        </header>
        <StaffCaseQueue
          tabLabel="Discrepancy status"
          tabs={TAB_CODES}
          statuses={DISCREPANCY_STATUSES}
          statusLabels={DISCREPANCY_STATUS_LABELS}
          selects={FILTERS}
          selectParams={{ platformBorne: 'borne' }}
          caption="Weight discrepancies"
          noun="discrepancies"
          path={API_WEIGHT.staffList.path}
          columns={COLUMNS}
          rowKey={(r) => r.discrepancyId}
        />
      </div>
    </StaffShell>
  );
}
