import type { Context } from 'hono';
import type { Db } from '../../db/client';
import { B2B_ORDER_LIMITS, INVOICE_FILE_TEXT } from '../../../src/domain/b2b/order-facts';
import type { B2bInvoiceFile } from '../../../src/domain/b2b-contract';
import { receiveDocument } from '../files/receive-document';

// An invoice's file, uploaded before the order names it: checked by its content (PDF or image)
// and size, kept as the seller's private file. An order's invoice may name only its seller's own.

/** The body limit of an upload: the file and the multipart's own lines. */
export const INVOICE_FILE_MAX_BODY = {
  bytes: B2B_ORDER_LIMITS.invoiceFileMaxBytes + 16 * 1024,
  message: INVOICE_FILE_TEXT.tooLarge,
};

export function receiveInvoiceFile(
  deps: { db: Db; now: () => Date },
  c: Context,
  orgId: number,
): Promise<B2bInvoiceFile> {
  return receiveDocument(deps, c, orgId, {
    maxBytes: B2B_ORDER_LIMITS.invoiceFileMaxBytes,
    ...INVOICE_FILE_TEXT,
    missing: 'file: a multipart field named "file" with the invoice is required',
  });
}
