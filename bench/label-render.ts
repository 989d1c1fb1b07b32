import { labelsPdf, type LabelData } from '../server/documents/shipping-label';

// `node --import tsx bench/label-render.ts N`: renders N 4x6 labels into one PDF, as a seller's
// bulk print does, in this process alone, and prints one JSON line: the time, the PDF's size, and
// the process's resident memory before and at its peak. The shipping bench runs it apart, so that
// what other benches left in the bench's own process does not count in the rendering's memory.

const count = Number(process.argv[2] ?? 1000);
const sample: LabelData = {
  awb: '',
  carrierName: 'Delhivery Surface',
  routingCode: 'KAR/560/DE',
  orderNumber: '',
  orderDate: '20 Nov 2026',
  paymentMethod: 'COD',
  codAmountPaise: 145_000,
  totalPaise: 145_000,
  sellerName: 'Meera Crafts',
  buyer: {
    name: 'Kavya Reddy',
    phone: '9988776655',
    line1: '12, 4th Cross, Indiranagar',
    line2: '',
    city: 'Bengaluru',
    state: 'Karnataka',
    pincode: '560038',
  },
  returnTo: {
    name: 'Meera Crafts Johari Bazaar',
    phone: '9123456780',
    line1: '23, Johari Bazaar',
    line2: 'Pink City',
    city: 'Jaipur',
    state: 'Rajasthan',
    pincode: '302003',
  },
  items: [
    { name: 'Blue Pottery Vase', sku: 'BPV-12', quantity: 1 },
    { name: 'Brass Diya (set of 2)', sku: 'DIYA-2', quantity: 2 },
  ],
  deadWeightKg: 1.2,
  chargedWeightKg: 2.5,
  dimensionsCm: '20 × 20 × 30',
};
const labels = Array.from({ length: count }, (_, i) => ({
  ...sample,
  awb: `14${String(1_000_000_000_000 + i)}`,
  orderNumber: `ORD-${String(i + 1).padStart(6, '0')}`,
}));
const startRss = process.memoryUsage().rss;
let peakRss = startRss;
const sampler = setInterval(() => (peakRss = Math.max(peakRss, process.memoryUsage().rss)), 20);
const t0 = performance.now();
const pdf = await labelsPdf(labels, '4x6');
const labelMs = performance.now() - t0;
clearInterval(sampler);
peakRss = Math.max(peakRss, process.memoryUsage().rss);
console.log(JSON.stringify({ labelMs, pdfBytes: pdf.length, peakRss, startRss }));
