import * as v from 'valibot';
import { ApiKeyBody } from './schemas/open-api';

// The API key form's one rule, the server's own schema: a name of 1 to 60 characters.

/** Why this name cannot be sent, or null. */
export function apiKeyNameProblem(name: string): string | null {
  const r = v.safeParse(ApiKeyBody, { name });
  return r.success ? null : r.issues[0].message;
}
