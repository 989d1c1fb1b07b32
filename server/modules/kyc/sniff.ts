import { fileTypeFromBuffer } from 'file-type';
import { KYC_RULES } from '../../../src/domain/kyc-contract';

// A KYC document's type from its bytes (the `file-type` package reads the magic numbers of
// hundreds of formats), never from its name or the browser's word: a ".pdf" that is not a PDF
// is refused, and a PDF named ".jpg" is kept as a PDF.

export type DocumentType = (typeof KYC_RULES.documentTypes)[number];

export async function sniffDocument(bytes: Uint8Array): Promise<DocumentType | null> {
  const found = await fileTypeFromBuffer(bytes).catch(() => undefined);
  const mime = found?.mime as string | undefined;
  return (KYC_RULES.documentTypes as readonly string[]).includes(mime ?? '') ? (mime as DocumentType) : null;
}
