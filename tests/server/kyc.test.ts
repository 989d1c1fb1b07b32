import { readFileSync } from 'node:fs';
import { eq } from 'drizzle-orm';
import { gstinCheckChar } from '../../src/domain/gstin';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_KYC, KYC_RULES, panNameDiffersText } from '../../src/domain/kyc-contract';
import { MSG } from '../../src/domain/messages';
import { pathOf, type AnyOperation, type Operation } from '../../src/domain/operation';
import { answer, answerOf } from './call';
import { API_DASHBOARD } from '../../src/domain/dashboard-contract';
import { API_SHIPPING } from '../../src/domain/shipping-contract';
import { API_RETURNS } from '../../src/domain/returns-contract';
import { accounts, kycApplications, kycDecisions, organisations } from '../../server/db/schema';
import { SANDBOX_OTP } from '../../server/verification/sandbox-provider';
import { errorOf, type TestServer } from './harness';
import {
  completeKyc,
  creditWallet,
  demoTokens,
  newSeller,
  newShippableOrder,
  PRIYA,
  startDemoServer,
  TINY_PNG,
  uploadKycDocument,
  verifiedPickup,
} from './helpers';

// KYC through HTTP against the real database: every route, its validation naming the field by
// label, the sandbox's test identities (valid, invalid, name mismatch, provider down), documents'
// privacy, staff decisions and their audit, concurrent repeats, and the gate on booking.

const PDF = Buffer.from('%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n');

let n = 0;
const seq = () => ++n;

describe('KYC', () => {
  let s: TestServer;
  let staff: string;
  let meera: string;
  beforeAll(async () => {
    s = await startDemoServer();
    ({ staff, meera } = await demoTokens(s));
  });
  afterAll(() => s.close());

  /** A new seller; the account holder is Priya Nair (the sandbox identity's name) unless another is given. */
  async function fresh(name = 'Kyc Traders', holder: { firstName: string; lastName: string } | null = null) {
    const i = seq();
    const { token, claims } = await newSeller(s, {
      email: `kyc${i}@example.in`,
      phone: `98000${String(10000 + i).slice(-5)}`,
      companyName: `${name} ${i}`,
      ...holder,
    });
    return { token, orgId: claims.oid as number };
  }
  const ANIL = { firstName: 'Anil', lastName: 'Kumar' };
  /** A raw POST of an operation, whatever its body (the tests of bad input send bodies the type would refuse). */
  const post = (token: string, op: Pick<Operation, 'path'> | string, json?: unknown) =>
    s.request(typeof op === 'string' ? op : op.path, {
      method: 'POST',
      token,
      ...(json !== undefined ? { json } : {}),
    });
  /** A seller's step of the KYC form, sent as a raw POST; each one answers the KYC view. */
  const step = async <O extends AnyOperation>(token: string, op: O, json?: unknown) =>
    answerOf(op, await post(token, op, json));
  const refused = async (res: Response, status: number, message: string | RegExp) => {
    const e = await errorOf(res);
    expect(e.status, e.message).toBe(status);
    if (typeof message === 'string') expect(e.message).toBe(message);
    else expect(e.message).toMatch(message);
  };

  /**
   * An individual (PRIYA NAIR) with everything done but the submission. The account holder is Anil
   * Kumar unless told otherwise: the names differ, so the submission waits for staff.
   */
  async function readyIndividual(holder: { firstName: string; lastName: string } | null = ANIL) {
    const seller = await fresh('Kyc Traders', holder);
    await step(seller.token, API_KYC.saveValues, { accountType: 'INDIVIDUAL', profileName: PRIYA.profileName });
    await step(seller.token, API_KYC.panVerify, { panNumber: PRIYA.pan });
    await step(seller.token, API_KYC.aadharVerify, { aadharNumber: PRIYA.aadhaar });
    await step(seller.token, API_KYC.aadharSubmit, { otp: SANDBOX_OTP });
    for (const kind of ['PAN', 'AADHAAR_FRONT', 'AADHAAR_BACK'])
      await answerOf(API_KYC.upload, await uploadKycDocument(s, seller.token, kind, TINY_PNG, `${kind}.png`));
    await answerOf(API_KYC.upload, await uploadKycDocument(s, seller.token, 'PROFILE', PDF, 'me.pdf'));
    return seller;
  }

  describe('an individual, step by step', () => {
    it('saves each step, resumes it, shows the progress, and never keeps the full Aadhaar number', async () => {
      const { token, orgId } = await fresh();
      let v = await answer(s, API_KYC.inProgress, { token });
      expect(v).toMatchObject({ status: 'DRAFT', applicationId: null, editable: true });
      expect(v.progress.steps).toEqual(['business']);

      v = await step(token, API_KYC.saveValues, { accountType: 'INDIVIDUAL', profileName: 'Priya Nair' });
      expect(v.required).toEqual({
        steps: ['business', 'pan', 'aadhaar', 'documents', 'review'],
        checks: ['PAN', 'AADHAAR'],
        documents: ['PAN', 'AADHAAR_FRONT', 'AADHAAR_BACK', 'PROFILE'],
      });
      expect(v.progress.progress).toBe(14); // 1 of 7
      expect(v.progress.doneSteps).toEqual(['business']);

      v = await step(token, API_KYC.panVerify, { panNumber: 'abcpn 1234k' });
      expect(v).toMatchObject({ panVerified: true, panName: 'PRIYA NAIR', values: { panNumber: 'ABCPN1234K' } });

      v = await step(token, API_KYC.aadharVerify, { aadharNumber: '2345 6789 0124' });
      expect(v.values.aadharNumber).toBe('XXXX XXXX 0124');
      expect(v.aadhaarOtpSentTo).toBe('mobile ending 4321');
      expect(v.otpResendSeconds).toBe(KYC_RULES.otpResendSeconds);
      // the lockout is the server's as well as the screen's
      await refused(
        await post(token, API_KYC.aadharVerify, { aadharNumber: PRIYA.aadhaar }),
        429,
        MSG.otpResendWait(60),
      );
      await refused(await post(token, API_KYC.aadharSubmit, { otp: '654321' }), 422, MSG.incorrectOtp);
      v = await step(token, API_KYC.aadharSubmit, { otp: SANDBOX_OTP });
      expect(v).toMatchObject({ aadhaarVerified: true, aadhaarName: 'PRIYA NAIR', aadhaarOtpSentTo: null });

      const [row] = await s.deps.db.select().from(kycApplications).where(eq(kycApplications.orgId, orgId));
      expect(JSON.stringify(row)).not.toContain('234567890124');
      expect(row.aadhaarMasked).toBe('XXXX XXXX 0124');

      v = await answerOf(API_KYC.upload, await uploadKycDocument(s, token, 'PAN', TINY_PNG, 'pan card.png'));
      expect(v.documents).toMatchObject([
        { kind: 'PAN', name: 'pan card.png', contentType: 'image/png', status: 'UPLOADED' },
      ]);
      expect(v.progress.progress).toBe(57); // 4 of 7

      // resumable: every read answers what was saved
      const values = await answer(s, API_KYC.values, { token });
      expect(values).toMatchObject({
        accountType: 'INDIVIDUAL',
        profileName: 'Priya Nair',
        aadharNumber: 'XXXX XXXX 0124',
      });
      const docs = await answer(s, API_KYC.docs, { token });
      expect(docs.map((d) => d.kind)).toEqual(['PAN']);
      const progress = await answer(s, API_KYC.progress, { token });
      expect(progress.missing).toEqual([
        'upload the Aadhaar card (front)',
        'upload the Aadhaar card (back)',
        'upload the Photograph',
      ]);
      const details = await answer(s, API_KYC.details, { token });
      expect(details).toMatchObject({ status: 'DRAFT', submittedAt: null });
      const file = await s.request(docs[0].url, { token });
      expect(file.status).toBe(200);
      expect(file.headers.get('content-type')).toBe('image/png');
      expect(file.headers.get('cache-control')).toBe('private, no-store');
      expect(Buffer.from(await file.arrayBuffer())).toEqual(TINY_PNG);

      await refused(
        await post(token, API_KYC.submit),
        422,
        /^Your KYC is not complete yet: upload the Aadhaar card \(front\)/,
      );
    });

    it('submits, staff approve, the seller is verified and the audit says who and when', async () => {
      const seller = await readyIndividual();
      let v = await step(seller.token, API_KYC.submit);
      expect(v).toMatchObject({
        status: 'SUBMITTED',
        editable: false,
        reviewReason: "the name on the PAN, 'PRIYA NAIR', differs from the account holder's name, 'Anil Kumar'",
      });
      expect(v.progress.progress).toBe(100);
      await refused(
        await uploadKycDocument(s, seller.token, 'PAN', TINY_PNG),
        409,
        'Your KYC is waiting for review and cannot be changed now',
      );
      await refused(
        await post(seller.token, API_KYC.saveValues, { profileName: 'Priya R Nair' }),
        409,
        /waiting for review/,
      );

      const list = await answer(s, API_KYC.pendingApprovals, { token: staff });
      const row = list.items.find((r) => r.orgId === seller.orgId)!;
      expect(row).toMatchObject({
        status: 'SUBMITTED',
        businessType: 'INDIVIDUAL',
        documentCount: 4,
        profileName: 'Priya Nair',
      });
      expect(list.counts.SUBMITTED).toBeGreaterThan(0);
      const filtered = await answer(s, API_KYC.pendingApprovals, { query: { accountType: 'COMPANY' }, token: staff });
      expect(filtered.items.some((r) => r.orgId === seller.orgId)).toBe(false);
      const searched = await answer(s, API_KYC.pendingApprovals, {
        query: { searchPattern: 'ABCPN1234K' },
        token: staff,
      });
      expect(searched.items.some((r) => r.orgId === seller.orgId)).toBe(true);

      const one = await answer(s, API_KYC.staffApplication, {
        params: { applicationId: row.applicationId },
        token: staff,
      });
      expect(one.documents).toHaveLength(4);
      const pdf = one.documents.find((d) => d.kind === 'PROFILE')!;
      expect(pdf.url).toBe(pathOf(API_KYC.staffFile, { applicationId: row.applicationId, documentId: pdf.documentId }));
      const file = await s.request(pdf.url, { token: staff });
      expect(file.headers.get('content-type')).toBe('application/pdf');
      expect(Buffer.from(await file.arrayBuffer())).toEqual(PDF);

      const decided = await answer(s, API_KYC.status, {
        params: { applicationId: row.applicationId },
        body: { status: 'APPROVED', note: 'All documents clear' },
        token: staff,
      });
      expect(decided.status).toBe('APPROVED');
      expect(decided.documents.every((d) => d.status === 'ACCEPTED')).toBe(true);
      expect(decided.decisions.map((d) => [d.action, d.byName])).toEqual([
        ['SUBMITTED', 'Anil Kumar'],
        ['APPROVED', 'Kabir Menon'],
      ]);
      expect(decided.decisions[1]).toMatchObject({ note: 'All documents clear', at: s.clock.now.toISOString() });
      const [org] = await s.deps.db.select().from(organisations).where(eq(organisations.id, seller.orgId));
      expect(org).toMatchObject({ kycVerified: true, gstin: null });
      v = await answer(s, API_KYC.inProgress, { token: seller.token });
      expect(v).toMatchObject({
        status: 'APPROVED',
        decisionNote: 'All documents clear',
        editable: false,
        reviewReason: null,
      });
      // a repeat answers the application as it stands
      expect((await step(seller.token, API_KYC.submit)).status).toBe('APPROVED');
      await refused(await uploadKycDocument(s, seller.token, 'PAN', TINY_PNG), 409, 'Your KYC is verified already');
    });

    it('rejects with a remark per document; the seller uploads again only that one and resubmits', async () => {
      const seller = await readyIndividual();
      const { applicationId } = await step(seller.token, API_KYC.submit);
      const put = (json: unknown) =>
        s.request(pathOf(API_KYC.status, { applicationId: applicationId! }), { method: 'PUT', token: staff, json });
      await refused(await put({ status: 'REJECTED' }), 400, 'Remarks: give a remark on each document to upload again');
      await refused(
        await put({ status: 'REJECTED', remarks: [{ document: 'PAN', remark: 'no' }] }),
        400,
        'Remark must be 5 to 400 characters',
      );
      await refused(
        await put({ status: 'REJECTED', remarks: [{ document: 'GST', remark: 'Upload the GST certificate' }] }),
        400,
        'Remarks: no GST registration certificate was uploaded',
      );
      await refused(await put({ status: 'MAYBE' }), 400, 'Status must be one of Verified, Changes needed');
      const decided = await answerOf(
        API_KYC.status,
        await put({ status: 'REJECTED', remarks: [{ document: 'PAN', remark: 'The PAN card photo is blurred' }] }),
      );
      expect(decided.status).toBe('REJECTED');

      let v = await answer(s, API_KYC.inProgress, { token: seller.token });
      expect(v).toMatchObject({ status: 'REJECTED', editable: true });
      expect(v.documents.map((d) => [d.kind, d.status, d.remark])).toEqual([
        ['PAN', 'REJECTED', 'The PAN card photo is blurred'],
        ['AADHAAR_FRONT', 'ACCEPTED', null],
        ['AADHAAR_BACK', 'ACCEPTED', null],
        ['PROFILE', 'ACCEPTED', null],
      ]);
      await refused(await post(seller.token, API_KYC.submit), 422, 'Upload again: PAN card');
      await refused(
        await uploadKycDocument(s, seller.token, 'AADHAAR_FRONT', TINY_PNG),
        409,
        'Only the documents staff sent back can be uploaded again',
      );
      await refused(
        await post(seller.token, API_KYC.panVerify, { panNumber: PRIYA.pan }),
        409,
        /sent back for documents only/,
      );
      v = await answerOf(API_KYC.upload, await uploadKycDocument(s, seller.token, 'PAN', PDF, 'pan.pdf'));
      expect(v.documents[0]).toMatchObject({ kind: 'PAN', status: 'UPLOADED', contentType: 'application/pdf' });
      // the rejected upload is kept for the audit and still readable by its owner
      const old = decided.documents.find((d) => d.kind === 'PAN')!;
      expect(
        (await s.request(pathOf(API_KYC.file, { documentId: old.documentId }), { token: seller.token })).status,
      ).toBe(200);
      v = await step(seller.token, API_KYC.submit);
      expect(v.status).toBe('SUBMITTED');
      const approved = await answerOf(API_KYC.status, await put({ status: 'APPROVED' }));
      expect(approved.decisions.map((d) => d.action)).toEqual(['SUBMITTED', 'REJECTED', 'SUBMITTED', 'APPROVED']);
      expect(approved.decisions[1].remarks).toEqual([{ document: 'PAN', remark: 'The PAN card photo is blurred' }]);
    });
  });

  describe('automatic verification on submission', () => {
    const audit = (applicationId: number) =>
      s.deps.db
        .select()
        .from(kycDecisions)
        .where(eq(kycDecisions.applicationId, applicationId))
        .orderBy(kycDecisions.id);
    const orgOf = async (orgId: number) =>
      (await s.deps.db.select().from(organisations).where(eq(organisations.id, orgId)))[0]!;

    it('every check passes and the names match: verified at once, audited as automatic with the checks passed', async () => {
      const seller = await readyIndividual(null);
      const v = await step(seller.token, API_KYC.submit);
      expect(v).toMatchObject({ status: 'APPROVED', editable: false, reviewReason: null });
      expect(v.documents.every((d) => d.status === 'ACCEPTED')).toBe(true);
      expect((await orgOf(seller.orgId)).kycVerified).toBe(true);
      const rows = await audit(v.applicationId!);
      expect(rows.map((r) => [r.action, r.byAccountId, r.byName])).toEqual([
        ['SUBMITTED', expect.any(Number), 'Priya Nair'],
        ['AUTO_APPROVED', null, 'Automatic check'],
      ]);
      expect(rows[1].note).toBe(
        "Verified automatically: PAN verified; name on the PAN matches the account holder's (Priya Nair); Aadhaar verified by OTP, name matches the PAN",
      );
      // staff read the same audit
      const staffView = await answer(s, API_KYC.staffApplication, {
        params: { applicationId: v.applicationId! },
        token: staff,
      });
      expect(staffView.decisions.map((d) => [d.action, d.byAccountId])).toEqual([
        ['SUBMITTED', expect.any(Number)],
        ['AUTO_APPROVED', null],
      ]);
    });

    it("the name on the PAN differs from the account holder's: waits for staff, and the refusal says why", async () => {
      const seller = await readyIndividual(ANIL);
      const v = await step(seller.token, API_KYC.submit);
      expect(v.status).toBe('SUBMITTED');
      expect((await orgOf(seller.orgId)).kycVerified).toBe(false);
      expect((await audit(v.applicationId!)).map((r) => r.action)).toEqual(['SUBMITTED']);
      const { pickupId } = await verifiedPickup(s, seller.token);
      const o = await newShippableOrder(s, seller.token, pickupId, { paymentMethod: 'PPD' });
      await refused(
        await post(seller.token, pathOf(API_SHIPPING.ship, { orderId: o.orderId }), { carrierCode: 'DE' }),
        403,
        "KYC submitted, awaiting review because the name on the PAN, 'PRIYA NAIR', differs from the account holder's name, 'Anil Kumar'. You can ship as soon as our team verifies it.",
      );
    });

    it("staff see the name on the PAN flagged when it differs from the account holder's, by the automatic check's rule", async () => {
      const seller = await readyIndividual({ firstName: 'Anil', lastName: 'Nair' });
      const { applicationId } = await step(seller.token, API_KYC.submit);
      const one = await answer(s, API_KYC.staffApplication, {
        params: { applicationId: applicationId! },
        token: staff,
      });
      // a shared surname alone is not the same person (1 of 2 words)
      expect(one).toMatchObject({ panName: 'PRIYA NAIR', accountHolderName: 'Anil Nair', panNameDiffers: true });
      expect(panNameDiffersText(one)).toBe('Name on PAN (PRIYA NAIR) differs from the account holder (Anil Nair)');

      // the holder's name written another way (an extra middle name, an honorific) is the same person
      await s.deps.db
        .update(accounts)
        .set({ firstName: 'Smt. Priya', lastName: 'Ramesh Nair' })
        .where(eq(accounts.orgId, seller.orgId));
      const again = await answer(s, API_KYC.staffApplication, {
        params: { applicationId: applicationId! },
        token: staff,
      });
      expect(again).toMatchObject({ accountHolderName: 'Smt. Priya Ramesh Nair', panNameDiffers: false });

      // the decision's answer carries it too
      const decided = await answer(s, API_KYC.status, {
        params: { applicationId: applicationId! },
        body: { status: 'APPROVED' },
        token: staff,
      });
      expect(decided).toMatchObject({ accountHolderName: 'Smt. Priya Ramesh Nair', panNameDiffers: false });
    });

    it('a document opens inline for staff: its own type, never sniffed or cached, and only with a staff token', async () => {
      const seller = await readyIndividual();
      const { applicationId } = await step(seller.token, API_KYC.submit);
      const one = await answer(s, API_KYC.staffApplication, {
        params: { applicationId: applicationId! },
        token: staff,
      });
      const png = one.documents.find((d) => d.kind === 'PAN')!;
      const pdf = one.documents.find((d) => d.kind === 'PROFILE')!;
      const image = await s.request(png.url, { token: staff });
      expect(image.status).toBe(200);
      expect(image.headers.get('content-type')).toBe('image/png');
      expect(image.headers.get('content-disposition')).toBe('inline; filename="PAN.png"');
      expect(image.headers.get('x-content-type-options')).toBe('nosniff');
      expect(image.headers.get('cache-control')).toBe('private, no-store');
      expect(Buffer.from(await image.arrayBuffer())).toEqual(TINY_PNG);
      const file = await s.request(pdf.url, { token: staff });
      expect(file.headers.get('content-type')).toBe('application/pdf');
      expect(file.headers.get('content-disposition')).toBe('inline; filename="me.pdf"');
      expect(file.headers.get('content-length')).toBe(String(PDF.byteLength));
      // no token, or a seller's (even the owner's, on the staff path), reads nothing
      expect((await s.request(pdf.url)).status).toBe(401);
      await refused(await s.request(pdf.url, { token: seller.token }), 403, MSG.rolesNotFound);
      // another application's document is not found
      const other = await readyIndividual();
      const { applicationId: otherId } = await step(other.token, API_KYC.submit);
      await refused(
        await s.request(pathOf(API_KYC.staffFile, { applicationId: otherId!, documentId: pdf.documentId }), {
          token: staff,
        }),
        404,
        'Document not found',
      );
    });

    it('documents uploaded again after staff sent them back are read by staff, even when every check passes', async () => {
      const seller = await readyIndividual(ANIL);
      const { applicationId } = await step(seller.token, API_KYC.submit);
      await answer(s, API_KYC.status, {
        params: { applicationId: applicationId! },
        body: { status: 'REJECTED', remarks: [{ document: 'PAN', remark: 'The PAN card photo is blurred' }] },
        token: staff,
      });
      // the account holder's name is put right; the re-uploaded PAN card still goes to a person
      await s.deps.db
        .update(accounts)
        .set({ firstName: 'Priya', lastName: 'Nair' })
        .where(eq(accounts.orgId, seller.orgId));
      await answerOf(API_KYC.upload, await uploadKycDocument(s, seller.token, 'PAN', PDF, 'pan.pdf'));
      const v = await step(seller.token, API_KYC.submit);
      expect(v).toMatchObject({
        status: 'SUBMITTED',
        reviewReason: 'documents sent back earlier are read again by our team',
      });
      expect((await orgOf(seller.orgId)).kycVerified).toBe(false);
    });

    it('staff revoke a KYC the automatic check verified: booking is refused again, naming what to upload', async () => {
      const seller = await readyIndividual(null);
      const { applicationId } = await step(seller.token, API_KYC.submit);
      const revoked = await answer(s, API_KYC.status, {
        params: { applicationId: applicationId! },
        body: {
          status: 'REJECTED',
          note: 'PAN card does not match the photograph',
          remarks: [{ document: 'PAN', remark: 'Upload a clear photo of your own PAN card' }],
        },
        token: staff,
      });
      expect(revoked.status).toBe('REJECTED');
      expect(revoked.decisions.map((d) => [d.action, d.byName])).toEqual([
        ['SUBMITTED', 'Priya Nair'],
        ['AUTO_APPROVED', 'Automatic check'],
        ['REVOKED', 'Kabir Menon'],
      ]);
      expect((await orgOf(seller.orgId)).kycVerified).toBe(false);
      const { pickupId } = await verifiedPickup(s, seller.token);
      const o = await newShippableOrder(s, seller.token, pickupId, { paymentMethod: 'PPD' });
      await refused(
        await post(seller.token, pathOf(API_SHIPPING.ship, { orderId: o.orderId }), { carrierCode: 'DE' }),
        403,
        'KYC sent back: upload again PAN card to ship.',
      );
      // a revoked KYC is not approved twice by a stale screen
      await refused(
        await s.request(pathOf(API_KYC.status, { applicationId: applicationId! }), {
          method: 'PUT',
          token: staff,
          json: { status: 'APPROVED' },
        }),
        409,
        'This KYC is not waiting for a decision',
      );
    });
  });

  describe('a company with the sandbox identity NAIR NATURALS', () => {
    it('verifies the business PAN, the signatory, the GSTIN with its OTP and the CIN; approval keeps the GSTIN', async () => {
      const { token, orgId } = await fresh('Nair Naturals');
      let v = await step(token, API_KYC.saveValues, { accountType: 'COMPANY', profileName: 'Nair Naturals Pvt Ltd' });
      expect(v.required.checks).toEqual(['PAN', 'SIGNATORY_PAN', 'AADHAAR', 'GSTIN', 'CIN']);
      expect(v.required.documents).toEqual(['PAN', 'GST', 'INCORPORATION', 'AADHAAR_FRONT', 'AADHAAR_BACK', 'PROFILE']);
      await refused(
        await post(token, API_KYC.panVerify, { panNumber: PRIYA.pan }),
        400,
        'PAN: the fourth letter must be C for a company (P is for an individual)',
      );
      v = await step(token, API_KYC.panVerify, { panNumber: 'AAACN1234M' });
      expect(v.panName).toBe('NAIR NATURALS PRIVATE LIMITED');
      await refused(
        await post(token, API_KYC.signatoryPanVerify, {
          signatoryName: 'Priya Nair',
          signatoryPanNumber: 'AAACN1234M',
        }),
        400,
        /^Authorised signatory's PAN: the fourth letter must be P/,
      );
      v = await step(token, API_KYC.signatoryPanVerify, { signatoryName: 'Priya Nair', signatoryPanNumber: PRIYA.pan });
      expect(v.signatoryPanVerified).toBe(true);
      await step(token, API_KYC.aadharVerify, { aadharNumber: PRIYA.aadhaar });
      v = await step(token, API_KYC.aadharSubmit, { otp: SANDBOX_OTP });
      expect(v.aadhaarVerified).toBe(true);
      await refused(
        await post(token, API_KYC.gstVerify, { gstNumber: '29ABCPN1234K1Z5' }),
        400,
        /^GSTIN must contain your PAN AAACN1234M in characters 3 to 12/,
      );
      v = await step(token, API_KYC.gstVerify, { gstNumber: '29AAACN1234M1ZE' });
      expect(v).toMatchObject({ gstVerified: true, gstOtpRequired: true, gstOtpConfirmed: false });
      expect(v.progress.missing).toContain('verify your GSTIN');
      s.clock.advance(61_000); // past the Aadhaar OTP's resend lockout
      v = await step(token, API_KYC.gstGenerateOtp);
      expect(v.gstOtpSentTo).toBe('the mobile registered on the GST portal');
      await refused(await post(token, API_KYC.gstSubmitOtp, { otp: '12345' }), 400, 'OTP must be 6 digits');
      await refused(await post(token, API_KYC.gstSubmitOtp, { otp: '000000' }), 422, MSG.incorrectOtp);
      v = await step(token, API_KYC.gstSubmitOtp, { otp: SANDBOX_OTP });
      expect(v.gstOtpConfirmed).toBe(true);
      await refused(
        await post(token, API_KYC.saveValues, { cinNumber: 'U72900KA2015PTC01234' }),
        400,
        /^CIN must be 21 characters/,
      );
      await refused(
        await post(token, API_KYC.saveValues, { llpinNumber: 'AAB-1234' }),
        400,
        'LLPIN is not needed for your business type',
      );
      v = await step(token, API_KYC.saveValues, { cinNumber: 'u72900ka2015ptc012345' });
      expect(v.values.cinNumber).toBe('U72900KA2015PTC012345');
      for (const kind of ['PAN', 'GST', 'INCORPORATION', 'AADHAAR_FRONT', 'AADHAAR_BACK', 'PROFILE'])
        v = await answerOf(API_KYC.upload, await uploadKycDocument(s, token, kind, TINY_PNG));
      expect(v.documents.find((d) => d.kind === 'AADHAAR_FRONT')!.label).toBe(
        'Aadhaar card (front) of the authorised signatory',
      );
      v = await step(token, API_KYC.submit);
      // a company's registration is read by a person: it waits for staff, and says so
      expect(v).toMatchObject({
        status: 'SUBMITTED',
        reviewReason: 'a partnership, LLP or company is reviewed by our team (its registration is read by a person)',
      });
      await answer(s, API_KYC.status, {
        params: { applicationId: v.applicationId! },
        body: { status: 'APPROVED' },
        token: staff,
      });
      const [org] = await s.deps.db.select().from(organisations).where(eq(organisations.id, orgId));
      expect(org).toMatchObject({ kycVerified: true, gstin: '29AAACN1234M1ZE' });
    });

    it('an LLP gives its LLPIN; a proprietorship not registered for GST skips the GSTIN', async () => {
      const llp = await fresh();
      let v = await step(llp.token, API_KYC.saveValues, { accountType: 'LLP', profileName: 'Nair Naturals LLP' });
      expect(v.required.steps).toEqual(['business', 'pan', 'aadhaar', 'gst', 'registration', 'documents', 'review']);
      await refused(
        await post(llp.token, API_KYC.saveValues, { llpinNumber: 'AB-12345' }),
        400,
        /^LLPIN must be 3 letters, a hyphen and 4 digits/,
      );
      v = await step(llp.token, API_KYC.saveValues, { llpinNumber: 'aab1234' });
      expect(v.values.llpinNumber).toBe('AAB-1234');

      const prop = await fresh();
      v = await step(prop.token, API_KYC.saveValues, { accountType: 'PROPRIETORSHIP', profileName: 'Priya Nair' });
      expect(v.required.checks).toContain('GSTIN');
      v = await step(prop.token, API_KYC.saveValues, { gstRegistered: false });
      expect(v.required.checks).toEqual(['PAN', 'AADHAAR']);
      expect(v.required.documents).not.toContain('GST');
      await refused(
        await post(prop.token, API_KYC.gstVerify, { gstNumber: '29ABCPN1234K1Z5' }),
        400,
        'GSTIN is not needed for your business type',
      );
      const ind = await fresh();
      await step(ind.token, API_KYC.saveValues, { accountType: 'INDIVIDUAL', profileName: 'Priya Nair' });
      await refused(
        await post(ind.token, API_KYC.saveValues, { gstRegistered: true }),
        400,
        'Registered for GST is not needed for your business type',
      );
    });
  });

  describe("the sandbox's test identities", () => {
    it('PAN: invalid, another name, provider down', async () => {
      const { token } = await fresh();
      await refused(
        await post(token, API_KYC.panVerify, { panNumber: PRIYA.pan }),
        422,
        'Business type: choose your business type first',
      );
      await step(token, API_KYC.saveValues, { accountType: 'INDIVIDUAL', profileName: 'Priya Nair' });
      await refused(
        await post(token, API_KYC.panVerify, { panNumber: 'ABCPN9999K' }),
        422,
        'PAN: the Income Tax Department has no such PAN',
      );
      await refused(
        await post(token, API_KYC.panVerify, { panNumber: 'ABCPN8888K' }),
        422,
        "Name: 'Priya Nair' does not match the name on the PAN, 'KAVITA DESHMUKH'",
      );
      await refused(
        await post(token, API_KYC.panVerify, { panNumber: 'ABCPN0503K' }),
        503,
        /^The verification service is not answering/,
      );
      const v = await answer(s, API_KYC.inProgress, { token });
      expect(v.panVerified).toBe(false);
    });

    it('Aadhaar: invalid, another name, provider down, a wrong check digit', async () => {
      const { token } = await fresh();
      await step(token, API_KYC.saveValues, { accountType: 'INDIVIDUAL', profileName: 'Priya Nair' });
      await refused(
        await post(token, API_KYC.aadharVerify, { aadharNumber: '234567890125' }),
        400,
        'Aadhaar number fails its check digit (the last one); check it for a typing mistake',
      );
      await refused(
        await post(token, API_KYC.aadharVerify, { aadharNumber: '999999990128' }),
        422,
        'Aadhaar number: UIDAI has no such Aadhaar number',
      );
      await refused(await post(token, API_KYC.aadharVerify, { aadharNumber: '503503500125' }), 503, /not answering/);
      await step(token, API_KYC.aadharVerify, { aadharNumber: '888888880126' });
      await refused(
        await post(token, API_KYC.aadharSubmit, { otp: SANDBOX_OTP }),
        422,
        "Name: 'Priya Nair' does not match the name on the Aadhaar, 'KAVITA DESHMUKH'",
      );
      // wrong OTPs are counted; after five a new OTP is needed
      s.clock.advance(61_000);
      await step(token, API_KYC.aadharVerify, { aadharNumber: PRIYA.aadhaar });
      for (let i = 0; i < KYC_RULES.otpAttempts; i++)
        await refused(await post(token, API_KYC.aadharSubmit, { otp: '111111' }), 422, MSG.incorrectOtp);
      await refused(await post(token, API_KYC.aadharSubmit, { otp: SANDBOX_OTP }), 429, MSG.otpLocked);
    });

    it('GSTIN: invalid, cancelled, another name, provider down', async () => {
      // the sandbox's GSTIN identities carry the PAN's four digits, and that PAN's own check stops
      // at the PAN step (invalid, another name, down): those GSTINs are tried with the PAN taken as verified
      const check = async (pan: string, gstin: string, status: number, message: string | RegExp) => {
        const { token, orgId } = await fresh();
        await step(token, API_KYC.saveValues, { accountType: 'PROPRIETORSHIP', profileName: 'Priya Nair' });
        if (pan.includes('7777')) await step(token, API_KYC.panVerify, { panNumber: pan });
        else
          await s.deps.db
            .update(kycApplications)
            .set({ pan, panName: 'PRIYA NAIR', panVerifiedAt: s.clock.now })
            .where(eq(kycApplications.orgId, orgId));
        await refused(await post(token, API_KYC.gstVerify, { gstNumber: gstin }), status, message);
      };
      const gstinOf = (pan: string) => {
        // the GSTIN check character of 29<PAN>1Z
        return `29${pan}1Z${gstinCheckChar(`29${pan}1Z`)}`;
      };
      await check('ABCPN9999K', gstinOf('ABCPN9999K'), 422, 'GSTIN: GSTN has no such GSTIN');
      await check('ABCPN7777K', gstinOf('ABCPN7777K'), 422, /^GSTIN is cancelled on the GST portal/);
      await check(
        'ABCPN8888K',
        gstinOf('ABCPN8888K'),
        422,
        /does not match the legal name of the GSTIN, 'KAVITA DESHMUKH TRADERS'/,
      );
      await check('ABCPN0503K', gstinOf('ABCPN0503K'), 503, /not answering/);
    });
  });

  describe('validation names the field by its label', () => {
    it.each([
      [{ accountType: 'SOCIETY' }, /^Business type must be one of Individual/],
      [{ profileName: 'Pr' }, 'Name must be 3 to 100 characters'],
      [{ profileName: 'Priya 123' }, /^Name may have letters/],
      [{ gstRegistered: 'yes' }, 'Registered for GST must be true or false'],
    ])('values %j', async (body, message) => {
      const { token } = await fresh();
      await refused(await post(token, API_KYC.saveValues, body), 400, message);
    });
    it('PAN, Aadhaar, GSTIN, OTP and signatory', async () => {
      const { token } = await fresh();
      await step(token, API_KYC.saveValues, { accountType: 'INDIVIDUAL', profileName: 'Priya Nair' });
      await refused(await post(token, API_KYC.panVerify, {}), 400, 'PAN is required');
      await refused(await post(token, API_KYC.panVerify, { panNumber: 'ABC123' }), 400, /^PAN must be 10 characters/);
      await refused(
        await post(token, API_KYC.aadharVerify, { aadharNumber: '12345' }),
        400,
        'Aadhaar number must be 12 digits',
      );
      await refused(await post(token, API_KYC.aadharSubmit, { otp: 'abcdef' }), 400, 'OTP must be 6 digits');
      await refused(await post(token, API_KYC.aadharSubmit, { otp: '123456' }), 422, 'OTP: ask for an OTP first');
      await refused(await post(token, API_KYC.gstVerify, {}), 400, 'GSTIN is required');
      await refused(
        await post(token, API_KYC.signatoryPanVerify, { signatoryName: 'Priya Nair', signatoryPanNumber: PRIYA.pan }),
        400,
        "Authorised signatory's PAN is not needed for your business type",
      );
      await refused(
        await post(token, API_KYC.signatoryPanVerify, { signatoryPanNumber: PRIYA.pan }),
        400,
        "Authorised signatory's name is required",
      );
      await refused(
        await s.request(pathOf(API_KYC.upload, { documentKind: 'SELFIE' }), {
          method: 'POST',
          token,
          body: new FormData(),
        }),
        400,
        /^Document must be one of PAN card/,
      );
      await refused(
        await s.request(`${API_KYC.pendingApprovals.path}?status=OPEN`, { token: staff }),
        400,
        /^Status must be one of Not submitted/,
      );
    });
  });

  describe('documents', () => {
    it('refuses a spoofed file (a .pdf name with other content), a file over 5 MB, and a kind the business does not need', async () => {
      const { token } = await fresh();
      await step(token, API_KYC.saveValues, { accountType: 'INDIVIDUAL', profileName: 'Priya Nair' });
      await refused(
        await uploadKycDocument(s, token, 'PAN', Buffer.from('this is plain text, not a PDF at all'), 'pan.pdf'),
        415,
        'File must be a JPEG, PNG or WebP image or a PDF (checked by its content, not its name)',
      );
      const zip = Buffer.from('504b030414000000080000000000', 'hex');
      await refused(await uploadKycDocument(s, token, 'PAN', zip, 'pan.jpg'), 415, /^File must be a JPEG/);
      const big = Buffer.concat([PDF, Buffer.alloc(KYC_RULES.documentMaxBytes)]);
      await refused(await uploadKycDocument(s, token, 'PAN', big, 'pan.pdf'), 413, 'File must be at most 5 MB');
      await refused(
        await uploadKycDocument(s, token, 'GST', TINY_PNG),
        400,
        'GST registration certificate is not needed for your business type',
      );
      await refused(
        await s.request(pathOf(API_KYC.upload, { documentKind: 'PAN' }), {
          method: 'POST',
          token,
          body: new FormData(),
        }),
        400,
        'File: a multipart field named "file" with the document is required',
      );
      // a PDF named .jpg is what its bytes say
      const v = await answerOf(API_KYC.upload, await uploadKycDocument(s, token, 'PAN', PDF, 'pan.jpg'));
      expect(v.documents[0].contentType).toBe('application/pdf');
    });

    it("another seller's document, a guessed id, and another application's document are not found", async () => {
      const a = await readyIndividual();
      const b = await fresh();
      const docs = await answer(s, API_KYC.docs, { token: a.token });
      const id = docs[0].documentId;
      expect(id).toMatch(/^[A-Za-z0-9_-]{24}$/);
      await refused(
        await s.request(pathOf(API_KYC.file, { documentId: id }), { token: b.token }),
        404,
        'Document not found',
      );
      await refused(
        await s.request(pathOf(API_KYC.file, { documentId: id }), { token: meera }),
        404,
        'Document not found',
      );
      await refused(
        await s.request(pathOf(API_KYC.file, { documentId: `${id.slice(0, -1)}${id.endsWith('A') ? 'B' : 'A'}` }), {
          token: a.token,
        }),
        404,
        'Document not found',
      );
      await refused(
        await s.request(API_KYC.file.path.replace(':documentId', '../../etc/passwd'), { token: a.token }),
        404,
        /No such API route|not found/,
      );
      await refused(
        await s.request(pathOf(API_KYC.file, { documentId: '1' }), { token: a.token }),
        404,
        'Document not found',
      );
      const other = await readyIndividual();
      const { applicationId } = await answer(s, API_KYC.inProgress, { token: other.token });
      await refused(
        await s.request(pathOf(API_KYC.staffFile, { applicationId: applicationId!, documentId: id }), { token: staff }),
        404,
        'Document not found',
      );
      await refused(
        await s.request(pathOf(API_KYC.staffApplication, { applicationId: 999999 }), { token: staff }),
        404,
        'KYC application not found',
      );
      // no public address serves it
      expect((await s.request(`/api/v1/files/${id}`)).status).toBe(404);
    });
  });

  describe('who may call what', () => {
    it('staff routes refuse sellers with 403 and seller routes refuse staff with 403; no token is 401', async () => {
      const { token } = await fresh();
      for (const [path, method] of [
        [API_KYC.pendingApprovals.path, 'GET'],
        [pathOf(API_KYC.staffApplication, { applicationId: 1 }), 'GET'],
        [pathOf(API_KYC.staffFile, { applicationId: 1, documentId: 'abc' }), 'GET'],
        [pathOf(API_KYC.status, { applicationId: 1 }), 'PUT'],
      ] as const)
        await refused(
          await s.request(path, { method, token, json: method === 'PUT' ? { status: 'APPROVED' } : undefined }),
          403,
          MSG.rolesNotFound,
        );
      await refused(await s.request(API_KYC.inProgress.path, { token: staff }), 403, MSG.rolesNotFound);
      await refused(await post(staff, API_KYC.submit), 403, MSG.rolesNotFound);
      expect((await s.request(API_KYC.inProgress.path)).status).toBe(401);
    });
  });

  describe('concurrent repeats act once', () => {
    it('four submissions at once make one, and three approvals at once decide once', async () => {
      const seller = await readyIndividual();
      const answers = await Promise.all(Array.from({ length: 4 }, () => post(seller.token, API_KYC.submit)));
      expect(answers.map((r) => r.status)).toEqual([200, 200, 200, 200]);
      const { applicationId } = await answer(s, API_KYC.inProgress, { token: seller.token });
      const approvals = await Promise.all(
        Array.from({ length: 3 }, () =>
          s.request(pathOf(API_KYC.status, { applicationId: applicationId! }), {
            method: 'PUT',
            token: staff,
            json: { status: 'APPROVED' },
          }),
        ),
      );
      expect(approvals.map((r) => r.status).sort()).toEqual([200, 409, 409]);
      const audit = await s.deps.db
        .select({ action: kycDecisions.action })
        .from(kycDecisions)
        .where(eq(kycDecisions.applicationId, applicationId!));
      expect(audit.map((a) => a.action)).toEqual(['SUBMITTED', 'APPROVED']);
    });

    it('the audit is append-only: nothing updates or deletes its rows', () => {
      const source = readFileSync(new URL('../../server/modules/kyc/service.ts', import.meta.url), 'utf8');
      expect(source).not.toMatch(/\.(update|delete)\(kycDecisions\)/);
      expect(source).toMatch(/\.insert\(kycDecisions\)/);
    });
  });

  describe('booking needs verified KYC', () => {
    it('refuses ship, reassign and auto-ship with what exactly is missing until KYC is verified; then the seller ships', async () => {
      const seller = await fresh();
      const checklist = async () =>
        Object.fromEntries(
          (await answer(s, API_DASHBOARD.checklist, { token: seller.token })).items.map((i) => [
            i.key,
            i.note ?? i.done,
          ]),
        );
      // Home's checklist ticks itself from the seller's records as each step is done
      expect(await checklist()).toEqual({
        KYC: false,
        PICKUP_ADDRESS: false,
        WALLET: false,
        FIRST_ORDER: false,
        FIRST_SHIPMENT: false,
      });
      const { pickupId, orgId } = await verifiedPickup(s, seller.token);
      await creditWallet(s, staff, orgId, 5000, 'Float for KYC tests');
      const o = await newShippableOrder(s, seller.token, pickupId, { paymentMethod: 'PPD' });
      const { quotes } = await answer(s, API_SHIPPING.courierQuotes, {
        params: { orderId: o.orderId },
        token: seller.token,
      });
      const ship = () =>
        post(seller.token, pathOf(API_SHIPPING.ship, { orderId: o.orderId }), { carrierCode: quotes[0].carrierCode });
      const notStarted = 'KYC not started: choose your business type and enter your name as on your PAN to ship.';
      await refused(await ship(), 403, notStarted);
      await refused(
        await post(seller.token, pathOf(API_SHIPPING.reassign, { orderId: o.orderId }), {
          carrierCode: quotes[0].carrierCode,
        }),
        403,
        notStarted,
      );
      await refused(await post(seller.token, API_SHIPPING.autoShip.path, { orderIds: [o.orderId] }), 403, notStarted);
      await step(seller.token, API_KYC.saveValues, { accountType: 'INDIVIDUAL', profileName: PRIYA.profileName });
      await refused(await ship(), 403, 'PAN not verified: verify your PAN in KYC to ship.');
      await step(seller.token, API_KYC.panVerify, { panNumber: PRIYA.pan });
      await refused(await ship(), 403, 'Aadhaar not verified: verify your Aadhaar number by OTP in KYC to ship.');
      await step(seller.token, API_KYC.aadharVerify, { aadharNumber: PRIYA.aadhaar });
      await step(seller.token, API_KYC.aadharSubmit, { otp: SANDBOX_OTP });
      await answerOf(API_KYC.upload, await uploadKycDocument(s, seller.token, 'PAN', TINY_PNG));
      await refused(
        await ship(),
        403,
        'KYC documents missing: upload the Aadhaar card (front), Aadhaar card (back), Photograph to ship.',
      );
      for (const kind of ['AADHAAR_FRONT', 'AADHAAR_BACK', 'PROFILE'])
        await answerOf(API_KYC.upload, await uploadKycDocument(s, seller.token, kind, TINY_PNG));
      await refused(await ship(), 403, 'KYC not submitted: everything is ready, submit it for verification to ship.');
      expect(await checklist()).toEqual({
        KYC: 'Not submitted',
        PICKUP_ADDRESS: true,
        WALLET: true,
        FIRST_ORDER: true,
        FIRST_SHIPMENT: false,
      });

      // the account holder is Priya Nair, as the PAN says: verified at once on submission
      expect((await step(seller.token, API_KYC.submit)).status).toBe('APPROVED');
      const info = await answerOf(API_SHIPPING.ship, await ship());
      expect(info.awb).toBeTruthy();
      const done = await answer(s, API_DASHBOARD.checklist, { token: seller.token });
      expect(done.allDone).toBe(true);
      const o2 = await newShippableOrder(s, seller.token, pickupId, { paymentMethod: 'PPD' });
      const auto = await answerOf(
        API_SHIPPING.autoShip,
        await post(seller.token, API_SHIPPING.autoShip.path, { orderIds: [o2.orderId], rule: 'CHEAPEST' }),
      );
      expect(auto.results[0].shipped).toBe(true);
    });

    it("refuses a return's reverse pickup with the same words until KYC is verified", async () => {
      const seller = await fresh();
      const { pickupId, orgId } = await verifiedPickup(s, seller.token);
      await creditWallet(s, staff, orgId, 5000, 'Float for KYC tests');
      const made = await answerOf(
        API_RETURNS.standalone,
        await post(seller.token, API_RETURNS.standalone.path, {
          orderNumber: 'AMZ-405-7781',
          channel: 'AMAZON',
          buyerName: 'Arjun Mehta',
          buyerPhone: '9845011223',
          buyerAddress: { line1: '7, MG Road', pincode: '560001' },
          items: [{ name: 'Brass Lamp', sku: 'BL-2', quantity: 1, unitPrice: 899 }],
          reason: 'WRONG_ITEM',
          subReason: 'WRONG_COLOUR',
          returnToKind: 'PICKUP_ADDRESS',
          returnToId: pickupId,
          refundDecision: 'REFUND',
          lengthCm: 10,
          breadthCm: 10,
          heightCm: 20,
          deadWeightKg: 0.8,
        }),
      );
      const { quotes } = await answer(s, API_RETURNS.courierQuotes, {
        params: { returnId: made.returnId },
        token: seller.token,
      });
      const book = () =>
        post(seller.token, pathOf(API_RETURNS.ship, { returnId: made.returnId }), {
          carrierCode: quotes[0].carrierCode,
        });
      await refused(
        await book(),
        403,
        'KYC not started: choose your business type and enter your name as on your PAN to ship.',
      );
      await completeKyc(s, seller.token, staff);
      expect((await answerOf(API_RETURNS.ship, await book())).awb).toBeTruthy();
    });
  });
});
