import { desc, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { outboxMessages } from '../db/schema';
import { unnestSelect } from '../db/unnest';

export interface OutgoingMessage {
  channel: 'EMAIL' | 'SMS';
  recipient: string;
  subject: string;
  body: string;
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
  constructor(
    private readonly db: Db,
    private readonly transports: Transport[] = [],
  ) {}

  async send(message: OutgoingMessage): Promise<void> {
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
    await this.db.insert(outboxMessages).values({ ...message, status, error, transport: transport?.name ?? 'outbox' });
  }

  /** Many at once (a batch of courier scans): one write to the outbox when no transport is set. */
  async sendMany(messages: OutgoingMessage[]): Promise<void> {
    if (!messages.length) return;
    if (this.transports.length) {
      for (const m of messages) await this.send(m);
      return;
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
