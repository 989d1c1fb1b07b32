import type { Context } from 'hono';
import { ApiError } from './errors';

// A JSON body is read as text and its nesting measured before it is parsed: a body of
// `[[[[…]]]]` 20,000 deep fits under the 100 KB limit, and anything that walks it recursively
// (the unsafe-text scan, the schemas) would overflow the stack. The scan is one loop over the
// characters with a counter (no recursion, no stack of its own), so it costs one pass.

/** The deepest nesting of arrays and objects any operation takes; real bodies stay under 6. */
export const MAX_JSON_DEPTH = 32;

export const JSON_TOO_DEEP = `Request body is nested too deeply (more than ${MAX_JSON_DEPTH} levels of lists and objects)`;
export const JSON_INVALID = 'Request body must be valid JSON';

const OPEN_BRACKET = 0x5b; // [
const OPEN_BRACE = 0x7b; // {
const CLOSE_BRACKET = 0x5d; // ]
const CLOSE_BRACE = 0x7d; // }
const QUOTE = 0x22; // "
const BACKSLASH = 0x5c; // \

/** Whether the text opens more than `max` arrays or objects inside one another (brackets within texts do not count). */
export function jsonNestingExceeds(text: string, max: number): boolean {
  let depth = 0;
  for (let i = 0; i < text.length; i++) {
    const ch = text.charCodeAt(i);
    if (ch === QUOTE) {
      // a text: jump to its closing quote, one not escaped by an odd run of backslashes
      let end = text.indexOf('"', i + 1);
      while (end !== -1) {
        let slashes = 0;
        while (text.charCodeAt(end - 1 - slashes) === BACKSLASH) slashes++;
        if (slashes % 2 === 0) break;
        end = text.indexOf('"', end + 1);
      }
      if (end === -1) return false; // an unclosed text: JSON.parse refuses it
      i = end;
    } else if (ch === OPEN_BRACKET || ch === OPEN_BRACE) {
      if (++depth > max) return true;
    } else if (ch === CLOSE_BRACKET || ch === CLOSE_BRACE) depth--;
  }
  return false;
}

/** 400 when a JSON text nests deeper than MAX_JSON_DEPTH (for bodies kept as text, e.g. signed webhooks). */
export function assertJsonDepth(text: string): void {
  if (jsonNestingExceeds(text, MAX_JSON_DEPTH)) throw new ApiError(400, JSON_TOO_DEEP);
}

/** The request's JSON body; 400 when it is not JSON or nests deeper than MAX_JSON_DEPTH. */
export async function readJsonBody(c: Context): Promise<unknown> {
  const text = await c.req.text().catch((e: unknown) => {
    if (e instanceof ApiError) throw e;
    throw new ApiError(400, JSON_INVALID);
  });
  assertJsonDepth(text);
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new ApiError(400, JSON_INVALID);
  }
}
