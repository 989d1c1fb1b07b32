// A file's display name, as uploaded by anyone: only its last path part, without control or
// direction-changing characters, at most 200 characters. Kept like that when stored, and sent
// in Content-Disposition as a plain ASCII name plus the exact name in RFC 6266's filename*.

export const FILE_NAME_MAX = 200;

// C0 and C1 controls, DEL, and the bidirectional overrides that make "gpj.exe" read "exe.jpg"
// eslint-disable-next-line no-control-regex -- the controls are exactly what this removes
const UNSAFE_CHARS = /[\u0000-\u001f\u007f-\u009f\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;

/** The name to keep and show: base name only, no controls, trimmed, `fallback` when nothing is left. */
export function safeFileName(raw: string, fallback = 'file'): string {
  const base = raw.normalize('NFC').replace(UNSAFE_CHARS, '').split(/[/\\]/).pop() ?? '';
  const trimmed = base.trim().replace(/^\.+/, '').trim();
  // cut by code points, so a name is never left holding half a surrogate pair
  const cut = Array.from(trimmed).slice(0, FILE_NAME_MAX).join('');
  return cut || fallback;
}

/** RFC 5987's value encoding: UTF-8 percent-encoded, leaving only attr-chars bare. */
function extValue(name: string): string {
  return encodeURIComponent(name).replace(/['()*]/g, (ch) => `%${ch.charCodeAt(0).toString(16).toUpperCase()}`);
}

/** `inline` or `attachment` with the name made safe: an ASCII filename and, when it differs, filename*. */
export function contentDisposition(kind: 'inline' | 'attachment', raw: string): string {
  const name = safeFileName(raw);
  const ascii = name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\%]/g, '_');
  return ascii === name
    ? `${kind}; filename="${ascii}"`
    : `${kind}; filename="${ascii}"; filename*=UTF-8''${extValue(name)}`;
}
