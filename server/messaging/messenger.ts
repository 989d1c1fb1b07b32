import { desc, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { outboxMessages } from '../db/schema';
import { unnestSelect } from '../db/unnest';
import type { BuyerMessageMeta } from './buyer/buyer-message';
import { BuyerMessenger, type BuyerOutgoing, type RouterSetup } from './buyer/router';

export interface OutgoingMessage {
  channel: 'EMAIL' | 'SMS';
  recipient: string;
  subject: string;
  body: string;
  /** a message to a buyer: its kind and values, so it goes on the channel's registered template */
  buyer?: BuyerMessageMeta;
}

/** An adapter that really delivers a message (SMTP, an SMS provider). */
export interface Transport {
  name: string;
  channel: 'EMAIL' | 'SMS';
  deliver(message: OutgoingMessage): Promise<void>;
}

/**
 * Every message is written to the outbox first, then handed to the channel's transport if one
 * is configured. Without transports (the demo, tests) the outbox is the delivery: the
 * development mailbox shows it.
 */
export class Messenger {
  /** buyer messages: channels by the seller's choice, registered templates, the message log */
  readonly buyer: BuyerMessenger;

  constructor(
    private readonly db: Db,
    private readonly transports: Transport[] = [],
    buyerSetup: RouterSetup = {
      templates: { sms: {}, whatsapp: {}, source: { SMS: 'demo', WHATSAPP: 'demo' } },
      dnd: new Set(),
    },
    now?: () => Date,
  ) {
    this.buyer = new BuyerMessenger(db, this, buyerSetup, now);
  }

  get outboxOnly(): boolean {
    return this.transports.length === 0;
  }

  async send(message: OutgoingMessage): Promise<void> {
    await this.sendMany([message]);
  }

  /** Many at once (a batch of courier scans): one write to the outbox when no transport is set. */
  async sendMany(messages: OutgoingMessage[]): Promise<void> {
    const forBuyers = messages.filter((m): m is BuyerOutgoing => !!m.buyer);
    const others = messages.filter((m) => !m.buyer);
    if (others.length) await this.deliverPlain(others);
    if (forBuyers.length) await this.buyer.sendMany(forBuyers);
  }

  /** Through the channel's plain transport (SMTP) if one is set, the outbox always: who carried each. */
  async deliverPlain(messages: OutgoingMessage[]): Promise<{ provider: string; error: string | null }[]> {
    if (!messages.length) return [];
    if (this.transports.length) {
      const out = [];
      for (const m of messages) out.push(await this.deliverOne(m));
      return out;
    }
    await this.db.execute(
      sql`insert into ${outboxMessages} (channel, recipient, subject, body, status, transport)
          select u.*, 'OUTBOX', 'outbox' from (${unnestSelect([
            [messages.map((m) => m.channel), 'text'],
            [messages.map((m) => m.recipient), 'text'],
            [messages.map((m) => m.subject), 'text'],
            [messages.map((m) => m.body), 'text'],
          ])}) as u`,
    );
    return messages.map(() => ({ provider: 'outbox', error: null }));
  }

  private async deliverOne(message: OutgoingMessage): Promise<{ provider: string; error: string | null }> {
    const transport = this.transports.find((t) => t.channel === message.channel);
    let status = 'OUTBOX';
    let error: string | null = null;
    if (transport) {
      try {
        await transport.deliver(message);
        status = 'SENT';
      } catch (e) {
        status = 'FAILED';
        error = e instanceof Error ? e.message : String(e);
      }
    }
    const { channel, recipient, subject, body } = message;
    await this.db
      .insert(outboxMessages)
      .values({ channel, recipient, subject, body, status, error, transport: transport?.name ?? 'outbox' });
    return { provider: transport?.name ?? 'outbox', error: error ? 'The mail server refused the message.' : null };
  }

  async recent(limit = 200) {
    return this.db.select().from(outboxMessages).orderBy(desc(outboxMessages.id)).limit(limit);
  }
}

export async function smtpTransport(smtpUrl: string, from: string): Promise<Transport> {
  const nodemailer = await import('nodemailer');
  const transporter = nodemailer.default.createTransport(smtpUrl);
  return {
    name: 'smtp',
    channel: 'EMAIL',
    async deliver(m) {
      await transporter.sendMail({ from, to: m.recipient, subject: m.subject, text: m.body });
    },
  };
}
