// Paths and answers of the document templates area (label, invoice and proof-of-delivery layouts).

import * as v from 'valibot';
import {
  InvoiceTemplateSchema,
  LabelTemplateSchema,
  PodTemplateSchema,
  type DocumentKind,
} from './documents/template-settings';

export const API_DOCUMENT_TEMPLATES = {
  templates: '/api/v1/document-templates', // GET → DocumentTemplatesView
  template: (kind: DocumentKind | ':kind') => `/api/v1/document-templates/${kind}`, // PUT settings → DocumentTemplatesView
  preview: (kind: DocumentKind | ':kind') => `/api/v1/document-templates/${kind}/preview`, // POST settings → application/pdf
  previewImage: (kind: DocumentKind | ':kind') => `/api/v1/document-templates/${kind}/preview-image`, // POST settings → image/png (first page)
} as const;

/** The seller's three templates as saved, and what the settings page needs beside them. */
export const DocumentTemplatesViewSchema = v.object({
  LABEL: LabelTemplateSchema,
  INVOICE: InvoiceTemplateSchema,
  POD: PodTemplateSchema,
  /** whether the chosen brand colour prints (the plan's custom branding); else the default does */
  brandColourApplies: v.boolean(),
  /** the seller's live pickup addresses, to choose the return address from */
  pickupAddresses: v.array(v.object({ addressId: v.number(), name: v.string(), city: v.string() })),
  hasLogo: v.boolean(),
  hasSignature: v.boolean(),
  /** products of the catalogue with an image (what "item images" can print) */
  productsWithImages: v.number(),
});
export type DocumentTemplatesView = v.InferOutput<typeof DocumentTemplatesViewSchema>;

/** A product's image, printed beside its item lines on labels and invoices when the template asks. */
export const API_PRODUCT_IMAGE = (productId: number | string) => `/api/v1/products/${productId}/image`; // POST multipart "file"
