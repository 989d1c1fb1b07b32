import type { ApiRouter } from '../../http/router';
import { readMultipart } from '../../http/validate';
import type { AppDeps } from '../../deps';
import { badRequest } from '../../http/errors';
import { csvAttachment } from '../../http/csv';
import type { CsvKind } from './kind';
import * as store from './service';

const SELLERS = { kind: 'user', accountTypes: ['SELLER'] } as const;
const STAFF = { kind: 'user', accountTypes: ['DAKIYA'] } as const;
// the multipart envelope around a file of the largest allowed size
const ENVELOPE_BYTES = 64 * 1024;

/** Every kind's upload routes: sample, upload, history, latest, one, errors (and a kind's own history list). */
export function registerUploadRoutes(router: ApiRouter, deps: AppDeps, kinds: readonly CsvKind[]) {
  for (const kind of kinds) registerKindRoutes(router, deps, kind);
}

function registerKindRoutes(router: ApiRouter, deps: AppDeps, kind: CsvKind) {
  if (kind.audience === 'STAFF') registerRoutesFor(router, deps, kind, STAFF, () => null);
  else registerRoutesFor(router, deps, kind, SELLERS, (caller) => caller.orgId);
}

/** The routes of a kind for its audience; `ownerOf` scopes the uploads (a seller's organisation, or none for staff). */
function registerRoutesFor<A extends typeof SELLERS | typeof STAFF>(
  router: ApiRouter,
  deps: AppDeps,
  kind: CsvKind,
  access: A,
  ownerOf: (caller: { orgId: number | null }) => number | null,
) {
  const { ops } = kind;
  const who = { access, staffPermission: kind.staffPermission };
  const view = { ...who, permission: kind.permissions?.view };
  router.route(
    {
      ...ops.sample,
      returns: `text/csv attachment dakiya-${kind.fileStem}-sample.csv: the header (${kind.columns.map((c) => c.name).join(',')}) and example rows`,
    },
    { ...view, handler: () => csvAttachment(`dakiya-${kind.fileStem}-sample.csv`, store.sampleCsv(kind)) },
  );
  router.route(ops.latest, {
    ...view,
    handler: ({ caller }) => store.latestUpload(deps.db, kind, ownerOf(caller)),
  });
  router.route(ops.history, {
    ...view,
    handler: ({ caller, query }) => store.listUploads(deps.db, kind, ownerOf(caller), query),
  });
  router.route(ops.upload, {
    ...who,
    permission: kind.permissions?.upload,
    maxBody: {
      bytes: store.MAX_UPLOAD_BYTES + ENVELOPE_BYTES,
      message: 'The file is larger than 50 MB; split it into smaller files',
    },
    handler: async ({ c, caller }) => {
      const form = await readMultipart(c);
      if (!form) throw badRequest('Send the file as multipart/form-data in the field "file"');
      const file = form.file;
      if (!(file instanceof File)) throw badRequest('file: choose a CSV file to upload');
      return store.acceptUpload(
        deps,
        kind,
        { orgId: ownerOf(caller), accountId: caller.accountId },
        file.name,
        new Uint8Array(await file.arrayBuffer()),
      );
    },
  });
  router.route(ops.status, {
    ...view,
    handler: ({ caller, params }) => store.getUpload(deps.db, kind, ownerOf(caller), params.uploadId),
  });
  router.route(ops.errorCsv, {
    ...view,
    handler: async ({ caller, params }) =>
      csvAttachment(
        `${kind.fileStem}-upload-${params.uploadId}-errors.csv`,
        await store.errorsCsv(deps.db, kind, ownerOf(caller), params.uploadId),
      ),
  });
  const history = kind.history;
  if (history)
    router.route(history.op, {
      ...view,
      handler: ({ caller, query }) => history.list(deps.db, ownerOf(caller) ?? 0, query),
    });
}
