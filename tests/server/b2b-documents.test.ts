import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { lorryReceiptPdf, type LorryReceiptData } from '../../server/documents/lorry-receipt';
import { freightBoxLabelsPdf } from '../../server/documents/freight-box-labels';
import { freightProofOfDeliveryPdf } from '../../server/documents/freight-proof-of-delivery';
import { readPdf, solidPng } from './pdf-reader';

// The B2B freight documents read as a person and a hub's scanner read them: text by pdftotext,
// barcodes by zbarimg, page sizes by pdfinfo.

const consignor = {
  businessName: 'Kaveri Home Textiles Pvt Ltd',
  gstin: '29AAPFU0939F1ZV',
  address: '14, 2nd Cross, Peenya Industrial Area',
  city: 'Bengaluru',
  state: 'Karnataka',
  pincode: '560058',
  phone: '+919876543210',
};
const consignee = {
  businessName: 'Shree Ganesh Distributors',
  gstin: '27AAPFU0939F1ZV',
  address: 'Gala 7, Bhiwandi Logistics Park',
  city: 'Bhiwandi',
  state: 'Maharashtra',
  pincode: '421302',
  phone: '9123456780',
};

const lr: LorryReceiptData = {
  lrNumber: '700123456',
  carrierName: 'Gati',
  orderNumber: 'B2B-1001',
  // 10:00 IST on 27 Nov 2026
  bookedAt: new Date('2026-11-27T04:30:00Z'),
  consignor,
  consignee,
  goodsDescription: 'Cotton bedsheets',
  boxes: [
    { lengthCm: 60, breadthCm: 40, heightCm: 40, weightKg: 12.5, count: 2 },
    { lengthCm: 30, breadthCm: 30, heightCm: 30, weightKg: 5, count: 1 },
  ],
  invoices: [
    {
      number: 'INV/26/0042',
      date: '2026-11-26',
      valuePaise: 1_25_000_00,
      ewayBillNumber: '391002703919',
      ewayBillExpiresAt: new Date('2026-11-29T18:30:00Z'),
    },
    { number: 'INV/26/0043', date: '2026-11-26', valuePaise: 12_500_50, ewayBillNumber: null, ewayBillExpiresAt: null },
  ],
  freightPayment: 'TO_PAY',
  risk: 'CARRIER',
  handover: 'PICKUP',
  appointment: { date: '2026-12-02', startTime: '10:00', endTime: '10:30', poNumbers: ['PO-88121', 'PO-88122'] },
  chargedPaise: 4_720_00,
};

describe('the lorry receipt copy', () => {
  it('prints the LR as a barcode, both parties with GSTINs, boxes, invoices with e-way bills and the terms', async () => {
    const pdf = readPdf(await lorryReceiptPdf(lr));
    expect(pdf.pages).toBe(1);
    expect(pdf.barcodes).toEqual(['700123456']);
    const text = pdf.text.replace(/\s+/g, ' ');
    for (const words of [
      'Lorry receipt',
      'LR 700123456',
      'Booked 27 Nov 2026, 10:00 am IST',
      'Kaveri Home Textiles Pvt Ltd',
      'GSTIN 29AAPFU0939F1ZV',
      'Shree Ganesh Distributors',
      'GSTIN 27AAPFU0939F1ZV',
      'Bhiwandi, Maharashtra - 421302',
      'Ph +91 98765 43210',
      'Ph +91 91234 56780',
      '60 × 40 × 40 cm',
      '12.5 kg',
      '3 boxes · 30 kg in all · Cotton bedsheets',
      'INV/26/0042',
      '26 Nov 2026',
      '₹1,25,000.00',
      '₹12,500.50',
      '391002703919 (valid until midnight at the end of 29 Nov 2026)',
      'None needed',
      'Consignment value ₹1,37,500.50',
      'To pay: the consignee pays the freight on delivery',
      "Carrier's risk",
      'Picked up from the consignor',
      '02 Dec 2026, 10:00 to 10:30 IST · PO PO-88121, PO-88122',
      '₹4,720.00 (GST included)',
    ])
      expect(text).toContain(words);
  });

  it('says when the consignee has no GSTIN, no appointment was asked and a bill still lacks its vehicle', async () => {
    const text = readPdf(
      await lorryReceiptPdf({
        ...lr,
        consignee: { ...consignee, gstin: null },
        appointment: null,
        freightPayment: 'PAID',
        risk: 'OWNER',
        handover: 'SELF_DROP',
        chargedPaise: null,
        invoices: [{ ...lr.invoices[0], ewayBillExpiresAt: null }],
      }),
    ).text.replace(/\s+/g, ' ');
    expect(text).toContain('Unregistered (no GSTIN)');
    expect(text).toContain('None asked');
    expect(text).toContain('391002703919 (vehicle not yet given)');
    expect(text).toContain('Paid: the consignor paid the freight at booking');
    expect(text).toContain("Owner's risk");
    expect(text).toContain("Dropped at the carrier's hub by the consignor");
    expect(text).not.toContain('Charged');
  });
});

describe('box labels', () => {
  it('prints one 100 × 150 mm page a box, in order, each with its AWB barcode, the LR and the route', async () => {
    const boxNumbers = Array.from({ length: 12 }, (_, i) => `70012345600${String(i + 1).padStart(2, '0')}`);
    const bytes = await freightBoxLabelsPdf({
      lrNumber: '700123456',
      carrierName: 'Delhivery LTL',
      orderNumber: 'B2B-1001',
      consignor,
      consignee,
      boxNumbers,
      boxes: boxNumbers.map((_, i) => ({ lengthCm: 50, breadthCm: 40, heightCm: 30, weightKg: i < 10 ? 8 : 4.25 })),
    });
    const pdf = readPdf(bytes, 150);
    expect(pdf.pages).toBe(12);
    expect(pdf.barcodes).toEqual(boxNumbers);
    const pages = pdf.text.split('\f');
    expect(pages[2]).toContain('Box 3 of 12');
    expect(pages[11]).toContain('Box 12 of 12');
    expect(pages[11]).toContain('4.25 kg');
    for (const page of pages.slice(0, 12)) {
      expect(page).toContain('LR 700123456');
      expect(page).toContain('Shree Ganesh Distributors');
      expect(page.replace(/\s+/g, ' ')).toContain('Bengaluru 560058 → Bhiwandi 421302');
    }
    // 100 × 150 mm is 283 × 425 points
    const info = execFileSync('pdfinfo', ['-'], { input: bytes }).toString();
    expect(info).toMatch(/Page size:\s+283\.46\d* x 425\.19\d* pts/);
  });
});

describe('the proof of delivery', () => {
  const pod = {
    lrNumber: '700123456',
    carrierName: 'Gati',
    orderNumber: 'B2B-1001',
    seller: 'Kaveri Home Textiles Pvt Ltd',
    consignee,
    bookedAt: lr.bookedAt,
    // 3:45 pm IST on 01 Dec 2026
    deliveredAt: new Date('2026-12-01T10:15:00Z'),
    receiverName: 'R. Patil (stores)',
    boxesDelivered: 3,
    boxCount: 3,
    image: { kind: 'STAMP' as const, bytes: solidPng(120, 120, [20, 40, 160]) },
    issuedAt: new Date('2026-12-01T11:00:00Z'),
  };

  it('prints the receiver, the time in IST, the boxes delivered and the stamp the carrier gave', async () => {
    const pdf = readPdf(await freightProofOfDeliveryPdf(pod));
    const text = pdf.text.replace(/\s+/g, ' ');
    expect(pdf.barcodes).toEqual(['700123456']);
    expect(text).toContain('Delivered 01 Dec 2026, 03:45 pm IST');
    expect(text).toContain('Received by R. Patil (stores)');
    expect(text).toContain('Boxes delivered 3 of 3');
    expect(text).toContain("Consignee's stamp");
    expect(pdf.images).toBe(1);
  });

  it('says how many boxes are still to come after a part delivery, and when no image was given', async () => {
    const pdf = readPdf(await freightProofOfDeliveryPdf({ ...pod, boxesDelivered: 2, image: null }));
    const text = pdf.text.replace(/\s+/g, ' ');
    expect(text).toContain('Boxes delivered 2 of 3 (1 not yet delivered)');
    expect(text).toContain('The carrier gave no stamp or signature for this delivery.');
    expect(pdf.images).toBe(0);
  });
});
