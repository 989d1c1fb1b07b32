import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { files, organisations, products } from '../../db/schema';
import { labelsPdf, type LabelAddress, type LabelData } from '../../documents/shipping-label';
import { taxInvoicesPdf } from '../../documents/tax-invoice';
import { assertPlanAllows, planAllows } from '../plans/plan-gate';
import { formatDate, istDay } from '../../../src/domain/format';
import { invoiceTotals } from '../../../src/domain/gst-invoice';
import { effectiveBrandColour, labelsPerPage, returnAddressChoice } from '../../../src/domain/documents/template-rules';
import type { InvoiceTemplate, LabelTemplate } from '../../../src/domain/documents/template-settings';
import { livePickupAddresses, productImagesBySku } from './product-images';

// The settings page's preview: the real label and invoice documents drawn with the settings as
// they stand in the form (not yet saved), the seller's own name, logo, signature, addresses and
// catalogue, and sample buyers and parcels in place of orders.

const SAMPLE_BUYERS: LabelAddress[] = [
  {
    name: 'Aarav Sharma',
    phone: '9876543210',
    line1: '14, MG Road',
    line2: 'Near Metro Station',
    city: 'Bengaluru',
    state: 'Karnataka',
    pincode: '560001',
  },
  {
    name: 'Priya Nair',
    phone: '9812345678',
    line1: '7, Marine Drive',
    line2: '',
    city: 'Kochi',
    state: 'Kerala',
    pincode: '682031',
  },
  {
    name: 'Rohan Gupta',
    phone: '9898989898',
    line1: 'B-22, Sector 18',
    line2: '',
    city: 'Noida',
    state: 'Uttar Pradesh',
    pincode: '201301',
  },
  {
    name: 'Ishita Banerjee',
    phone: '9830098300',
    line1: '5, Park Street',
    line2: '',
    city: 'Kolkata',
    state: 'West Bengal',
    pincode: '700016',
  },
];
const SAMPLE_ITEMS = [
  { name: 'Sample product', sku: 'SAMPLE-1', pricePaise: 49_900, taxRatePercent: 18, hsnCode: '' },
  { name: 'Another product', sku: 'SAMPLE-2', pricePaise: 29_900, taxRatePercent: 12, hsnCode: '' },
];

async function sellerBasics(db: Db, orgId: number) {
  const [org] = await db.select().from(organisations).where(eq(organisations.id, orgId));
  const image = async (id: string | null) => {
    if (!id) return null;
    const [f] = await db.select({ content: files.content }).from(files).where(eq(files.id, id));
    return f ? Buffer.from(f.content, 'base64') : null;
  };
  const catalogue = await db
    .select()
    .from(products)
    .where(eq(products.orgId, orgId))
    .orderBy(asc(products.id))
    .limit(2);
  const items = catalogue.length
    ? catalogue.map((p) => ({
        name: p.productName,
        sku: p.sku,
        pricePaise: p.pricePaise,
        taxRatePercent: p.taxRatePercent,
        hsnCode: p.hsnCode,
      }))
    : SAMPLE_ITEMS;
  const addresses = await livePickupAddresses(db, orgId);
  const pickup: LabelAddress = addresses[0]
    ? {
        name: addresses[0].entityName,
        phone: addresses[0].phone,
        line1: addresses[0].addressLine1,
        line2: addresses[0].addressLine2 ?? '',
        city: addresses[0].city,
        state: addresses[0].state,
        pincode: addresses[0].pincode,
      }
    : {
        name: org.companyName,
        phone: '9000000000',
        line1: 'Your pickup address',
        line2: '',
        city: 'Jaipur',
        state: 'Rajasthan',
        pincode: '302001',
      };
  return {
    org,
    logo: await image(org.companyLogoFileId),
    signature: await image(org.companySignFileId),
    items,
    addresses,
    pickup,
    branded: await planAllows(db, orgId, 'customBranding'),
  };
}

export async function labelPreviewPdf(db: Db, orgId: number, template: LabelTemplate, now: Date): Promise<Buffer> {
  await assertPlanAllows(db, orgId, 'documentTemplates');
  const s = await sellerBasics(db, orgId);
  const choice = returnAddressChoice(
    template,
    s.addresses.map((a) => a.id),
  );
  const chosen = s.addresses.find((a) => a.id === choice.pickupAddressId);
  const returnTo: LabelAddress =
    choice.source === 'RTO'
      ? {
          name: template.rtoName,
          phone: template.rtoPhone,
          line1: template.rtoLine1,
          line2: template.rtoLine2,
          city: template.rtoCity,
          state: template.rtoState,
          pincode: template.rtoPincode,
        }
      : chosen
        ? {
            name: chosen.entityName,
            phone: chosen.phone,
            line1: chosen.addressLine1,
            line2: chosen.addressLine2 ?? '',
            city: chosen.city,
            state: chosen.state,
            pincode: chosen.pincode,
          }
        : s.pickup;
  const images = await productImagesBySku(
    db,
    orgId,
    s.items.map((i) => i.sku),
  );
  const print = { ...template, brandColour: effectiveBrandColour(template.brandColour, s.branded) };
  const labels: LabelData[] = SAMPLE_BUYERS.slice(0, labelsPerPage(template.pageLayout)).map((buyer, n) => {
    const cod = n % 2 === 0;
    const total = s.items.reduce((a, i) => a + i.pricePaise, 0);
    return {
      awb: `SAMPLE${String(1001 + n)}`,
      carrierName: 'Sample Courier',
      routingCode: 'BLR/SMP',
      orderNumber: `SAMPLE-${n + 1}`,
      orderDate: formatDate(istDay(now)),
      paymentMethod: cod ? 'COD' : 'PPD',
      codAmountPaise: cod ? total : 0,
      totalPaise: total,
      sellerName: s.org.companyName,
      buyer,
      returnTo,
      items: s.items.map((i) => ({
        name: i.name,
        sku: i.sku,
        quantity: 1,
        image: images.get(i.sku.toLowerCase()) ?? null,
      })),
      deadWeightKg: 0.5,
      chargedWeightKg: 0.5,
      dimensionsCm: '20 × 15 × 10',
      logo: s.logo,
      print,
    };
  });
  return labelsPdf(labels, template.pageLayout === 'A4_FOUR_UP' ? 'A4' : '4x6', true);
}

export async function invoicePreviewPdf(db: Db, orgId: number, template: InvoiceTemplate, now: Date): Promise<Buffer> {
  await assertPlanAllows(db, orgId, 'documentTemplates');
  const s = await sellerBasics(db, orgId);
  const buyer = SAMPLE_BUYERS[0];
  const images = template.showItemImages
    ? await productImagesBySku(
        db,
        orgId,
        s.items.map((i) => i.sku),
      )
    : new Map<string, Buffer>();
  const intra = buyer.state === s.pickup.state;
  return taxInvoicesPdf([
    {
      invoiceNumber: 'INV/SAMPLE-1',
      invoiceDate: formatDate(istDay(now)),
      orderNumber: 'SAMPLE-1',
      orderDate: formatDate(istDay(now)),
      awb: 'SAMPLE1001',
      seller: {
        name: s.org.companyName,
        gstin: s.org.gstin ?? '',
        address: [s.pickup.line1, s.pickup.line2, `${s.pickup.city} - ${s.pickup.pincode}`].filter(Boolean),
        state: s.pickup.state,
      },
      buyer: {
        name: buyer.name,
        phone: buyer.phone,
        address: [buyer.line1, buyer.line2, `${buyer.city} - ${buyer.pincode}`].filter(Boolean),
        state: buyer.state,
      },
      placeOfSupply: buyer.state,
      totals: invoiceTotals(
        s.items.map((i) => ({
          name: i.name,
          hsnCode: i.hsnCode,
          quantity: 1,
          unitPricePaise: i.pricePaise,
          taxRatePercent: i.taxRatePercent,
        })),
        0,
        0,
        intra,
      ),
      paymentMethod: 'COD',
      logo: template.showLogo ? s.logo : null,
      signature: template.showSignature ? s.signature : null,
      itemImages: s.items.map((i) => images.get(i.sku.toLowerCase()) ?? null),
      print: { ...template, brandColour: effectiveBrandColour(template.brandColour, s.branded) },
    },
  ]);
}
