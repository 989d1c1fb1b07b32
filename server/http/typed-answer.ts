import * as v from 'valibot';

/**
 * A route's answer checked by its TypeScript type only (the handler must return T); the OpenAPI
 * document shows no shape for it. For answers whose contract is still an interface rather than a
 * valibot schema.
 */
export const typedAnswer = <T>() => v.custom<T>(() => true);
