import type * as v from 'valibot';
import { toJsonSchemaDefs } from '@valibot/to-json-schema';

// The OpenAPI document's JSON schemas, converted from the operations' valibot schemas in one pass:
// a named schema (./named-schemas.ts) becomes a components.schemas entry, referenced with $ref
// wherever it appears; any other schema is written where it is used.

type Json = Record<string, unknown>;

export const COMPONENT_SCHEMAS = '#/components/schemas/';
/** Where the converter points at a definition it made itself (a schema of one operation, or a lazy one). */
const OWN_DEFINITION = '#/$defs/';
/** The key of a schema that is not named: no contract exports a schema by such a name. */
const OWN_KEY = '__inline';

export interface DocumentSchemas {
  /** The schema where it is used: a $ref for a named one, else the schema itself. */
  use(schema: v.GenericSchema): unknown;
  /** The schema written out, named or not (a query's or path's properties become parameters). */
  spelled(schema: v.GenericSchema): Json;
  /** The named schemas the document refers to (directly or through another), for components.schemas. */
  components(document: unknown): Record<string, unknown>;
}

/** Converts every schema the document uses, with `named` (schema → component name) as its components. */
export function documentSchemas(
  named: ReadonlyMap<v.GenericSchema, string>,
  used: Iterable<v.GenericSchema>,
): DocumentSchemas {
  const definitions: Record<string, v.GenericSchema> = {};
  for (const [schema, name] of named) definitions[name] = schema;
  const own = new Map<v.GenericSchema, string>();
  for (const schema of used) {
    if (named.has(schema) || own.has(schema)) continue;
    const key = `${OWN_KEY}${own.size}`;
    own.set(schema, key);
    definitions[key] = schema;
  }
  const names = new Set(named.values());
  const converted = toJsonSchemaDefs(definitions, {
    errorMode: 'ignore',
    overrideRef: ({ referenceId }) => (names.has(referenceId) ? COMPONENT_SCHEMAS + referenceId : null),
  }) as Record<string, unknown>;
  // a schema of one operation that sits inside another's is written out there, as it would be alone
  const resolve = (node: unknown): unknown => {
    if (Array.isArray(node)) return node.map(resolve);
    if (!node || typeof node !== 'object') return node;
    const ref = (node as Json).$ref;
    if (typeof ref === 'string' && ref.startsWith(OWN_DEFINITION)) {
      const { $ref: _ref, ...rest } = node as Json;
      return { ...(resolve(converted[ref.slice(OWN_DEFINITION.length)]) as Json), ...rest };
    }
    return Object.fromEntries(Object.entries(node).map(([k, value]) => [k, resolve(value)]));
  };
  const written = new Map<string, Json>();
  const writtenOut = (key: string): Json => {
    let out = written.get(key);
    if (!out) written.set(key, (out = resolve(converted[key]) as Json));
    return out;
  };
  return {
    use: (schema) => {
      const name = named.get(schema);
      return name ? { $ref: COMPONENT_SCHEMAS + name } : writtenOut(own.get(schema) as string);
    },
    spelled: (schema) => writtenOut(named.get(schema) ?? (own.get(schema) as string)),
    // only what is referred to: Redocly's lint refuses components nobody uses
    components: (document) =>
      componentsUsedBy(document, Object.fromEntries([...names].map((name) => [name, writtenOut(name)]))),
  };
}

/** The components.schemas entries a part of a document refers to, taken from the whole document's. */
export function componentsUsedBy(part: unknown, all: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  const visit = (node: unknown): void => {
    if (Array.isArray(node)) return node.forEach(visit);
    if (!node || typeof node !== 'object') return;
    const ref = (node as Json).$ref;
    if (typeof ref === 'string' && ref.startsWith(COMPONENT_SCHEMAS)) {
      const name = ref.slice(COMPONENT_SCHEMAS.length);
      if (!(name in out) && name in all) {
        out[name] = all[name];
        visit(all[name]);
      }
    }
    Object.values(node).forEach(visit);
  };
  visit(part);
  return Object.fromEntries(Object.entries(out).sort(([a], [b]) => a.localeCompare(b)));
}
