import type { ApiAnswer } from '../domain/account-contract';

/** Every answer is `{ data: T }` (ARCHITECTURE.md); Http resolves with that body. */
export async function dataOf<T>(answer: Promise<ApiAnswer<T>>): Promise<T> {
  return (await answer).data;
}
