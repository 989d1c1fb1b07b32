// Weight photos (a dispute's four, a freeze's) go through the upload-progress machine.

import type { Http } from './types';
import { API_WEIGHT } from '../domain/weight-contract';
import { sendFile } from './call';
import { photoUploadMachine } from '../machines/photo-upload';

// A stored photo opens only through the signed link its upload answered (the file itself is
// private), so the link is kept here by the photo's id for the form to show it.
const uploadedLinks = new Map<string, string>();

/** The signed link the upload of this photo answered ('' when this page did not upload it). */
export const uploadedPhotoUrl = (fileId: string): string => uploadedLinks.get(fileId) ?? '';

/** A weight photo through the upload-progress machine, sent with the weight area's photo upload. */
export const weightPhotos = (http: Http) =>
  photoUploadMachine(async (file) => {
    const name = (file as unknown as { name?: string }).name ?? 'photo';
    const stored = await sendFile(http, API_WEIGHT.evidence, { blob: file as unknown as Blob, name });
    if (stored.fileId) uploadedLinks.set(stored.fileId, stored.url);
    return stored.fileId ?? '';
  });
