// The document templates area's operations (label, invoice and proof-of-delivery layouts) and
// their answers.

import * as v from 'valibot';
import { operation } from './operation';
import { numericId } from './params';
import { UploadAnswerSchema } from './account-contract';
import { IMAGE_TOO_LARGE } from './constants';
import {
  DOCUMENT_KIND_NAMES,
  InvoiceTemplateSchema,
  LabelTemplateSchema,
  PodTemplateSchema,
} from './documents/template-settings';

const TAG = 'document-templates';
const NO_TEMPLATES = 'the plan has no document templates';

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

/** Saves one kind's template: its settings, answered with the templates as they now stand. */
const saveTemplate = <S extends v.GenericSchema>(kind: 'LABEL' | 'INVOICE' | 'POD', body: S) =>
  operation({
    method: 'put',
    path: `/api/v1/document-templates/${kind}`,
    tag: TAG,
    body,
    summary: `Saves the ${DOCUMENT_KIND_NAMES[kind].toLowerCase()} template`,
    errors: { 403: NO_TEMPLATES },
    response: DocumentTemplatesViewSchema,
  });

const LABEL_PREVIEW =
  'A sample label sheet drawn with these label settings (not saved): one 4x6 label, or an A4 sheet of four';
const INVOICE_PREVIEW = 'A sample tax invoice drawn with these invoice settings (not saved)';

/** A sample of the document drawn with these settings (a PDF), not saved. */
const preview = <S extends v.GenericSchema>(kind: 'LABEL' | 'INVOICE', body: S, summary: string) =>
  operation({
    method: 'post',
    path: `/api/v1/document-templates/${kind}/preview`,
    tag: TAG,
    body,
    summary,
    errors: { 403: NO_TEMPLATES },
    response: { file: 'application/pdf' },
  });

/** The first page of that sample as a PNG image (what the settings page shows). */
const previewImage = <S extends v.GenericSchema>(kind: 'LABEL' | 'INVOICE', body: S, summary: string) =>
  operation({
    method: 'post',
    path: `/api/v1/document-templates/${kind}/preview-image`,
    tag: TAG,
    body,
    summary: `${summary}: its first page as a PNG image`,
    errors: { 403: NO_TEMPLATES, 503: 'this server cannot draw images' },
    response: { file: 'image/*' },
  });

export const API_DOCUMENT_TEMPLATES = {
  templates: operation({
    method: 'get',
    path: '/api/v1/document-templates',
    tag: TAG,
    summary: 'The label, invoice and proof-of-delivery templates, with the pickup addresses to return parcels to',
    errors: { 403: NO_TEMPLATES },
    response: DocumentTemplatesViewSchema,
  }),
  save: {
    LABEL: saveTemplate('LABEL', LabelTemplateSchema),
    INVOICE: saveTemplate('INVOICE', InvoiceTemplateSchema),
    POD: saveTemplate('POD', PodTemplateSchema),
  },
  preview: {
    LABEL: preview('LABEL', LabelTemplateSchema, LABEL_PREVIEW),
    INVOICE: preview('INVOICE', InvoiceTemplateSchema, INVOICE_PREVIEW),
  },
  previewImage: {
    LABEL: previewImage('LABEL', LabelTemplateSchema, LABEL_PREVIEW),
    INVOICE: previewImage('INVOICE', InvoiceTemplateSchema, INVOICE_PREVIEW),
  },
  /** A product's image, printed beside its item lines on labels and invoices when the template asks. */
  productImage: operation({
    method: 'post',
    path: '/api/v1/products/:productId/image',
    tag: TAG,
    multipart: true,
    params: v.object({ productId: numericId('productId') }),
    summary:
      'Uploads a product’s image (field "file"; PNG, JPEG or WEBP up to 1 MB), printed on labels and invoices that show item images',
    errors: { 404: 'no such product of yours', 413: IMAGE_TOO_LARGE, 415: 'not a PNG, JPEG or WEBP image' },
    response: UploadAnswerSchema,
  }),
};
