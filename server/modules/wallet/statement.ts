import { PDF_FONT } from '../../documents/pdf-fonts';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { queryRows } from '../../db/rows';
import { organisations } from '../../db/schema';
import { badRequest, notFound } from '../../http/errors';
import { csvText } from '../../http/csv';
import { pdfBuffer } from '../../documents/pdf-buffer';
import { formatRupees, formatDate, formatDateTime } from '../../../src/domain/format';
import type { MonthStatement, StatementLine } from '../../../src/domain/wallet-contract';
import { walletEntryLabel } from '../../../src/domain/wallet-entries';
import {
  istMonth,
  istMonthBounds,
  monthLabel,
  OTHER_SECTION,
  STATEMENT_MONTH,
  STATEMENT_SECTIONS,
  statementSectionOf,
} from '../../../src/domain/wallet-statement';
import { rupeesOf } from '../../../src/domain/money';

// The monthly wallet statement of one seller, read from the ledger alone: the opening balance
// (every wallet posting before the IST month began), each section's lines and subtotal, and the
// closing balance. The closing is also summed from the postings on its own (everything before
// the next month began): the statement says it reconciles only when both agree to the paisa.
// Holds move no money, so money held at the month's end is a note, not a line.

type LineRow = {
  entry_id: number;
  kind: string;
  reference: string;
  description: string;
  created_at: string | Date;
  amount_paise: string | number;
};

const walletPostings = (orgId: number) => sql`
  from postings p
  join journal_entries e on e.id = p.entry_id
  join ledger_accounts a on a.id = p.account_id and a.kind = 'SELLER_WALLET' and a.org_id = ${orgId}`;

async function sumBefore(db: Db, orgId: number, at: string): Promise<number> {
  const [row] = await queryRows<{ total: string | number | null }>(
    db,
    sql`select coalesce(sum(p.amount_paise), 0) as total ${walletPostings(orgId)} where e.created_at < ${at}::timestamptz`,
  );
  return Number(row?.total ?? 0);
}

/** The statement of an IST month (yyyy-mm); 404 for no such seller, 400 for a month not yet begun. */
export async function monthStatement(db: Db, orgId: number, month: string, now: Date): Promise<MonthStatement> {
  if (!STATEMENT_MONTH.test(month)) throw badRequest('month must be yyyy-mm');
  if (month > istMonth(now)) throw badRequest('month must not be after the current month');
  const [org] = await db
    .select({ name: organisations.companyName })
    .from(organisations)
    .where(eq(organisations.id, orgId));
  if (!org) throw notFound('No such seller');
  const { from, to } = istMonthBounds(month);
  const lines = await queryRows<LineRow>(
    db,
    sql`select e.id as entry_id, e.kind, e.reference, e.description, e.created_at, p.amount_paise
        ${walletPostings(orgId)}
        where e.created_at >= ${from}::timestamptz and e.created_at < ${to}::timestamptz
        order by e.created_at, e.id`,
  );
  const openingPaise = await sumBefore(db, orgId, from);
  const ledgerClosingPaise = await sumBefore(db, orgId, to);
  const [held] = await queryRows<{ total: string | number | null; n: string | number }>(
    db,
    sql`select coalesce(sum(amount_paise), 0) as total, count(*) as n from wallet_holds
        where org_id = ${orgId} and created_at < ${to}::timestamptz
          and (state = 'HELD' or settled_at >= ${to}::timestamptz)`,
  );
  const byKey = new Map<string, StatementLine[]>();
  for (const l of lines) {
    const key = statementSectionOf(l.kind);
    const list = byKey.get(key) ?? [];
    list.push({
      entryId: l.entry_id,
      kind: l.kind,
      label: walletEntryLabel(l.kind),
      reference: l.reference,
      description: l.description,
      amountPaise: Number(l.amount_paise),
      createdAt: new Date(l.created_at).toISOString(),
    });
    byKey.set(key, list);
  }
  const sections = [...STATEMENT_SECTIONS, OTHER_SECTION]
    .filter((s) => s.key !== OTHER_SECTION.key || byKey.has(OTHER_SECTION.key))
    .map((s) => {
      const sectionLines = byKey.get(s.key) ?? [];
      return {
        key: s.key,
        title: s.title,
        lines: sectionLines,
        subtotalPaise: sectionLines.reduce((sum, l) => sum + l.amountPaise, 0),
      };
    });
  const closingPaise = openingPaise + sections.reduce((sum, s) => sum + s.subtotalPaise, 0);
  return {
    orgId,
    companyName: org.name,
    month,
    from,
    to,
    openingPaise,
    sections,
    closingPaise,
    ledgerClosingPaise,
    reconciled: closingPaise === ledgerClosingPaise,
    heldAtEndPaise: Number(held?.total ?? 0),
    openHolds: Number(held?.n ?? 0),
  };
}

// rupees as a number cell (a text cell starting with '-' would be escaped as a formula)
const signed = (paise: number) => rupeesOf(paise);

/** The statement as CSV: the opening, each section's lines and subtotal, the closing (amounts in rupees, signed). */
export function statementCsv(s: MonthStatement): string {
  const rows: (string | number)[][] = [['Opening balance', '', '', '', '', signed(s.openingPaise)]];
  for (const section of s.sections) {
    for (const l of section.lines)
      rows.push([
        section.title,
        formatDateTime(l.createdAt),
        l.label,
        l.reference,
        l.description,
        signed(l.amountPaise),
      ]);
    rows.push([`${section.title}: subtotal`, '', '', '', '', signed(section.subtotalPaise)]);
  }
  rows.push(['Closing balance', '', '', '', '', signed(s.closingPaise)]);
  if (s.heldAtEndPaise > 0)
    rows.push(['Note: held for weight discrepancies at the month end', '', '', '', '', signed(s.heldAtEndPaise)]);
  return csvText(['section', 'date', 'type', 'reference', 'description', 'amount'], rows);
}

const rs = formatRupees;

/** The statement as a PDF (A4, amounts in ₹ with Indian grouping). */
export function statementPdf(s: MonthStatement): Promise<Buffer> {
  const lastDay = new Date(new Date(s.to).getTime() - 1);
  return pdfBuffer(
    {
      size: 'A4',
      margin: 50,
      info: { Title: `Dakiya wallet statement ${monthLabel(s.month, true)}`, Author: 'Dakiya' },
    },
    (doc) => {
      const width = 495;
      const bottom = () => doc.page.height - doc.page.margins.bottom - 30;
      const row = (left: string, amount: string, opts: { bold?: boolean; indent?: number; size?: number } = {}) => {
        if (doc.y > bottom()) doc.addPage();
        const y = doc.y;
        doc.font(opts.bold ? PDF_FONT.bold : PDF_FONT.regular).fontSize(opts.size ?? 9);
        const indent = opts.indent ?? 0;
        doc.text(left, 50 + indent, y, { width: width - indent - 110 });
        const after = doc.y;
        doc.text(amount, 50, y, { width, align: 'right' });
        doc.y = Math.max(after, doc.y);
        doc.x = 50;
      };
      doc.font(PDF_FONT.bold).fontSize(18).text('Wallet statement');
      doc
        .font(PDF_FONT.regular)
        .fontSize(10)
        .text(s.companyName)
        .text(`Period: ${formatDate(s.from)} to ${formatDate(lastDay)} (${monthLabel(s.month, true)}, IST)`);
      doc.moveDown();
      row('Opening balance', rs(s.openingPaise), { bold: true, size: 10 });
      doc.moveDown(0.5);
      for (const section of s.sections) {
        row(section.title, '', { bold: true, size: 10 });
        if (section.lines.length === 0) row('No entries', '', { indent: 12 });
        for (const l of section.lines) {
          const ref = l.reference ? ` · ${l.reference}` : '';
          row(`${formatDateTime(l.createdAt)}  ${l.label}${ref}  ${l.description}`, rs(l.amountPaise), { indent: 12 });
        }
        row(`Subtotal: ${section.title}`, rs(section.subtotalPaise), { bold: true, indent: 12 });
        doc.moveDown(0.5);
      }
      row('Closing balance', rs(s.closingPaise), { bold: true, size: 10 });
      doc.moveDown(0.5);
      doc
        .font(PDF_FONT.regular)
        .fontSize(9)
        .text(
          s.reconciled
            ? `Reconciled: the opening balance and every section add up to the closing balance, equal to the wallet's ledger balance at the month end (${rs(s.ledgerClosingPaise)}).`
            : `Not reconciled: the ledger's balance at the month end is ${rs(s.ledgerClosingPaise)}. Contact support.`,
          50,
        );
      doc.moveDown(0.5);
      doc.text(
        s.heldAtEndPaise > 0
          ? `Note: ${rs(s.heldAtEndPaise)} was held for ${s.openHolds} weight discrepanc${s.openHolds === 1 ? 'y' : 'ies'} at the month end. Held money is set aside, not charged: it is not part of the balance above.`
          : 'Note: no money was held for weight discrepancies at the month end.',
        50,
      );
      doc.moveDown(2);
      doc
        .fontSize(8)
        .fillColor('#666666')
        .text('A computer-generated statement from Dakiya; no signature is required.', 50);
    },
  );
}
