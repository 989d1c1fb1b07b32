import { useCallback, useState } from 'react';
import * as v from 'valibot';
import { invalidate } from '../../../services/invalidate';
import { Link } from 'react-router-dom';
import type { Paged } from '../../../domain/paging';
import { formatDate, formatRupees } from '../../../domain/format';
import {
  API_NDR,
  RTO_ACKS,
  RTO_TABS,
  type RtoAck,
  type RtoListAnswer,
  type RtoRow,
  type RtoTab,
} from '../../../domain/ndr-contract';
import { RtoAckBody } from '../../../domain/schemas/ndr';
import { call } from '../../../services/call';
import { notify } from '../../../services/notify';
import { useHttp } from '../../../services/screen-services';
import { useForm } from '../../hooks/use-form';
import { useRequest } from '../../hooks/use-request';
import { Alert, Badge, Button, buttonClass, Dialog, TextField } from '../../kit';
import { dayFilterError, ListFilters, StatusTabs, tabOf, useListParams } from '../../lists/list-filters';
import { ListView, type ListColumn } from '../../lists/list-view';
import { SellerShell } from '../shell/seller-shell';
import { COURIER_FILTER, parcelColumns } from './list-parts';

// /rto: parcels on their way back by stage (initiated, in transit, delivered) with what each
// return cost; a delivered return is acknowledged: received fine, damaged, or not received.

const RTO_TAB_CODES = Object.keys(RTO_TABS) as RtoTab[];
const DAYS = { fromKey: 'fromDate', toKey: 'toDate' };
const ACK_CODES = Object.keys(RTO_ACKS) as RtoAck[];
const STAGE_TONE = {
  INITIATED: 'warning',
  IN_TRANSIT: 'warning',
  UNDELIVERED: 'danger',
  HELD: 'danger',
  DELIVERED: 'success',
} as const;

// the server's word on a returned parcel, and what the dialog asks more: a note when not received fine
const AckForm = v.pipe(
  v.object({ ...RtoAckBody.entries, outcome: v.picklist(ACK_CODES, 'Choose what came back') }),
  v.forward(
    v.check(
      (x) => x.outcome === 'RECEIVED' || x.note.length >= 5,
      'Note must say what is wrong (at least 5 characters)',
    ),
    ['note'],
  ),
);

function AcknowledgeDialog({ row, onClose }: { row: RtoRow; onClose: (saved: boolean) => void }) {
  const http = useHttp();
  const form = useForm(AckForm, { outcome: '', note: '' });
  const outcome = form.values.outcome;
  const save = useRequest(
    (body: { outcome: RtoAck; note?: string }) =>
      call(http, API_NDR.rtoAcknowledge, { params: { orderId: row.orderId }, body }),
    {
      onDone: () => {
        notify({ kind: 'info', message: `Return of ${row.orderNumber} acknowledged` });
        onClose(true);
      },
    },
  );
  return (
    <Dialog
      open
      onOpenChange={(o) => !o && onClose(false)}
      title={`Acknowledge the return of ${row.orderNumber}`}
      description={`AWB ${row.awb} · ${row.carrierName}`}
    >
      <form
        className="stack"
        onSubmit={(e) => {
          e.preventDefault();
          form.submitTo((body) => save.run({ outcome: body.outcome, note: body.note || undefined }))();
        }}
      >
        <fieldset className="stack">
          <legend>What came back?</legend>
          {ACK_CODES.map((a) => (
            <label key={a} className="check">
              <input
                type="radio"
                name="rto-ack"
                value={a}
                checked={outcome === a}
                onChange={() => form.set('outcome', a)}
              />
              {RTO_ACKS[a]}
            </label>
          ))}
          {form.errors.outcome && (
            <span className="field-error" role="alert">
              {form.errors.outcome}
            </span>
          )}
        </fieldset>
        <TextField
          label={outcome && outcome !== 'RECEIVED' ? 'Note' : 'Note (optional)'}
          maxLength={300}
          hint="What is damaged or missing; support sees it"
          {...form.field('note')}
        />
        {form.failure(save.error) && <Alert>{form.failure(save.error)}</Alert>}
        <div className="row dialog-actions">
          <Button type="submit" busy={save.running}>
            Acknowledge
          </Button>
          <Button variant="secondary" onClick={() => onClose(false)}>
            Cancel
          </Button>
        </div>
      </form>
    </Dialog>
  );
}

export function RtoScreen() {
  const [counts, setCounts] = useState<RtoListAnswer['counts'] | null>(null);
  const [acking, setAcking] = useState<RtoRow | null>(null);
  const list = useListParams();
  const tab: RtoTab = tabOf(list, RTO_TAB_CODES);
  const dateError = dayFilterError(list, DAYS);
  const filters = { tab, ...list.filters({ carrierCode: 'courier', fromDate: 'from', toDate: 'to' }) };
  const onPage = useCallback((page: Paged<unknown>) => setCounts((page as RtoListAnswer).counts), []);
  const columns: ListColumn<RtoRow>[] = [
    ...parcelColumns<RtoRow>((r) => r.customerName),
    { header: 'Stage', cell: (r) => <Badge tone={STAGE_TONE[r.stage]}>{r.stageText}</Badge> },
    { header: 'Initiated', cell: (r) => (r.initiatedAt ? formatDate(r.initiatedAt) : '—') },
    { header: 'Delivered back', cell: (r) => (r.deliveredAt ? formatDate(r.deliveredAt) : '—') },
    {
      header: 'Charges',
      cell: (r) => (
        <span>
          RTO {formatRupees(r.rtoChargePaise)}
          {r.paymentMethod === 'COD' && (
            <>
              <br />
              <span className="small-print">COD fee refunded {formatRupees(r.codFeeRefundPaise)}</span>
            </>
          )}
        </span>
      ),
    },
    {
      header: 'Received',
      cell: (r) =>
        r.ack ? (
          <span>
            <Badge tone={r.ack === 'RECEIVED' ? 'success' : 'danger'}>{RTO_ACKS[r.ack]}</Badge>
            {r.ackNote && <span className="small-print"> {r.ackNote}</span>}
            {/* damaged or missing: the order's page is where a return is disputed (3 days from delivery back) */}
            {r.ack !== 'RECEIVED' && (
              <>
                {' '}
                <Link to={`/orders/${r.orderId}`} aria-label={`Raise a dispute for ${r.orderNumber}`}>
                  Raise a dispute
                </Link>
              </>
            )}
          </span>
        ) : r.stage === 'DELIVERED' ? (
          <Button className="btn-small" onClick={() => setAcking(r)} aria-label={`Acknowledge ${r.orderNumber}`}>
            Acknowledge
          </Button>
        ) : (
          '—'
        ),
    },
  ];
  return (
    <SellerShell>
      <div className="page">
        <header className="page-head row list-toolbar">
          <div>
            <h1>Returns to origin (RTO)</h1>
            <p>Parcels coming back to you, what each return cost, and your word on what arrived.</p>
          </div>
          <Link to="/ndr" className={buttonClass('secondary')}>
            Failed deliveries
          </Link>
        </header>
        <StatusTabs
          label="RTO stage"
          tabs={RTO_TAB_CODES.map((t) => ({ key: t, label: RTO_TABS[t], count: counts?.[t] }))}
          active={tab}
          list={list}
        />
        <ListFilters list={list} selects={[COURIER_FILTER]} days={DAYS} />
        <ListView
          caption={`Returns: ${RTO_TABS[tab]}`}
          noun="returns"
          path={API_NDR.rto.path}
          columns={columns}
          rowKey={(r) => r.shipmentId}
          sortBy="initiatedAt"
          sortOrder="DESC"
          refreshOn="rto"
          filters={filters}
          filterError={dateError}
          initialQuery={list.initialQuery}
          onQueryChange={list.keepQuery}
          onPage={onPage}
        />
      </div>
      {acking && (
        <AcknowledgeDialog
          row={acking}
          onClose={(saved) => {
            setAcking(null);
            if (saved) invalidate('rto');
          }}
        />
      )}
    </SellerShell>
  );
}
