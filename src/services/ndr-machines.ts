import { fromPromise } from 'xstate';
import type { NdrBulkAnswer, NdrDetail } from '../domain/ndr-contract';
import { ndrActionMachine, type NdrSubmitInput } from '../machines/ndr-action.machine';
import type { EvidenceId } from '../domain/ndr-forms';
import { API_NDR } from '../domain/ndr-contract';
import { call, sendFile } from './call';
import type { Http } from './types';

// The NDR action machine bound to the real calls, in one place: one NDR goes through its own
// action call (a refusal is the dialog's error), a selection through the bulk call (refusals are
// per NDR); the courier's word on a request it has not answered yet is read back from the NDR.

const POLL_MS = 2_000;
const POLL_TRIES = 10;

const wait = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener('abort', () => (clearTimeout(timer), reject(signal.reason)), { once: true });
  });

/** The courier's answer on the seller's latest action, once it has one. */
function courierWord(detail: NdrDetail): { accepted: boolean; message: string } | null {
  const latest = [...detail.history].reverse().find((h) => h.action === detail.action);
  if (!latest) return null;
  if (latest.outcome === 'NOT_APPLIED') return { accepted: false, message: latest.note || 'The courier refused it' };
  // the courier took the request: its reference, or its word that it confirms later (a request id)
  if (detail.status === 'ACTION_TAKEN' && detail.courierAnswer)
    return { accepted: true, message: detail.courierAnswer };
  return latest.note || detail.status !== 'ACTION_TAKEN'
    ? { accepted: true, message: latest.note || 'The courier accepted it' }
    : null;
}

export function ndrActionBindings(http: Http) {
  return ndrActionMachine.provide({
    actors: {
      submit: fromPromise<NdrBulkAnswer, NdrSubmitInput>(async ({ input }) => {
        if (input.ndrIds.length !== 1)
          return call(http, API_NDR.bulkAction, { body: { ...input.request, ndrIds: input.ndrIds } });
        const outcome = await call(http, API_NDR.action, { params: { ndrId: input.ndrIds[0] }, body: input.request });
        return { results: [{ ndrId: outcome.ndrId, ok: true, outcome }], applied: 1, refused: 0 };
      }),
      awaitCourier: fromPromise<{ ndrId: number; accepted: boolean; message: string }[], { ndrIds: number[] }>(
        async ({ input, signal }) => {
          const words = new Map<number, { accepted: boolean; message: string }>();
          for (let i = 0; i < POLL_TRIES && words.size < input.ndrIds.length; i++) {
            await wait(POLL_MS, signal);
            for (const ndrId of input.ndrIds.filter((id) => !words.has(id))) {
              const word = courierWord(await call(http, API_NDR.one, { params: { ndrId } }));
              if (word) words.set(ndrId, word);
            }
          }
          return [...words].map(([ndrId, w]) => ({ ndrId, ...w }));
        },
      ),
      uploadEvidence: fromPromise<{ fileId: EvidenceId }, { file: Blob }>(({ input }) =>
        sendFile(http, API_NDR.evidence, { blob: input.file }),
      ),
    },
  });
}
