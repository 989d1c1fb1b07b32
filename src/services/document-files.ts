import { API_B2B } from '../domain/b2b-contract';
import type { UploadOperations } from '../domain/uploads-contract';
import type { ListQuery } from '../machines/list-query.machine';
import type { DownloadRequest } from '../machines/document-download.machine';
import { API_REPORTS } from '../domain/reports-contract';
import { downloadList } from './list-calls';
import { API_SHIPPING } from '../domain/shipping-contract';
import { API_COD } from '../domain/cod-contract';
import type { Http } from './types';
import { API_TEAM } from '../domain/team-contract';
import { API_WALLET } from '../domain/wallet-contract';
import { API_RETURNS } from '../domain/returns-contract';
import { API_SPLIT } from '../domain/split-contract';
import { call } from './call';

// Each kind of file the document-download machine fetches: which operation of which area's
// contract, and the name it is saved under. Loaded with the first download (use-document-download),
// so a page with a download button does not load every area's contract to draw it.

/** The shipped orders' documents of one PDF, with the file's name. */
const ORDER_DOCUMENTS = {
  LABELS: { op: API_SHIPPING.labels, name: 'labels' },
  INVOICES: { op: API_SHIPPING.invoices, name: 'invoices' },
  MANIFEST: { op: API_SHIPPING.manifest, name: 'manifest' },
} as const;

/** What LIST_EXPORT carries in `params`. */
export interface ListExportParams {
  path: string;
  query: ListQuery;
  filters?: Record<string, string | undefined>;
  fileName: string;
}

/** What UPLOAD_SAMPLE carries in `params` (UPLOAD_ERRORS adds the upload's id). */
export interface UploadFileParams {
  ops: UploadOperations;
  /** download names: dakiya-<stem>-sample.csv, <stem>-upload-<id>-errors.csv */
  fileStem: string;
  uploadId?: number;
}

/** A B2B order's documents, by the name the page asks for. */
export type B2bDocument = 'LR' | 'BOX_LABELS' | 'INVOICES' | 'POD';
const B2B_DOCUMENTS = {
  LR: { op: API_B2B.lrCopy, name: 'lr' },
  BOX_LABELS: { op: API_B2B.boxLabels, name: 'box-labels' },
  INVOICES: { op: API_B2B.invoiceSet, name: 'invoices' },
  POD: { op: API_B2B.pod, name: 'proof-of-delivery' },
} as const;

export async function fetchFile(http: Http, r: DownloadRequest): Promise<{ blob: Blob; fileName: string }> {
  const p = (r.params ?? {}) as Record<string, unknown>;
  switch (r.kind) {
    case 'LABELS':
    case 'INVOICES':
    case 'MANIFEST': {
      const ids = r.orderIds;
      const { op, name } = ORDER_DOCUMENTS[r.kind];
      return {
        blob: await call(http, op, { body: { orderIds: ids } }),
        fileName: `${name}-${ids.length === 1 ? ids[0] : `${ids.length}-orders`}.pdf`,
      };
    }
    case 'PENDING_DOCUMENTS': {
      const day = Number(p.pendingDay);
      const document = p.document === 'INVOICE' ? 'INVOICE' : 'LABEL';
      return {
        blob: await call(http, API_SHIPPING.pendingDocuments, { body: { pendingDay: day, document } }),
        fileName: `${document === 'LABEL' ? 'labels' : 'invoices'}-pending-${day}d.pdf`,
      };
    }
    case 'LIST_EXPORT': {
      const x = p as unknown as ListExportParams;
      return { blob: await downloadList(http, x.path, x.query, x.filters), fileName: `${x.fileName}.csv` };
    }
    case 'REPORT':
      return {
        blob: await call(http, API_REPORTS.download, { params: { reportId: Number(p.reportId) } }),
        fileName: String(p.fileName),
      };
    case 'COD_BANK_FILE': {
      const ids = p.payoutIds as number[];
      return {
        blob: await call(http, API_COD.bankFile, { query: { payoutIds: ids.join(',') } }),
        fileName: `cod-neft-${ids.length}-payouts.csv`,
      };
    }
    case 'MONTH_INVOICE':
      return {
        blob: await call(http, API_WALLET.invoicePdf, { params: { month: String(p.month) } }),
        fileName: `dakiya-invoice-${String(p.month)}.pdf`,
      };
    case 'SUBSCRIPTION_INVOICE':
      return {
        blob: await call(http, API_TEAM.invoicePdf, { params: { subscriptionId: Number(p.subscriptionId) } }),
        fileName: `dakiya-subscription-${Number(p.subscriptionId)}.pdf`,
      };
    case 'ITEMISED_SHEET':
      return {
        blob: await call(http, API_WALLET.itemisedSheet, { params: { month: String(p.month) } }),
        fileName: `dakiya-itemised-${String(p.month)}.csv`,
      };
    case 'MONTH_STATEMENT': {
      const format = p.format === 'csv' ? 'csv' : 'pdf';
      return {
        blob: await call(http, format === 'pdf' ? API_WALLET.statementPdf : API_WALLET.statementCsv, {
          params: { month: String(p.month) },
        }),
        fileName: `dakiya-statement-${String(p.month)}.${format}`,
      };
    }
    case 'UPLOAD_SAMPLE': {
      const x = p as unknown as UploadFileParams;
      return { blob: await call(http, x.ops.sample), fileName: `dakiya-${x.fileStem}-sample.csv` };
    }
    // private files read with the session's token by their address
    case 'KYC_DOCUMENT':
    case 'TICKET_ATTACHMENT':
      return { blob: await http.download(String(p.url)), fileName: String(p.name) };
    case 'PACKAGE_LABEL':
      return {
        blob: await call(http, API_SPLIT.packageLabel, {
          params: { orderId: Number(p.orderId), packageNo: Number(p.packageNo) },
        }),
        fileName: `label-${String(p.orderNumber ?? p.orderId)}-package-${Number(p.packageNo)}.pdf`,
      };
    case 'PROOF_OF_DELIVERY': {
      const id = Number(p.orderId);
      return {
        blob: await call(http, API_SHIPPING.proofOfDelivery, { params: { orderId: id } }),
        fileName: `proof-of-delivery-${String(p.orderNumber ?? id)}.pdf`,
      };
    }
    case 'RETURN_LABEL': {
      const id = Number(p.returnId);
      return {
        blob: await call(http, API_RETURNS.label, { params: { returnId: id }, query: { layout: '4x6' } }),
        fileName: `return-label-${String(p.returnNumber ?? id)}.pdf`,
      };
    }
    case 'B2B_DOCUMENT': {
      const { op, name } = B2B_DOCUMENTS[p.document as B2bDocument];
      const id = Number(p.orderId);
      return {
        blob: await call(http, op, { params: { orderId: id } }),
        fileName: `${name}-${String(p.orderNumber ?? id)}.pdf`,
      };
    }
    case 'UPLOAD_ERRORS': {
      const x = p as unknown as UploadFileParams;
      const id = Number(x.uploadId);
      return {
        blob: await call(http, x.ops.errorCsv, { params: { uploadId: id } }),
        fileName: `${x.fileStem}-upload-${id}-errors.csv`,
      };
    }
  }
}
