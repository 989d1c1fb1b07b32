import type { StaffPermission } from '../../../src/domain/staff-permissions';
import type { Permission } from '../../../src/domain/permissions';
import type * as v from 'valibot';
import type { AppDeps } from '../../deps';
import type { Db, Tx } from '../../db/client';
import type { Paged } from '../../../src/domain/paging';
import type { UploadKind, UploadOperations, UploadPagingQuery } from '../../../src/domain/uploads-contract';
import type { Operation } from '../../../src/domain/operation';
import { fieldLabel } from '../../../src/domain/schemas/labels';

// What one kind of CSV upload (products, new orders, order updates) brings to the upload engine:
// its columns with the labels the seller sees, its row schema and its row handler. The engine
// (routes, service, import job) knows no kind by name; the composition root hands it the list.

/** A CSV column: its header (as in the sample file) and its label in messages. */
export interface UploadColumn {
  name: string;
  label: string;
  required: boolean;
}

/** A column whose label is the field's label (src/domain/schemas/labels.ts). */
export const column = (name: string, required = false): UploadColumn => ({ name, label: fieldLabel(name), required });

export interface CsvRow {
  /** 1-based line of the file, the header being row 1 */
  rowNumber: number;
  cells: string[];
  /** the cell of a column by name ('' when the file has no such column) */
  cell: (column: string) => string;
}

/**
 * One problem of a record: its column (a header) and what is wrong. A message may start with the
 * column's name ("quantity must be…"); the engine puts the column's label there.
 */
export interface RowProblem {
  column: string;
  reason: string;
  /** which row of the record (0 unless a record has several rows) */
  at?: number;
}

export interface ImportContext {
  /** the uploading seller's organisation (0 for a staff kind, whose rows name their sellers) */
  orgId: number;
  accountId: number;
  uploadId: number;
  fileName: string;
}

export interface RecordHandler<S, T, P = undefined> {
  /**
   * A record (a row, or the rows of one order) as the row schema's input, with the problems
   * found reading its cells (a number that is not one, a name not on file). Every problem is
   * told; the schema's issues on columns already told are not told twice.
   */
  read(rows: CsvRow[]): { candidate: unknown; problems: RowProblem[] };
  /** The record to write, once the schema passed and nothing was wrong. */
  build(parsed: S, rows: CsvRow[]): T;
  /** A key no two records of one file may share (SKU, order number), and what a repeat is told. */
  unique?: { key(input: T): string | null; repeated(input: T, firstRow: number): RowProblem };
  /**
   * Makes the good records of a chunk ready, outside any transaction and while the chunk before
   * is being written; `write` gets the answer: what they need read from the database (only reads
   * that take no locks, which a transaction under READ COMMITTED would see no more firmly) and
   * work that needs no transaction (the rows' JSON).
   */
  prepare?(records: { rowNumber: number; input: T }[]): Promise<P>;
  /**
   * Writes the good records of a chunk inside the chunk's transaction. Answers how many were
   * written and the ones refused on what the database holds (a taken SKU), by position.
   */
  write(
    tx: Tx,
    records: { rowNumber: number; input: T }[],
    prepared: P,
  ): Promise<{ written: number; refused: { at: number; problem: RowProblem }[] }>;
  /** Runs once a chunk has committed (stock alerts and the like). */
  afterCommit?(): Promise<void>;
}

/** An extra paged list of a kind's uploads (the batch history of new orders). */
export interface UploadHistoryRoute<R> {
  /** its operation (src/domain/*-contract.ts), answering the page `list` makes */
  op: Operation<undefined, typeof UploadPagingQuery, undefined, v.GenericSchema>;
  list(db: Db, orgId: number, q: { pageNumber: number; recordsPerPage: number }): Promise<Paged<R>>;
}

export interface CsvKind<S = unknown, T = unknown> {
  kind: UploadKind;
  /** its operations (src/domain/*-contract.ts: uploadOperations), each with its path and OpenAPI tag */
  ops: UploadOperations;
  /** who uploads it: sellers (the default, each seeing their own) or staff (a courier's file) */
  audience?: 'SELLER' | 'STAFF';
  /** a seller kind's team permissions: to read its uploads, and to upload (the OWNER alone when omitted) */
  permissions?: { view: Permission; upload: Permission };
  /** a staff kind's staff permission (src/domain/staff-permissions.ts; the ADMIN alone when omitted) */
  staffPermission?: StaffPermission;
  /** the background queue its imports run on */
  queue: string;
  columns: readonly UploadColumn[];
  sampleRows: string[][];
  /** file name stem of downloads: dakiya-<stem>-sample.csv, <stem>-upload-<id>-errors.csv */
  fileStem: string;
  /** what a data row is called in messages ("product rows") */
  rowNoun: string;
  /** the rule of one record, in the API's field names (the form's and API's schema where there is one) */
  rowSchema: v.GenericSchema<unknown, S>;
  /**
   * Where a schema issue belongs: the record's row and the column (default: the issue's top key,
   * row 0); null for a rule the handler's reading tells already.
   */
  issueAt?(path: (string | number)[], message: string): { at: number; column: string } | null;
  /** Consecutive rows with the same non-empty group key are one record (the lines of one order). */
  groupKey?(cell: (column: string) => string): string;
  history?: UploadHistoryRoute<unknown>;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- each kind's own prepared shape, met only by its own write
  open(deps: AppDeps, ctx: ImportContext): Promise<RecordHandler<S, T, any>>;
}

/** A field's name, or a few lowercase words naming it, before what is said of it. */
const SUBJECT = /^([a-z][A-Za-z0-9]*(?: [a-z0-9]+){0,3}?)(: | must | may | cannot | is )/;

/**
 * A problem's reason in the seller's words: the column's label in place of the field's name
 * ("quantity must be…" → "Quantity must be…", "buyerPhone: …" → "Buyer phone: …"). A reason
 * that starts as a sentence of its own is left as it is.
 */
export function reasonIn(label: string, reason: string): string {
  const m = SUBJECT.exec(reason);
  return m ? `${label}${m[2]}${reason.slice(m[0].length)}` : reason;
}
