import type { AppDeps } from '../../deps';
import type { Db } from '../../db/client';
import type { UploadKind } from '../../../src/domain/uploads-contract';
import type { CsvLayout, RowProblem } from './csv-cells';

// What one kind of CSV upload (products, new orders, order updates) brings to the shared upload
// routes and import job: its columns, its sample, how rows become records and how a chunk of
// records is written.

export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export interface CsvRow {
  /** 1-based line of the file, the header being row 1 */
  rowNumber: number;
  cells: string[];
  /** the cell of a column by name ('' when the file has no such column) */
  cell: (column: string) => string;
}

export interface ImportContext {
  orgId: number;
  accountId: number;
  uploadId: number;
  fileName: string;
}

export type ReadResult<T> = { input: T } | { problem: RowProblem; rowNumber: number };

export interface RecordImporter<T> {
  /** One record (a row, or the rows of one order) as input, or its first problem and the row it is on. */
  read(rows: CsvRow[]): ReadResult<T>;
  /** A key no two records of one file may share (SKU, order number), and what a repeat is told. */
  unique?: { key(input: T): string | null; repeated(input: T, firstRow: number): RowProblem };
  /**
   * Writes the good records of a chunk inside the chunk's transaction. Answers how many were
   * written and the ones refused on what the database holds (a taken SKU), by position.
   */
  write(
    tx: Tx,
    records: { rowNumber: number; input: T }[],
  ): Promise<{ written: number; refused: { at: number; problem: RowProblem }[] }>;
  /** Runs once a chunk has committed (stock alerts and the like). */
  afterCommit?(): Promise<void>;
}

export interface CsvImportKind<T = unknown> {
  kind: UploadKind;
  /** the background queue its imports run on */
  queue: string;
  layout: CsvLayout;
  sampleRows: string[][];
  /** file name stem of downloads: dakiya-<stem>-sample.csv, <stem>-upload-<id>-errors.csv */
  fileStem: string;
  /** what a data row is called in messages ("product rows") */
  rowNoun: string;
  /** Consecutive rows with the same non-empty group key are one record (the lines of one order). */
  groupKey?(cell: (column: string) => string): string;
  open(deps: AppDeps, ctx: ImportContext): Promise<RecordImporter<T>>;
}
