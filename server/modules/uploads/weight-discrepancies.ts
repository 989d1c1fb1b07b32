import * as v from 'valibot';
import { WEIGHT_COURIER_FILES } from '../../../src/domain/weight-contract';
import { decimalField } from '../../../src/domain/schemas/fields';
import { numberCell } from './csv-cells';
import { column, type CsvKind, type RecordHandler, type RowProblem } from './kind';
import { assessReports, noticeRaised, recordDiscrepancies, type Assessment, type ReportOutcome } from '../weight/raise';

// A courier's weight-discrepancy file, uploaded by staff: one row per parcel the courier weighed
// at its hub, with the weight and size it charged. Each row raises a discrepancy exactly as a hub
// scan does (raise.ts), once per shipment: a row seen before, in this file or an earlier one,
// changes nothing.

export const WEIGHT_FILE_COLUMNS = [
  'awb',
  'chargedWeightKg',
  'lengthCm',
  'breadthCm',
  'heightCm',
  'hubPhotoUrl',
] as const;

const SAMPLE_ROWS: string[][] = [
  ['DLV12345678901', '1.8', '30', '25', '12', 'https://courier.example/hub/DLV12345678901.jpg'],
  ['XBS98765432101', '0.9', '22', '18', '10', ''],
];

const URL_TEXT = 'hubPhotoUrl must be an http(s) address';
export const WeightFileRow = v.object({
  awb: v.pipe(v.string(), v.trim(), v.nonEmpty('awb is required'), v.maxLength(40, 'awb is too long')),
  chargedWeightKg: decimalField('chargedWeightKg', { above: 0, max: 100 }),
  lengthCm: decimalField('lengthCm', { above: 0, max: 300 }),
  breadthCm: decimalField('breadthCm', { above: 0, max: 300 }),
  heightCm: decimalField('heightCm', { above: 0, max: 300 }),
  hubPhotoUrl: v.optional(
    v.union(
      [v.literal(''), v.pipe(v.string(), v.maxLength(500, URL_TEXT), v.regex(/^https?:\/\/\S+$/, URL_TEXT))],
      URL_TEXT,
    ),
    '',
  ),
});
type Row = v.InferOutput<typeof WeightFileRow>;

export const weightDiscrepancyUploads: CsvKind<Row, Row> = {
  kind: 'WEIGHT_DISCREPANCIES',
  ops: WEIGHT_COURIER_FILES,
  audience: 'STAFF',
  staffPermission: 'weight.manage',
  queue: 'weight-discrepancies-import',
  columns: WEIGHT_FILE_COLUMNS.map((c) => column(c, c !== 'hubPhotoUrl')),
  sampleRows: SAMPLE_ROWS,
  fileStem: 'weight-discrepancies',
  rowNoun: 'courier weight rows',
  rowSchema: WeightFileRow,
  async open(deps): Promise<RecordHandler<Row, Row, Assessment>> {
    let outcomes: ReportOutcome[] = [];
    return {
      read([row]) {
        const problems: RowProblem[] = [];
        const num = (name: string) => {
          const text = row.cell(name).trim();
          const n = numberCell(text);
          if (text !== '' && n === undefined) problems.push({ column: name, reason: `${name} must be a number` });
          return text === '' ? undefined : n;
        };
        return {
          candidate: {
            awb: row.cell('awb'),
            chargedWeightKg: num('chargedWeightKg'),
            lengthCm: num('lengthCm'),
            breadthCm: num('breadthCm'),
            heightCm: num('heightCm'),
            hubPhotoUrl: row.cell('hubPhotoUrl').trim(),
          },
          problems,
        };
      },
      build: (row) => row,
      unique: {
        key: (r) => r.awb.toUpperCase(),
        repeated: (r, first) => ({ column: 'awb', reason: `AWB ${r.awb} appears earlier in this file (row ${first})` }),
      },
      // each chunk's shipments are read and priced while the chunk before is written
      prepare(records) {
        const now = deps.now();
        return assessReports(
          deps,
          deps.db,
          records.map((r) => ({
            awb: r.input.awb,
            weighing: {
              deadWeightKg: r.input.chargedWeightKg,
              lengthCm: r.input.lengthCm,
              breadthCm: r.input.breadthCm,
              heightCm: r.input.heightCm,
              ...(r.input.hubPhotoUrl ? { photoUrl: r.input.hubPhotoUrl } : {}),
            },
            at: now,
          })),
        );
      },
      async write(tx, _records, assessment) {
        const results = await recordDiscrepancies(deps, tx, assessment, 'FILE');
        outcomes = outcomes.concat(results);
        return {
          written: results.filter((o) => o.kind === 'raised').length,
          refused: results.flatMap((o, at) =>
            o.kind === 'refused' ? [{ at, problem: { column: o.column, reason: o.reason } }] : [],
          ),
        };
      },
      async afterCommit() {
        const told = outcomes;
        outcomes = [];
        await noticeRaised(deps, told);
      },
    };
  },
};
