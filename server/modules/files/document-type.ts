import { detectImageType, type ImageType } from './image-type';

// The type of an uploaded document (an image or a PDF) from its first bytes, never from its name.

export type DocumentType = ImageType | 'application/pdf';

export function detectDocumentType(bytes: Uint8Array): DocumentType | null {
  // "%PDF-" opens every PDF file
  if ([0x25, 0x50, 0x44, 0x46, 0x2d].every((x, i) => bytes[i] === x)) return 'application/pdf';
  return detectImageType(bytes);
}
