import { API_WALLET } from '../../../domain/wallet-contract';
import { useOperation } from '../../hooks/use-operation';
import type { MonthInvoiceRow } from '../../../domain/wallet-contract';
import { formatRupees } from '../../../domain/format';
import { useOnInvalidate } from '../../../services/invalidate';
import { useNoticedDownload } from '../../hooks/use-noticed-download';
import { Button, DataTable, Loadable } from '../../kit';

// Monthly tax invoices (PDF) and itemised sheets (CSV), one row a month with wallet activity.

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const monthLabel = (month: string) => `${MONTHS[Number(month.slice(5)) - 1]} ${month.slice(0, 4)}`;

export function InvoicesPanel() {
  const months = useOperation(API_WALLET.invoices, {}, { load: true });
  useOnInvalidate('wallet', () => months.run());
  const [download, send] = useNoticedDownload();
  const busy = download.matches('downloading');
  const get = (month: string, kind: 'MONTH_INVOICE' | 'ITEMISED_SHEET') =>
    send({ type: 'DOWNLOAD', kind, params: { month } });
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
                    disabled={busy}
                    onClick={() => get(r.month, 'MONTH_INVOICE')}
                    aria-label={`Invoice PDF for ${monthLabel(r.month)}`}
                  >
                    Invoice PDF
                  </Button>
                  <Button
                    className="btn-small"
                    variant="ghost"
                    disabled={busy}
                    onClick={() => get(r.month, 'ITEMISED_SHEET')}
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
