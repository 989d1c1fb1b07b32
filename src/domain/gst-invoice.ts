// The GST arithmetic of a seller's tax invoice to a buyer. Prices on orders include GST (as
// buyers see them); each line's taxable value is taken out of its price at the line's rate. An
// order discount is shared over the lines in proportion to their value; shipping charged to the
// buyer is a service at 18%. Within one state the tax splits into CGST and SGST halves, across
// states it is IGST. Paise throughout, rounded per line.

export const SHIPPING_GST_PERCENT = 18;

export interface InvoiceItem {
  name: string;
  hsnCode: string;
  quantity: number;
  unitPricePaise: number;
  taxRatePercent: number;
}

export interface InvoiceLine {
  name: string;
  hsnCode: string;
  quantity: number;
  /** what the buyer pays for the line, after its share of the discount */
  grossPaise: number;
  taxableValuePaise: number;
  taxRatePercent: number;
  cgstPaise: number;
  sgstPaise: number;
  igstPaise: number;
}

export interface InvoiceTotals {
  lines: InvoiceLine[];
  taxableValuePaise: number;
  cgstPaise: number;
  sgstPaise: number;
  igstPaise: number;
  totalPaise: number;
}

function line(
  name: string,
  hsnCode: string,
  quantity: number,
  grossPaise: number,
  rate: number,
  intraState: boolean,
): InvoiceLine {
  const taxable = Math.round((grossPaise * 100) / (100 + rate));
  const tax = grossPaise - taxable;
  const cgst = intraState ? Math.floor(tax / 2) : 0;
  return {
    name,
    hsnCode,
    quantity,
    grossPaise,
    taxableValuePaise: taxable,
    taxRatePercent: rate,
    cgstPaise: cgst,
    sgstPaise: intraState ? tax - cgst : 0,
    igstPaise: intraState ? 0 : tax,
  };
}

export function invoiceTotals(
  items: InvoiceItem[],
  discountPaise: number,
  shippingPaise: number,
  intraState: boolean,
): InvoiceTotals {
  const gross = items.map((i) => i.quantity * i.unitPricePaise);
  const itemsTotal = gross.reduce((a, b) => a + b, 0);
  // the discount shared in proportion; the last line takes the rounding remainder
  let left = Math.min(discountPaise, itemsTotal);
  const lines = items.map((it, i) => {
    const share = i === items.length - 1 ? left : Math.round((discountPaise * gross[i]) / Math.max(itemsTotal, 1));
    left -= share;
    return line(it.name, it.hsnCode, it.quantity, gross[i] - share, it.taxRatePercent, intraState);
  });
  if (shippingPaise > 0)
    lines.push(line('Shipping charges', '996812', 1, shippingPaise, SHIPPING_GST_PERCENT, intraState));
  const sum = (f: (l: InvoiceLine) => number) => lines.reduce((a, l) => a + f(l), 0);
  return {
    lines,
    taxableValuePaise: sum((l) => l.taxableValuePaise),
    cgstPaise: sum((l) => l.cgstPaise),
    sgstPaise: sum((l) => l.sgstPaise),
    igstPaise: sum((l) => l.igstPaise),
    totalPaise: sum((l) => l.grossPaise),
  };
}
