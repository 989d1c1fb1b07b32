import { and, count, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { documentTemplates, organisations, pickupAddresses, productImages, products } from '../../db/schema';
import { badRequest, notFound } from '../../http/errors';
import { storeImage } from '../files/service';
import type { FileLinks } from '../files/links';
import { assertPlanAllows, planAllows } from '../plans/plan-gate';
import type { DocumentTemplatesView } from '../../../src/domain/document-templates-contract';
import type { DocumentKind, DocumentTemplates } from '../../../src/domain/documents/template-settings';
import { savedTemplate } from './template-for';
import { livePickupAddresses } from './product-images';

// The seller's document templates: read with what the settings page needs, and saved one kind at
// a time. Every call is scoped by the caller's organisation and passes the plan's gate.

export async function templatesView(db: Db, orgId: number): Promise<DocumentTemplatesView> {
  await assertPlanAllows(db, orgId, 'documentTemplates');
  const [label, invoice, pod, branded, addresses, [org], [images]] = await Promise.all([
    savedTemplate(db, orgId, 'LABEL'),
    savedTemplate(db, orgId, 'INVOICE'),
    savedTemplate(db, orgId, 'POD'),
    planAllows(db, orgId, 'customBranding'),
    livePickupAddresses(db, orgId),
    db
      .select({ logo: organisations.companyLogoFileId, sign: organisations.companySignFileId })
      .from(organisations)
      .where(eq(organisations.id, orgId)),
    db.select({ n: count() }).from(productImages).where(eq(productImages.orgId, orgId)),
  ]);
  return {
    LABEL: label,
    INVOICE: invoice,
    POD: pod,
    brandColourApplies: branded,
    pickupAddresses: addresses.map((a) => ({ addressId: a.id, name: a.entityName, city: a.city })),
    hasLogo: Boolean(org?.logo),
    hasSignature: Boolean(org?.sign),
    productsWithImages: images?.n ?? 0,
  };
}

/** A chosen return pickup address must be one of the seller's own live addresses. */
async function checkReturnAddress(db: Db, orgId: number, settings: DocumentTemplates[DocumentKind]) {
  if (!('returnAddress' in settings) || settings.returnAddress !== 'PICKUP_ADDRESS') return;
  const [own] = await db
    .select({ id: pickupAddresses.id })
    .from(pickupAddresses)
    .where(
      and(
        eq(pickupAddresses.id, settings.returnPickupAddressId!),
        eq(pickupAddresses.orgId, orgId),
        isNull(pickupAddresses.deletedAt),
      ),
    );
  if (!own) throw badRequest('Return pickup address is not one of your pickup addresses');
}

export async function saveTemplate<K extends DocumentKind>(
  db: Db,
  orgId: number,
  accountId: number,
  kind: K,
  settings: DocumentTemplates[K],
  now: Date,
): Promise<DocumentTemplatesView> {
  await assertPlanAllows(db, orgId, 'documentTemplates');
  await checkReturnAddress(db, orgId, settings);
  await db
    .insert(documentTemplates)
    .values({ orgId, kind, settings: settings as Record<string, unknown>, updatedBy: accountId, updatedAt: now })
    .onConflictDoUpdate({
      target: [documentTemplates.orgId, documentTemplates.kind],
      set: { settings: settings as Record<string, unknown>, updatedBy: accountId, updatedAt: now },
    });
  return templatesView(db, orgId);
}

/** Stores an image for one of the seller's products (printed beside its item lines); another seller's product is a 404. */
export async function setProductImage(
  db: Db,
  orgId: number,
  productId: number,
  file: { name: string; bytes: Uint8Array },
  now: Date,
  links: FileLinks,
): Promise<{ url: string }> {
  const [own] = await db
    .select({ id: products.id })
    .from(products)
    .where(and(eq(products.id, productId), eq(products.orgId, orgId)));
  if (!own) throw notFound('No such product');
  const fileId = await storeImage(db, { orgId, name: file.name, bytes: file.bytes, now });
  await db
    .insert(productImages)
    .values({ productId, orgId, fileId, updatedAt: now })
    .onConflictDoUpdate({ target: productImages.productId, set: { fileId, updatedAt: now } });
  return { url: links(fileId) };
}
