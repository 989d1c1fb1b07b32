import { and, eq } from 'drizzle-orm';
import * as v from 'valibot';
import type { Executor } from '../../db/client';
import { documentTemplates } from '../../db/schema';
import { planAllows } from '../plans/plan-gate';
import { effectiveBrandColour } from '../../../src/domain/documents/template-rules';
import {
  DEFAULT_TEMPLATES,
  TEMPLATE_SCHEMAS,
  type DocumentKind,
  type DocumentTemplates,
} from '../../../src/domain/documents/template-settings';

/** The settings a kind has saved, or its defaults; a field added since falls back to its default. */
export function settingsOrDefault<K extends DocumentKind>(kind: K, stored: unknown): DocumentTemplates[K] {
  const merged = { ...DEFAULT_TEMPLATES[kind], ...((stored as object | null) ?? {}) };
  const parsed = v.safeParse(TEMPLATE_SCHEMAS[kind], merged);
  return (parsed.success ? parsed.output : DEFAULT_TEMPLATES[kind]) as DocumentTemplates[K];
}

/** The saved settings of one kind as the seller chose them (the settings page's values). */
export async function savedTemplate<K extends DocumentKind>(db: Executor, orgId: number, kind: K) {
  const [row] = await db
    .select({ settings: documentTemplates.settings })
    .from(documentTemplates)
    .where(and(eq(documentTemplates.orgId, orgId), eq(documentTemplates.kind, kind)));
  return settingsOrDefault(kind, row?.settings ?? null);
}

/**
 * The template a document prints with: what the seller saved (or the defaults), with
 * `brandColour` already the colour that prints — the seller's only when the plan has custom
 * branding. Every document reads its template here, e.g. the proof of delivery:
 *
 *     const pod = await documentTemplateFor(db, orgId, 'POD');
 *     // { showLogo, showItemList, brandColour: '#rrggbb', customMessage }
 */
export async function documentTemplateFor<K extends DocumentKind>(
  db: Executor,
  orgId: number,
  kind: K,
): Promise<DocumentTemplates[K]> {
  const [template, branded] = await Promise.all([
    savedTemplate(db, orgId, kind),
    planAllows(db, orgId, 'customBranding'),
  ]);
  return { ...template, brandColour: effectiveBrandColour(template.brandColour, branded) };
}
