import type * as v from 'valibot';
import { operation } from './operation';

// A staff decision on one record (a COD payout, a dispute): a POST under the record's path, with
// its body, what it says and when it is refused; listed among the corporate operations.

/** The staff's operations are listed among the corporate ones in the OpenAPI document. */
export const STAFF_TAG = 'corporate';

/** The decisions on one kind of record: `base` is the record's path (with its id parameter). */
export const staffActionsOf =
  <P extends v.GenericSchema, R extends v.GenericSchema>(base: string, params: P, response: R, notFound: string) =>
  <B extends v.GenericSchema | undefined>(action: string, body: B, summary: string, conflict: string) =>
    operation({
      method: 'post',
      path: `${base}/${action}`,
      tag: STAFF_TAG,
      params,
      body,
      summary,
      response,
      errors: { 404: notFound, 409: conflict },
    });
