import * as v from 'valibot';
import type { ApiRouter } from '../../http/router';
import type { AppDeps } from '../../deps';
import { badRequest } from '../../http/errors';
import { numericId } from '../../../src/domain/params';
import { readMultipart } from '../../http/validate';
import { pdfAttachment } from '../../documents/pdf-buffer';
import { firstPagePng, pngResponse } from '../../documents/pdf-image';
import { IMAGE_TOO_LARGE } from '../files/service';
import { UploadAnswerSchema } from '../../../src/domain/account-contract';
import { LIMITS } from '../../../src/domain/constants';
import {
  API_DOCUMENT_TEMPLATES,
  API_PRODUCT_IMAGE,
  DocumentTemplatesViewSchema,
} from '../../../src/domain/document-templates-contract';
import {
  DOCUMENT_KIND_NAMES,
  InvoiceTemplateSchema,
  LabelTemplateSchema,
  PodTemplateSchema,
  type InvoiceTemplate,
  type LabelTemplate,
} from '../../../src/domain/documents/template-settings';
import { invoicePreviewPdf, labelPreviewPdf } from './preview';
import * as store from './service';
import { fileLinks } from '../files/links';

const TAG = 'document-templates';
const SELLERS = { kind: 'user', accountTypes: ['SELLER'] } as const;
const UPLOAD_ENVELOPE_BYTES = 16 * 1024;

export function registerDocumentTemplateRoutes(router: ApiRouter, deps: AppDeps) {
  router.add({
    method: 'get',
    path: API_DOCUMENT_TEMPLATES.templates,
    tag: TAG,
    access: SELLERS,
    permission: 'setup.view',
    summary: 'The label, invoice and proof-of-delivery templates, with the pickup addresses to return parcels to',
    errors: { 403: 'the plan has no document templates' },
    response: DocumentTemplatesViewSchema,
    handler: ({ caller }) => store.templatesView(deps.db, caller.orgId),
  });
  const kinds = [
    ['LABEL', LabelTemplateSchema],
    ['INVOICE', InvoiceTemplateSchema],
    ['POD', PodTemplateSchema],
  ] as const;
  for (const [kind, schema] of kinds) {
    router.add({
      method: 'put',
      path: API_DOCUMENT_TEMPLATES.template(kind),
      tag: TAG,
      access: SELLERS,
      permission: 'setup.manage',
      body: schema,
      summary: `Saves the ${DOCUMENT_KIND_NAMES[kind].toLowerCase()} template`,
      errors: { 403: 'the plan has no document templates' },
      response: DocumentTemplatesViewSchema,
      handler: ({ caller, body }) =>
        store.saveTemplate(deps.db, caller.orgId, caller.accountId, kind, body, deps.now()),
    });
  }
  const previews = [
    [
      'LABEL',
      LabelTemplateSchema,
      'label',
      'A sample label sheet drawn with these label settings (not saved): one 4x6 label, or an A4 sheet of four',
    ],
    ['INVOICE', InvoiceTemplateSchema, 'invoice', 'A sample tax invoice drawn with these invoice settings (not saved)'],
  ] as const;
  const drawPreview = (kind: 'LABEL' | 'INVOICE', orgId: number, body: LabelTemplate | InvoiceTemplate) =>
    kind === 'LABEL'
      ? labelPreviewPdf(deps.db, orgId, body as LabelTemplate, deps.now())
      : invoicePreviewPdf(deps.db, orgId, body as InvoiceTemplate, deps.now());
  for (const [kind, schema, name, summary] of previews) {
    router.add({
      method: 'post',
      path: API_DOCUMENT_TEMPLATES.preview(kind),
      tag: TAG,
      access: SELLERS,
      permission: 'setup.view',
      body: schema,
      summary,
      errors: { 403: 'the plan has no document templates' },
      response: { file: 'application/pdf' },
      handler: async ({ caller, body }) =>
        pdfAttachment(`${name}-preview.pdf`, await drawPreview(kind, caller.orgId, body)),
    });
    router.add({
      method: 'post',
      path: API_DOCUMENT_TEMPLATES.previewImage(kind),
      tag: TAG,
      access: SELLERS,
      permission: 'setup.view',
      body: schema,
      summary: `${summary}: its first page as a PNG image`,
      errors: { 403: 'the plan has no document templates', 503: 'this server cannot draw images' },
      response: { file: 'image/*' },
      handler: async ({ caller, body }) => pngResponse(await firstPagePng(await drawPreview(kind, caller.orgId, body))),
    });
  }
  router.add({
    method: 'post',
    path: API_PRODUCT_IMAGE(':productId'),
    tag: TAG,
    access: SELLERS,
    permission: 'setup.manage',
    multipart: true,
    params: v.object({ productId: numericId('productId') }),
    maxBody: { bytes: LIMITS.imageUploadMaxBytes + UPLOAD_ENVELOPE_BYTES, message: IMAGE_TOO_LARGE },
    summary:
      'Uploads a product’s image (field "file"; PNG, JPEG or WEBP up to 1 MB), printed on labels and invoices that show item images',
    errors: { 404: 'no such product of yours', 413: IMAGE_TOO_LARGE, 415: 'not a PNG, JPEG or WEBP image' },
    response: UploadAnswerSchema,
    handler: async ({ c, caller, params }) => {
      const form = (await readMultipart(c)) ?? {};
      const file = form.file;
      if (!(file instanceof File)) throw badRequest('file: a multipart field named "file" with the image is required');
      const bytes = new Uint8Array(await file.arrayBuffer());
      return store.setProductImage(
        deps.db,
        caller.orgId,
        params.productId,
        { name: file.name, bytes },
        deps.now(),
        fileLinks(deps),
      );
    },
  });
}
