// The stand-in stores' small admin pages: plain HTML forms (no script), one style sheet.

export const STANDIN_STYLE = `body{margin:0;font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;background:#f4f6f4;color:#1a1f1a}
main{max-width:880px;margin:0 auto;padding:16px}
h1{font-size:1.25rem;margin:8px 0 4px}h2{font-size:1rem;margin:20px 0 8px}
.card{background:#fff;border-radius:10px;padding:14px;box-shadow:0 1px 4px rgba(0,0,0,.12);margin:10px 0;overflow-wrap:anywhere}
.muted{color:#555;font-size:.875rem}
label{display:block;font-size:.875rem;margin-top:8px}
input,select{width:100%;box-sizing:border-box;padding:8px;border:1px solid #888;border-radius:6px;font-size:1rem}
button{margin-top:12px;padding:10px 16px;border-radius:6px;border:0;background:#1f6f43;color:#fff;font-size:1rem;font-weight:600;cursor:pointer}
button.secondary{background:#fff;color:#1f6f43;border:1px solid #1f6f43}
button:focus-visible,input:focus-visible,select:focus-visible{outline:3px solid #f5a623;outline-offset:2px}
table{width:100%;border-collapse:collapse;font-size:.875rem}td,th{text-align:left;padding:6px;border-bottom:1px solid #ddd;vertical-align:top}
.banner{background:#fff8e6;border-radius:8px;padding:8px 10px;font-size:.8125rem}
code{font-size:.8125rem;word-break:break-all}`;

export const escapeHtml = (s: unknown) => String(s ?? '').replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);

export function standinPage(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title><style>${STANDIN_STYLE}</style></head><body><main>
<p class="banner">Stand-in store for development and tests: it follows the platform’s documented API, and no real store is involved.</p>
${body}</main></body></html>`;
}
