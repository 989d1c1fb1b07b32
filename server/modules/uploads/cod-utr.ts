import * as v from 'valibot';
import { COD_UTR_FILES } from '../../../src/domain/cod-contract';
import { recordIdField } from '../../../src/domain/schemas/fields';
import { commentsField, utrField } from '../../../src/domain/schemas/cod';
import { numberCell } from './csv-cells';
import { column, type CsvKind, type RowProblem } from './kind';
import { markPaidTx } from '../cod/service';
import { ApiError } from '../../http/errors';

// The bank's UTR file, uploaded by staff after paying COD payouts by bank transfer: one row per
// payout (payoutId, utr, comments). Each row marks its payout paid exactly as "mark paid" does,
// once: a payout paid before, one not waiting for transfer, or a UTR used before is refused on
// its row, by the column's label.

export const COD_UTR_COLUMNS = ['payoutId', 'utr', 'comments'] as const;

export const CodUtrRow = v.object({
  payoutId: recordIdField('payoutId'),
  utr: utrField,
  comments: commentsField,
});
type Row = v.InferOutput<typeof CodUtrRow>;

export const codUtrUploads: CsvKind<Row, Row> = {
  kind: 'COD_REMITTANCE_UTR',
  ops: COD_UTR_FILES,
  audience: 'STAFF',
  staffPermission: 'cod.manage',
  queue: 'cod-remittance-utr-import',
  columns: COD_UTR_COLUMNS.map((c) => column(c, c !== 'comments')),
  sampleRows: [
    ['1042', 'HDFCN52026112612', 'NEFT batch 26 Nov'],
    ['1043', 'SBIN426112600123', ''],
  ],
  fileStem: 'cod-remittance-utr',
  rowNoun: 'payout rows',
  rowSchema: CodUtrRow,
  async open(deps, ctx) {
    return {
      read([row]) {
        const problems: RowProblem[] = [];
        const text = row.cell('payoutId').trim();
        const id = numberCell(text);
        if (text !== '' && id === undefined) problems.push({ column: 'payoutId', reason: 'payoutId must be a number' });
        return {
          candidate: { payoutId: text === '' ? undefined : id, utr: row.cell('utr'), comments: row.cell('comments') },
          problems,
        };
      },
      build: (row) => row,
      unique: {
        key: (r) => r.utr.toUpperCase(),
        repeated: (r, first) => ({ column: 'utr', reason: `UTR ${r.utr} appears earlier in this file (row ${first})` }),
      },
      async write(tx, records) {
        const now = deps.now();
        let written = 0;
        const refused: { at: number; problem: RowProblem }[] = [];
        for (const [at, r] of records.entries()) {
          try {
            await markPaidTx(tx, r.input.payoutId, r.input, ctx.accountId, now);
            written++;
          } catch (e) {
            if (!(e instanceof ApiError)) throw e;
            const column = e.message.startsWith('UTR') ? 'utr' : 'payoutId';
            const reason = e.status === 404 ? `Payout ${r.input.payoutId} not found` : e.message;
            refused.push({ at, problem: { column, reason } });
          }
        }
        return { written, refused };
      },
    };
  },
};
