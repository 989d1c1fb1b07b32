import type { MonthInvoiceRow } from '../../../domain/wallet-contract';
import { formatRupees } from '../../../domain/format';
import { notify } from '../../../services/notify';
import { saveBlob } from '../../../services/save-file';
import { downloadInvoicePdf, downloadItemisedSheet, fetchInvoiceMonths } from '../../../services/wallet-client';
import { useHttp } from '../../../services/screen-services';
import { useRequest } from '../../hooks/use-request';
import { Button, DataTable, Loadable } from '../../kit';

// Monthly tax invoices (PDF) and itemised sheets (CSV), one row a month with wallet activity.

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const monthLabel = (month: string) => `${MONTHS[Number(month.slice(5)) - 1]} ${month.slice(0, 4)}`;

export function InvoicesPanel() {
  const http = useHttp();
  const months = useRequest(() => fetchInvoiceMonths(http), { load: true });
  const download = useRequest(
    async (what: { month: string; kind: 'pdf' | 'csv' }) =>
      what.kind === 'pdf'
        ? saveBlob(await downloadInvoicePdf(http, what.month), `dakiya-invoice-${what.month}.pdf`)
        : saveBlob(await downloadItemisedSheet(http, what.month), `dakiya-itemised-${what.month}.csv`),
    { onError: (message) => notify({ kind: 'error', message }) },
  );
  return (
    <Loadable loading={months.loading} error={months.error} onRetry={months.retry}>
      {() => (
        <DataTable<MonthInvoiceRow>
          caption="Monthly invoices"
          rows={months.data ?? []}
          rowKey={(r) => r.month}
          columns={[
            { header: 'Month', cell: (r) => monthLabel(r.month) },
            { header: 'Invoice number', cell: (r) => r.invoiceNumber },
            { header: 'Recharges', cell: (r) => formatRupees(r.rechargesPaise) },
            { header: 'Charges', cell: (r) => formatRupees(r.chargesPaise) },
            { header: 'Refunds', cell: (r) => formatRupees(r.refundsPaise) },
            {
              header: 'Download',
              cell: (r) => (
                <div className="row">
                  <Button
                    className="btn-small"
                    variant="secondary"
                    disabled={download.running}
                    onClick={() => download.run({ month: r.month, kind: 'pdf' })}
                    aria-label={`Invoice PDF for ${monthLabel(r.month)}`}
                  >
                    Invoice PDF
                  </Button>
                  <Button
                    className="btn-small"
                    variant="ghost"
                    disabled={download.running}
                    onClick={() => download.run({ month: r.month, kind: 'csv' })}
                    aria-label={`Itemised sheet for ${monthLabel(r.month)}`}
                  >
                    Itemised sheet
                  </Button>
                </div>
              ),
            },
          ]}
        />
      )}
    </Loadable>
  );
}
