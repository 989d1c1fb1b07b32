// The OpenAPI document with every named schema ($ref to components.schemas) written where it is
// used, for the tests that read an operation's schemas one at a time (a JSON Schema validator,
// the input fuzz's sample values).

type Json = Record<string, unknown>;
const COMPONENT = '#/components/schemas/';

export function inlineSchemas(doc: unknown): unknown {
  const schemas = ((doc as { components?: { schemas?: Json } }).components?.schemas ?? {}) as Json;
  const inline = (node: unknown): unknown => {
    if (Array.isArray(node)) return node.map(inline);
    if (!node || typeof node !== 'object') return node;
    const { $ref, ...rest } = node as Json;
    if (typeof $ref === 'string' && $ref.startsWith(COMPONENT))
      return { ...(inline(schemas[$ref.slice(COMPONENT.length)]) as Json), ...(inline(rest) as Json) };
    return Object.fromEntries(Object.entries(node).map(([k, v]) => [k, inline(v)]));
  };
  return { ...(doc as Json), paths: inline((doc as { paths: unknown }).paths) };
}
