// Weight photos (a dispute's four, a freeze's) go through the upload-progress machine.

import type { Http } from './types';
import { uploadWeightPhoto } from './weight-client';
import { photoUploadMachine } from '../machines/photo-upload';

/** A weight photo through the upload-progress machine, sent with the weight area's photo upload. */
export const weightPhotos = (http: Http) =>
  photoUploadMachine(
    async (file) => (await uploadWeightPhoto(http, file as unknown as Blob & { name: string })).fileId ?? '',
  );
