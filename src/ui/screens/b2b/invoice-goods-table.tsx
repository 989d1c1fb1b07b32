import type { B2bInvoiceRow } from '../../../domain/b2b-contract';
import { QUANTITY_UNITS } from '../../../domain/b2b/goods-lines';
import { formatRupees } from '../../../domain/format';

// An invoice's goods line by line (HSN, description, quantity, taxable value, GST rate and tax),
// with the tax split as the parties' states make it; on a phone each line is a card.

export function InvoiceGoodsTable({ invoice }: { invoice: B2bInvoiceRow }) {
  const tax = invoice.goodsTax;
  if (invoice.goods.length === 0) return <p className="small-print">Given by its value alone: no goods lines.</p>;
  return (
    <div className="table-wrap">
      <table className="table">
        <caption className="sr-only">Goods of invoice {invoice.invoiceNumber}</caption>
        <thead>
          <tr>
            <th scope="col">HSN</th>
            <th scope="col">Goods</th>
            <th scope="col">Quantity</th>
            <th scope="col">Taxable value</th>
            <th scope="col">GST rate</th>
            <th scope="col">GST</th>
          </tr>
        </thead>
        <tbody>
          {invoice.goods.map((g, i) => (
            <tr key={i}>
              <td data-label="HSN">
                <span className="awb">{g.hsnCode}</span>
              </td>
              <td data-label="Goods">{g.goodsName}</td>
              <td data-label="Quantity">
                {g.quantity} {QUANTITY_UNITS[g.quantityUnit]}
              </td>
              <td data-label="Taxable value">{formatRupees(g.taxableValuePaise)}</td>
              <td data-label="GST rate">{g.gstRate}%</td>
              <td data-label="GST">{formatRupees(g.taxPaise)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {tax && (
        <p className="small-print">
          {tax.taxKindText}: taxable {formatRupees(tax.taxablePaise)}
          {tax.taxKind === 'IGST'
            ? ` · IGST ${formatRupees(tax.igstPaise)}`
            : ` · CGST ${formatRupees(tax.cgstPaise)} · SGST ${formatRupees(tax.sgstPaise)}`}
          {` · with GST ${formatRupees(tax.totalPaise)}`}
        </p>
      )}
    </div>
  );
}
