import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_ACCOUNT, API } from '../../src/domain/account-contract';
import { API_DISPUTES } from '../../src/domain/disputes-contract';
import { API_TICKETS } from '../../src/domain/tickets-contract';
import { API_KYC } from '../../src/domain/kyc-contract';
import { pathOf } from '../../src/domain/operation';
import { FILE_LINK_SECONDS } from '../../server/modules/files/links';
import { solidPng } from './pdf-reader';
import { answer, answerOf, send } from './call';
import { type TestServer } from './harness';
import { demoTokens, login, newSeller, startDemoServer, TINY_PNG, uploadKycDocument } from './helpers';

// Stored files are private: a help-desk attachment, dispute evidence, a signature and a KYC
// document are read only by a login that may see what they belong to, never cached. A page that
// shows one in an <img> gets a short-lived signed link for that file alone. The company logo,
// which buyers see, stays public. Names are kept and sent safe.

const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n', 'latin1');
const HOSTILE_NAME = '../../../../tmp/pan.png';

describe('who may read a stored file', () => {
  let s: TestServer;
  let seller: string;
  let meera: string;
  let admin: string;
  let support: string;
  let finance: string;

  beforeAll(async () => {
    s = await startDemoServer();
    ({ seller, meera, staff: admin } = await demoTokens(s));
    support = (await login(s, { email: 'support@dakiya.in', password: 'Staff@123' })).token;
    finance = (await login(s, { email: 'finance@dakiya.in', password: 'Staff@123' })).token;
  });
  afterAll(() => s?.close());

  const form = (bytes: Uint8Array, name: string, type: string) => {
    const f = new FormData();
    f.set('file', new File([new Uint8Array(bytes)], name, { type }));
    return f;
  };
  const uploadAttachment = (token: string, bytes: Uint8Array, name: string) =>
    s.request(API_TICKETS.upload.path, { method: 'POST', body: form(bytes, name, 'application/pdf'), token });
  const raiseTicket = (token: string, attachments: string[]) =>
    send(s, API_TICKETS.raise, {
      body: {
        category: 'OTHER',
        subject: 'Invoice question',
        description: 'Please look at the attached invoice for this month.',
        attachments,
      },
      token,
    });
  const uploadEvidence = (token: string, name = 'box.png') =>
    s.request(API_DISPUTES.evidence.path, {
      method: 'POST',
      body: form(solidPng(8, 8, [200, 40, 40]), name, 'image/png'),
      token,
    });
  const headersOf = (res: Response) => ({
    status: res.status,
    cache: res.headers.get('cache-control'),
    disposition: res.headers.get('content-disposition'),
  });

  it('a help-desk attachment: no token 404 at /files, another seller 404; the owner and support read it private, finance is refused', async () => {
    const file = await answerOf(API_TICKETS.upload, await uploadAttachment(meera, PDF, 'invoice.pdf'));
    const ticket = await answerOf(API_TICKETS.raise, await raiseTicket(meera, [file.fileId]));

    // the public file address does not serve it, with or without a login
    for (const token of [undefined, meera, seller, admin])
      expect((await s.request(API.file(file.fileId), { token })).status).toBe(404);

    const attachment = { ticketId: ticket.ticketId, fileId: file.fileId };
    const own = await send(s, API_TICKETS.attachment, { params: attachment, token: meera });
    expect(headersOf(own)).toMatchObject({ status: 200, cache: 'private, no-store' });
    expect(Buffer.from(await own.arrayBuffer()).equals(PDF)).toBe(true);

    expect((await send(s, API_TICKETS.attachment, { params: attachment })).status).toBe(401);
    expect((await send(s, API_TICKETS.attachment, { params: attachment, token: seller })).status).toBe(404);

    const staffPath = pathOf(API_TICKETS.staffAttachment, attachment);
    const bySupport = await s.request(staffPath, { token: support });
    expect(headersOf(bySupport)).toMatchObject({ status: 200, cache: 'private, no-store' });
    await bySupport.arrayBuffer();
    expect((await s.request(staffPath, { token: finance })).status).toBe(403);
    expect((await s.request(staffPath, { token: meera })).status).toBe(403);
    expect((await s.request(staffPath)).status).toBe(401);
  });

  it('dispute evidence opens only through its signed link, which expires and opens no other file', async () => {
    const a = await answerOf(API_DISPUTES.evidence, await uploadEvidence(meera));
    const b = await answerOf(API_DISPUTES.evidence, await uploadEvidence(meera));
    expect(a.url).toMatch(new RegExp(`^/api/v1/files/${a.fileId}\\?expires=\\d+&signature=[A-Za-z0-9_-]+$`));

    // the bare address is not found, for anyone
    for (const token of [undefined, meera, seller])
      expect((await s.request(API.file(a.fileId), { token })).status).toBe(404);

    const opened = await s.request(a.url);
    expect(headersOf(opened)).toMatchObject({ status: 200, cache: 'private, no-store' });
    expect(opened.headers.get('content-type')).toBe('image/png');
    await opened.arrayBuffer();

    // a's signature does not open b; a forged or cut signature opens nothing
    const query = a.url.slice(a.url.indexOf('?'));
    expect((await s.request(`${API.file(b.fileId)}${query}`)).status).toBe(404);
    expect((await s.request(a.url.replace(/signature=.{4}/, 'signature=AAAA'))).status).toBe(404);
    expect(
      (await s.request(a.url.replace(/expires=(\d+)/, (_, e: string) => `expires=${Number(e) + 3600}`))).status,
    ).toBe(404);

    // good until its expiry, not after
    s.clock.advance((FILE_LINK_SECONDS - 5) * 1000);
    const late = await s.request(a.url);
    expect(late.status).toBe(200);
    await late.arrayBuffer();
    s.clock.advance(10_000);
    expect((await s.request(a.url)).status).toBe(404);
    ({ seller, meera, staff: admin } = await demoTokens(s));
  });

  it('the company logo stays public for buyers; the signature is private', async () => {
    const image = (name: 'logo' | 'sign') =>
      s.request(pathOf(API_ACCOUNT.companyImage, { name: name }), {
        method: 'POST',
        body: form(solidPng(4, 4, [1, 2, 3]), `${name}.png`, 'image/png'),
        token: meera,
      });
    const logo = await answerOf(API_ACCOUNT.companyImage, await image('logo'));
    expect(logo.url).toMatch(/^\/api\/v1\/files\/[A-Za-z0-9_-]+$/);
    const logoRes = await s.request(logo.url);
    expect(headersOf(logoRes)).toMatchObject({ status: 200, cache: 'public, max-age=31536000, immutable' });
    await logoRes.arrayBuffer();

    const sign = await answerOf(API_ACCOUNT.companyImage, await image('sign'));
    expect(sign.url).toContain('signature=');
    expect((await s.request(sign.url.slice(0, sign.url.indexOf('?')))).status).toBe(404);
    const signRes = await s.request(sign.url);
    expect(headersOf(signRes)).toMatchObject({ status: 200, cache: 'private, no-store' });
    await signRes.arrayBuffer();
  });

  it('keeps and sends a hostile file name safe: base name only, no control characters, quotes or header breaks', async () => {
    const file = await answerOf(API_TICKETS.upload, await uploadAttachment(meera, PDF, HOSTILE_NAME));
    expect(file.name).toBe('pan.png');
    const ticket = await answerOf(API_TICKETS.raise, await raiseTicket(meera, [file.fileId]));
    expect(ticket.attachments[0].name).toBe('pan.png');
    const res = await send(s, API_TICKETS.attachment, {
      params: { ticketId: ticket.ticketId, fileId: file.fileId },
      token: meera,
    });
    expect(res.headers.get('content-disposition')).toBe('inline; filename="pan.png"');
    await res.arrayBuffer();

    const tricky = await answerOf(
      API_TICKETS.upload,
      await uploadAttachment(meera, PDF, 'C:\\Users\\x\\बिल "मार्च"\u202e\r\nX-Injected: 1.pdf'),
    );
    expect(tricky.name).toBe('बिल "मार्च"X-Injected: 1.pdf');
    const t2 = await answerOf(API_TICKETS.raise, await raiseTicket(meera, [tricky.fileId]));
    const r2 = await send(s, API_TICKETS.attachment, {
      params: { ticketId: t2.ticketId, fileId: tricky.fileId },
      token: meera,
    });
    expect(r2.headers.get('x-injected')).toBeNull();
    expect(r2.headers.get('content-disposition')).toBe(
      `inline; filename="___ _______X-Injected: 1.pdf"; filename*=UTF-8''${encodeURIComponent('बिल "मार्च"X-Injected: 1.pdf')}`,
    );
    await r2.arrayBuffer();

    const evidence = await answerOf(API_DISPUTES.evidence, await uploadEvidence(meera, '../../etc/passwd\u0007.png'));
    expect(evidence.name).toBe('passwd.png');
    const opened = await s.request(evidence.url);
    expect(opened.headers.get('content-disposition')).toBe('inline; filename="passwd.png"');
    await opened.arrayBuffer();
  });

  it('a KYC document named ../../../../tmp/pan.png is kept and sent as pan.png', async () => {
    const fresh = await newSeller(s, { email: 'files-kyc@example.com', phone: '9876501234', companyName: 'Files Co' });
    await answer(s, API_KYC.saveValues, {
      body: { accountType: 'INDIVIDUAL', profileName: 'Priya Nair' },
      token: fresh.token,
    });
    const v = await answerOf(API_KYC.upload, await uploadKycDocument(s, fresh.token, 'PAN', TINY_PNG, HOSTILE_NAME));
    const doc = v.documents.find((d) => d.kind === 'PAN')!;
    expect(doc.name).toBe('pan.png');
    const res = await s.request(pathOf(API_KYC.file, { documentId: doc.documentId }), { token: fresh.token });
    expect(headersOf(res)).toMatchObject({
      status: 200,
      cache: 'private, no-store',
      disposition: 'inline; filename="pan.png"',
    });
    await res.arrayBuffer();
    expect((await s.request(pathOf(API_KYC.file, { documentId: doc.documentId }), { token: meera })).status).toBe(404);
  });
});
