/** The page's one style block (its hash is in the page's Content-Security-Policy). */
export const API_DOCS_STYLE =
  'body{font:15px/1.5 system-ui,sans-serif;max-width:960px;margin:0 auto;padding:16px;color:#1a2233}section{border:1px solid #dde3ee;border-radius:8px;padding:8px 16px;margin:12px 0}.m{display:inline-block;min-width:56px;text-align:center;border-radius:4px;color:#fff;font-size:12px;padding:2px 6px}.get{background:#1b7f4b}.post{background:#1f5fbf}.put{background:#9a6a00}.delete{background:#b3261e}.patch{background:#6b4fbb}.lock{font-size:12px;color:#6b7280}pre{background:#f5f7fb;padding:8px;overflow:auto}';

/** A readable API reference rendered from the OpenAPI document, with no external assets. */
export function apiDocsPage(
  doc: Record<string, unknown>,
  page: { title: string; documentUrl: string; intro?: string } = {
    title: 'Dakiya API reference',
    documentUrl: '/api/openapi.json',
  },
): string {
  const esc = (s: unknown) => String(s ?? '').replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
  const paths = doc.paths as Record<
    string,
    Record<
      string,
      {
        summary: string;
        tags: string[];
        security: unknown[];
        parameters: { name: string; in: string; required: boolean }[];
        requestBody?: { content: Record<string, { schema: unknown }> };
        responses: Record<string, { description: string }>;
      }
    >
  >;
  const byTag = new Map<string, string[]>();
  for (const [path, ops] of Object.entries(paths)) {
    for (const [method, op] of Object.entries(ops)) {
      const params = op.parameters
        .map((p) => `<code>${esc(p.name)}</code> (${esc(p.in)}${p.required ? ', required' : ''})`)
        .join(', ');
      const body = op.requestBody
        ? Object.entries(op.requestBody.content)
            .map(
              ([type, c]) =>
                `<details><summary>${esc(type)} body</summary><pre>${esc(JSON.stringify(c.schema, null, 2))}</pre></details>`,
            )
            .join('')
        : '';
      const answers = Object.entries(op.responses)
        .map(([code, r]) => `<li><b>${esc(code)}</b> ${esc(r.description)}</li>`)
        .join('');
      const html = `<section><h3><span class="m ${esc(method)}">${esc(method.toUpperCase())}</span> <code>${esc(path)}</code>${op.security.length ? ' <span class="lock">bearer</span>' : ''}</h3><p>${esc(op.summary)}</p>${params ? `<p>Parameters: ${params}</p>` : ''}${body}<ul>${answers}</ul></section>`;
      const tag = op.tags[0] ?? 'other';
      byTag.set(tag, [...(byTag.get(tag) ?? []), html]);
    }
  }
  const nav = [...byTag.keys()].map((t) => `<a href="#${esc(t)}">${esc(t)}</a>`).join(' · ');
  const sections = [...byTag.entries()].map(([t, ops]) => `<h2 id="${esc(t)}">${esc(t)}</h2>${ops.join('')}`).join('');
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${esc(page.title)}</title><style>${API_DOCS_STYLE}</style></head><body><h1>${esc(page.title)}</h1>${(
    page.intro ?? ''
  )
    .split('\n\n')
    .filter(Boolean)
    .map((para) => `<p>${esc(para)}</p>`)
    .join(
      '',
    )}<p>Machine-readable: <a href="${esc(page.documentUrl)}">${esc(page.documentUrl)}</a>. Answers are <code>{ "data": … }</code>; errors are <code>{ "errorMessage": … }</code> with header <code>X-Error-Message</code>.</p><nav>${nav}</nav>${sections}</body></html>`;
}
