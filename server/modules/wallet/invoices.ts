import { PDF_FONT, applyPdfFonts } from '../../documents/pdf-fonts';
import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import PDFDocument from 'pdfkit';
import type { MonthInvoiceRow } from '../../../src/domain/wallet-contract';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { queryRows } from '../../db/rows';
import { organisations, pickupAddresses } from '../../db/schema';
import { badRequest, notFound } from '../../http/errors';
import { csvText } from '../../http/csv';
import { formatRupees, formatDateTime } from '../../../src/domain/format';
import { walletEntryLabel } from '../../../src/domain/wallet-entries';
import { ENTRY_KINDS } from './ledger';
import { rupeesOf } from '../../../src/domain/money';

// Monthly wallet invoices. Shipping, COD, RTO and weight charges are services billed with 18 %
// GST included (SAC 996812, courier services); a month's invoice lists them by kind, less refunds,
// with the tax split as CGST + SGST when the seller's state (their primary pickup address) is
// the supplier's, else IGST. Recharges are advances, not supplies: they are listed as receipts.
// Months are IST calendar months.

export const CHARGE_KINDS = [
  'SHIPPING_CHARGE',
  'COD_CHARGE',
  'RTO_CHARGE',
  'WEIGHT_CHARGE',
  'SHIPMENT_REFUND',
  'DELAY_PROTECTION_CHARGE',
  'DELAY_CREDIT',
] as const;
export const SAC_COURIER = '996812';
export const GST_PERCENT = 18;

export type MonthSummary = MonthInvoiceRow;

export const MONTH = /^\d{4}-(0[1-9]|1[0-2])$/;

/** DKY/<financial year>/<seller>/<month>: April starts the Indian financial year. */
export function invoiceNumber(orgId: number, month: string): string {
  const [y, m] = month.split('-').map(Number);
  const start = m >= 4 ? y : y - 1;
  return `DKY/${start}-${String((start + 1) % 100).padStart(2, '0')}/${orgId}/${String(m).padStart(2, '0')}`;
}

const monthOf = sql`to_char(e.created_at at time zone 'Asia/Kolkata', 'YYYY-MM')`;

async function walletLines(db: Db, orgId: number, month?: string) {
  return queryRows<{
    entry_id: number;
    kind: string;
    reference: string;
    description: string;
    created_at: string | Date;
    amount_paise: string | number;
    month: string;
  }>(
    db,
    sql`select e.id as entry_id, e.kind, e.reference, e.description, e.created_at, p.amount_paise, ${monthOf} as month
        from postings p join journal_entries e on e.id = p.entry_id
        join ledger_accounts a on a.id = p.account_id and a.kind = 'SELLER_WALLET' and a.org_id = ${orgId}
        ${month ? sql`where ${monthOf} = ${month}` : sql``}
        order by e.id`,
  );
}

export async function monthSummaries(db: Db, orgId: number): Promise<MonthSummary[]> {
  const lines = await walletLines(db, orgId);
  const months = new Map<string, MonthSummary>();
  for (const l of lines) {
    const m = months.get(l.month) ?? {
      month: l.month,
      invoiceNumber: invoiceNumber(orgId, l.month),
      rechargesPaise: 0,
      chargesPaise: 0,
      refundsPaise: 0,
    };
    const amount = Number(l.amount_paise);
    if (l.kind === 'RECHARGE') m.rechargesPaise += amount;
    else if (l.kind === 'SHIPMENT_REFUND') m.refundsPaise += amount;
    else if ((CHARGE_KINDS as readonly string[]).includes(l.kind)) m.chargesPaise += -amount;
    months.set(l.month, m);
  }
  return [...months.values()].sort((a, b) => b.month.localeCompare(a.month));
}

export interface InvoiceData {
  number: string;
  month: string;
  seller: { name: string; state: string | null };
  lines: { label: string; amountPaise: number }[];
  totalPaise: number;
  taxablePaise: number;
  tax: { cgst: number; sgst: number; igst: number };
  receipts: { date: string; reference: string; amountPaise: number }[];
}

/** GST included at 18 %: the taxable value and the tax, split by where the seller is. */
export function splitTax(totalPaise: number, sameState: boolean) {
  const taxable = Math.round((totalPaise * 100) / (100 + GST_PERCENT));
  const tax = totalPaise - taxable;
  if (!sameState) return { taxable, cgst: 0, sgst: 0, igst: tax };
  const cgst = Math.floor(tax / 2);
  return { taxable, cgst, sgst: tax - cgst, igst: 0 };
}

export async function invoiceData(db: Db, config: Config, orgId: number, month: string): Promise<InvoiceData> {
  if (!MONTH.test(month)) throw badRequest('month must be yyyy-mm');
  const [org] = await db
    .select({ name: organisations.companyName })
    .from(organisations)
    .where(eq(organisations.id, orgId));
  if (!org) throw notFound('No such seller');
  const [primary] = await db
    .select({ state: pickupAddresses.state })
    .from(pickupAddresses)
    .where(
      and(eq(pickupAddresses.orgId, orgId), eq(pickupAddresses.isPrimary, true), isNull(pickupAddresses.deletedAt)),
    )
    .orderBy(desc(pickupAddresses.id))
    .limit(1);
  const lines = await walletLines(db, orgId, month);
  if (lines.length === 0) throw notFound(`No wallet activity in ${month}`);
  const byKind = new Map<string, number>();
  for (const l of lines) {
    if (!(CHARGE_KINDS as readonly string[]).includes(l.kind)) continue;
    byKind.set(l.kind, (byKind.get(l.kind) ?? 0) - Number(l.amount_paise));
  }
  const invoiceLines = CHARGE_KINDS.filter((k) => byKind.has(k)).map((k) => ({
    label: ENTRY_KINDS[k].label,
    amountPaise: byKind.get(k)!,
  }));
  const total = invoiceLines.reduce((sum, l) => sum + l.amountPaise, 0);
  const state = primary?.state ?? null;
  const split = splitTax(total, state === config.company.state);
  return {
    number: invoiceNumber(orgId, month),
    month,
    seller: { name: org.name, state },
    lines: invoiceLines,
    totalPaise: total,
    taxablePaise: split.taxable,
    tax: { cgst: split.cgst, sgst: split.sgst, igst: split.igst },
    receipts: lines
      .filter((l) => l.kind === 'RECHARGE')
      .map((l) => ({
        date: formatDateTime(l.created_at),
        reference: l.reference,
        amountPaise: Number(l.amount_paise),
      })),
  };
}

/** Every wallet line of the month, for a spreadsheet. */
export async function itemisedCsv(db: Db, orgId: number, month: string): Promise<string> {
  if (!MONTH.test(month)) throw badRequest('month must be yyyy-mm');
  const lines = await walletLines(db, orgId, month);
  return csvText(
    ['date', 'type', 'reference', 'description', 'credit', 'debit'],
    lines.map((l) => {
      const amount = Number(l.amount_paise);
      const label = walletEntryLabel(l.kind);
      return [
        formatDateTime(l.created_at),
        label,
        l.reference,
        l.description,
        amount > 0 ? rupeesOf(amount).toFixed(2) : '',
        amount < 0 ? rupeesOf(-amount).toFixed(2) : '',
      ];
    }),
  );
}

const rs = formatRupees;
const MONTH_NAMES = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

export function invoicePdf(inv: InvoiceData, company: Config['company']): Promise<Buffer> {
  const doc = new PDFDocument({
    size: 'A4',
    margin: 50,
    info: { Title: `Dakiya tax invoice ${inv.number}`, Author: company.legalName },
  });
  applyPdfFonts(doc);
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  const [y, m] = inv.month.split('-').map(Number);
  const right = { width: 495, align: 'right' as const };
  doc.font(PDF_FONT.bold).fontSize(18).text('Tax Invoice');
  doc
    .font(PDF_FONT.regular)
    .fontSize(10)
    .text(`Invoice number ${inv.number}`)
    .text(`Period: ${MONTH_NAMES[m - 1]} ${y}`);
  doc.moveDown();
  doc.font(PDF_FONT.bold).text('Supplier');
  doc
    .font(PDF_FONT.regular)
    .text(company.legalName)
    .text(company.address)
    .text(`GSTIN: ${company.gstin}`)
    .text(`State: ${company.state}`);
  doc.moveDown();
  doc.font(PDF_FONT.bold).text('Recipient');
  doc
    .font(PDF_FONT.regular)
    .text(inv.seller.name)
    .text(`Place of supply: ${inv.seller.state ?? 'state not on record (no primary pickup address)'}`);
  doc.moveDown();
  doc.font(PDF_FONT.bold).text(`Courier services (SAC ${SAC_COURIER}), GST ${GST_PERCENT}% included`);
  doc.moveDown(0.3);
  doc.font(PDF_FONT.regular);
  if (inv.lines.length === 0) doc.text('No charges this month.');
  for (const l of inv.lines) {
    const yPos = doc.y;
    doc.text(l.label, 50, yPos).text(rs(l.amountPaise), 50, yPos, right);
  }
  doc.moveDown(0.5);
  const row = (label: string, paise: number, bold = false) => {
    const yPos = doc.y;
    doc
      .font(bold ? PDF_FONT.bold : PDF_FONT.regular)
      .text(label, 50, yPos)
      .text(rs(paise), 50, yPos, right);
  };
  row('Taxable value', inv.taxablePaise);
  if (inv.tax.igst) row(`IGST ${GST_PERCENT}%`, inv.tax.igst);
  else {
    row(`CGST ${GST_PERCENT / 2}%`, inv.tax.cgst);
    row(`SGST ${GST_PERCENT / 2}%`, inv.tax.sgst);
  }
  row('Total charged from the wallet', inv.totalPaise, true);
  doc.moveDown();
  doc.font(PDF_FONT.bold).text('Wallet recharges received (advances, not part of this invoice)', 50);
  doc.font(PDF_FONT.regular);
  if (inv.receipts.length === 0) doc.text('None this month.');
  for (const r of inv.receipts) {
    const yPos = doc.y;
    doc.text(`${r.date}  ${r.reference}`, 50, yPos).text(rs(r.amountPaise), 50, yPos, right);
  }
  doc.moveDown(2);
  doc.fontSize(8).fillColor('#666666').text('A computer-generated invoice from Dakiya; no signature is required.', 50);
  doc.end();
  return done;
}
