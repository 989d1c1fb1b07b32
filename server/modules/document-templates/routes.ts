import type { ApiRouter } from '../../http/router';
import type { AppDeps } from '../../deps';
import { badRequest } from '../../http/errors';
import { readMultipart } from '../../http/validate';
import { pdfAttachment } from '../../documents/pdf-buffer';
import { firstPagePng, pngResponse } from '../../documents/pdf-image';
import { IMAGE_TOO_LARGE } from '../files/service';
import { LIMITS } from '../../../src/domain/constants';
import { API_DOCUMENT_TEMPLATES } from '../../../src/domain/document-templates-contract';
import type {
  DocumentKind,
  DocumentTemplates,
  InvoiceTemplate,
  LabelTemplate,
} from '../../../src/domain/documents/template-settings';
import { invoicePreviewPdf, labelPreviewPdf } from './preview';
import * as store from './service';
import { fileLinks } from '../files/links';

const SELLERS = { kind: 'user', accountTypes: ['SELLER'] } as const;
const UPLOAD_ENVELOPE_BYTES = 16 * 1024;
const VIEW = { access: SELLERS, permission: 'setup.view' } as const;
const MANAGE = { access: SELLERS, permission: 'setup.manage' } as const;

export function registerDocumentTemplateRoutes(router: ApiRouter, deps: AppDeps) {
  router.route(API_DOCUMENT_TEMPLATES.templates, {
    ...VIEW,
    handler: ({ caller }) => store.templatesView(deps.db, caller.orgId),
  });
  // each kind's template is saved on a path of its own, its body checked by the kind's schema
  const save = <K extends DocumentKind>(kind: K, orgId: number, accountId: number, body: DocumentTemplates[K]) =>
    store.saveTemplate(deps.db, orgId, accountId, kind, body, deps.now());
  router.route(API_DOCUMENT_TEMPLATES.save.LABEL, {
    ...MANAGE,
    handler: ({ caller, body }) => save('LABEL', caller.orgId, caller.accountId, body),
  });
  router.route(API_DOCUMENT_TEMPLATES.save.INVOICE, {
    ...MANAGE,
    handler: ({ caller, body }) => save('INVOICE', caller.orgId, caller.accountId, body),
  });
  router.route(API_DOCUMENT_TEMPLATES.save.POD, {
    ...MANAGE,
    handler: ({ caller, body }) => save('POD', caller.orgId, caller.accountId, body),
  });
  // a preview is drawn with the settings sent (not saved): the PDF, or its first page as an image
  const label = (orgId: number, body: LabelTemplate) => labelPreviewPdf(deps.db, orgId, body, deps.now());
  const invoice = (orgId: number, body: InvoiceTemplate) => invoicePreviewPdf(deps.db, orgId, body, deps.now());
  router.route(API_DOCUMENT_TEMPLATES.preview.LABEL, {
    ...VIEW,
    handler: async ({ caller, body }) => pdfAttachment('label-preview.pdf', await label(caller.orgId, body)),
  });
  router.route(API_DOCUMENT_TEMPLATES.previewImage.LABEL, {
    ...VIEW,
    handler: async ({ caller, body }) => pngResponse(await firstPagePng(await label(caller.orgId, body))),
  });
  router.route(API_DOCUMENT_TEMPLATES.preview.INVOICE, {
    ...VIEW,
    handler: async ({ caller, body }) => pdfAttachment('invoice-preview.pdf', await invoice(caller.orgId, body)),
  });
  router.route(API_DOCUMENT_TEMPLATES.previewImage.INVOICE, {
    ...VIEW,
    handler: async ({ caller, body }) => pngResponse(await firstPagePng(await invoice(caller.orgId, body))),
  });
  router.route(API_DOCUMENT_TEMPLATES.productImage, {
    ...MANAGE,
    maxBody: { bytes: LIMITS.imageUploadMaxBytes + UPLOAD_ENVELOPE_BYTES, message: IMAGE_TOO_LARGE },
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
