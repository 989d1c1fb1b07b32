import { call } from '../../services/call';
import { useHttp } from '../../services/screen-services';
import type { AnswerOf, AnyOperation, InputOf } from '../../domain/operation';
import { useRequest, type RequestOptions } from './use-request';

/**
 * One operation of an area's contract for a screen: call() through the request machine. The
 * input is read when the call runs (a page's current month, filter or id); a screen that runs it
 * on an action passes the input to run() instead.
 */
export function useOperation<O extends AnyOperation, P = void>(
  op: O,
  input: InputOf<O> | ((params: P) => InputOf<O>),
  options: RequestOptions<AnswerOf<O>> = {},
) {
  const http = useHttp();
  return useRequest<AnswerOf<O>, P>(
    (params) => call(http, op, ...([typeof input === 'function' ? input(params) : input] as [InputOf<O>])),
    options,
  );
}
