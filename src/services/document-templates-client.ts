import { API_DOCUMENT_TEMPLATES, type DocumentTemplatesView } from '../domain/document-templates-contract';
import type { DocumentKind } from '../domain/documents/template-settings';
import { dataOf } from './answer';
import type { Http } from './types';

// The document templates area's calls (src/domain/document-templates-contract.ts).

export const fetchDocumentTemplates = (http: Http): Promise<DocumentTemplatesView> =>
  dataOf(http.get(API_DOCUMENT_TEMPLATES.templates));

export const saveDocumentTemplate = (
  http: Http,
  kind: DocumentKind,
  settings: unknown,
): Promise<DocumentTemplatesView> => dataOf(http.put(API_DOCUMENT_TEMPLATES.template(kind), settings));

/** A sample of the document drawn with these settings (a PDF), not saved. */
export const previewDocumentTemplate = (http: Http, kind: DocumentKind, settings: unknown): Promise<Blob> =>
  http.downloadPost(API_DOCUMENT_TEMPLATES.preview(kind), settings);

/** The first page of that sample as a PNG image (what the settings page shows). */
export const previewDocumentTemplateImage = (http: Http, kind: DocumentKind, settings: unknown): Promise<Blob> =>
  http.downloadPost(API_DOCUMENT_TEMPLATES.previewImage(kind), settings);
