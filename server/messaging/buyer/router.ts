import { eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { buyerMessages } from '../../db/schema';
import { MESSAGE_KIND_LABELS, type MessageLanguage } from '../../../src/domain/messaging/message-kinds';
import type { MessageValues } from '../../../src/domain/messaging/vocabulary';
import type { OutgoingMessage } from '../messenger';
import { fillSms, fillWhatsApp } from '../templates/render';
import { templateFor, type SmsTemplate, type TemplateRegistry, type WhatsAppTemplate } from '../templates/registry';
import { MessagingError, type BuyerMessageMeta, type ChannelTransport } from './buyer-message';
import { advanceStatus, writeLog, type NewLogRow } from './message-log';
import { channelChoices, DEFAULT_CHOICE, type ChannelChoice } from './preferences';

// The buyer-message router. A module hands it its messages (the phone one and the email one)
// with their kind and values; it picks the channel by the seller's choice (WhatsApp first when
// chosen and set up, else SMS), fills the channel's registered template, refuses what does not
// fit it (never sent), writes the message log and hands the rest to the channel's transport.
// Without a transport the outbox carries the product's own text (the development mailbox).

export type BuyerOutgoing = OutgoingMessage & { buyer: BuyerMessageMeta };

/** How the router writes what has no templated transport: the outbox (and SMTP for email). */
export interface PlainDelivery {
  deliverPlain(messages: OutgoingMessage[]): Promise<{ provider: string; error: string | null }[]>;
  /** whether only the outbox carries plain messages (no SMTP): their outcome is known before sending */
  readonly outboxOnly: boolean;
}

export interface RouterSetup {
  templates: TemplateRegistry;
  dnd: ReadonlySet<string>;
  transports?: ChannelTransport[];
}

interface Planned {
  message: BuyerOutgoing;
  row: NewLogRow;
  /** handed to a templated transport after the row is written */
  send?: { transport: ChannelTransport; template: SmsTemplate | WhatsAppTemplate; values: Record<string, string> };
  /** carried by the outbox or SMTP with the product's text */
  plain?: OutgoingMessage;
}

const tenDigits = (recipient: string) => recipient.replace(/\D/g, '').slice(-10);

export class BuyerMessenger {
  private readonly transports: ChannelTransport[];

  constructor(
    private readonly db: Db,
    private readonly plain: PlainDelivery,
    private readonly setup: RouterSetup,
    private readonly now: () => Date = () => new Date(),
  ) {
    this.transports = [...(setup.transports ?? [])];
  }

  get templates(): TemplateRegistry {
    return this.setup.templates;
  }

  get dndCount(): number {
    return this.setup.dnd.size;
  }

  /** Plugs in a channel's provider (MSG91, WhatsApp); the last one added for a channel wins. */
  addTransport(transport: ChannelTransport): void {
    this.transports.unshift(transport);
  }

  transportOf(channel: 'SMS' | 'WHATSAPP'): ChannelTransport | null {
    return this.transports.find((t) => t.channel === channel) ?? null;
  }

  async sendMany(messages: BuyerOutgoing[]): Promise<void> {
    if (!messages.length) return;
    const choices = await channelChoices(
      this.db,
      messages.map((m) => m.buyer.orgId),
    );
    const planned = messages.flatMap((m) => {
      const choice = choices.get(`${m.buyer.orgId}|${m.buyer.setting}`) ?? DEFAULT_CHOICE;
      return this.plan(m, choice);
    });
    await this.carry(planned);
  }

  /**
   * The WhatsApp side's hook when a message fails or cannot be delivered: the same message goes by
   * SMS, once however often the failure is reported. Returns whether an SMS was attempted.
   */
  async fallbackToSms(logId: number): Promise<boolean> {
    const [row] = await this.db.select().from(buyerMessages).where(eq(buyerMessages.id, logId));
    if (!row || row.channel !== 'WHATSAPP') return false;
    const language: MessageLanguage = row.language === 'hi' ? 'hi' : 'en';
    const message: BuyerOutgoing = {
      channel: 'SMS',
      recipient: row.recipient,
      subject: '',
      body: row.body,
      buyer: {
        kind: row.kind as BuyerMessageMeta['kind'],
        orgId: row.orgId,
        orderId: row.orderId,
        shipmentId: row.shipmentId,
        setting: '',
        values: JSON.parse(row.values ?? '{}') as MessageValues,
      },
    };
    const [sms] = this.planSms(message, language);
    sms.row.fallbackOf = row.id;
    const claimed = await this.db
      .insert(buyerMessages)
      .values(sms.row)
      .onConflictDoNothing({ target: buyerMessages.fallbackOf })
      .returning({ id: buyerMessages.id });
    if (!claimed.length) return false;
    await this.deliver([{ ...sms, id: claimed[0].id }]);
    return true;
  }

  private plan(m: BuyerOutgoing, choice: ChannelChoice): Planned[] {
    if (m.channel === 'EMAIL') return choice.email ? [this.planEmail(m, choice.language)] : [];
    if (!choice.sms && !choice.whatsapp) return [];
    const whatsapp = choice.whatsapp ? this.planWhatsApp(m, choice.language) : null;
    if (whatsapp) return [whatsapp];
    if (!choice.sms && choice.whatsapp)
      return [
        this.refused(m, 'WHATSAPP', choice.language, null, 'WhatsApp is not set up for this message and SMS is off'),
      ];
    return this.planSms(m, choice.language);
  }

  private base(m: BuyerOutgoing, channel: NewLogRow['channel'], language: MessageLanguage): NewLogRow {
    const at = this.now();
    return {
      orgId: m.buyer.orgId,
      orderId: m.buyer.orderId,
      shipmentId: m.buyer.shipmentId ?? null,
      kind: m.buyer.kind,
      channel,
      provider: 'outbox',
      language,
      recipient: m.recipient,
      body: m.body,
      values: JSON.stringify(m.buyer.values),
      status: 'queued',
      createdAt: at,
      updatedAt: at,
    };
  }

  private refused(
    m: BuyerOutgoing,
    channel: 'SMS' | 'WHATSAPP',
    language: MessageLanguage,
    template: string | null,
    why: string,
  ): Planned {
    const transport = this.transportOf(channel);
    return {
      message: m,
      row: {
        ...this.base(m, channel, language),
        provider: transport?.name ?? 'outbox',
        template,
        status: 'failed',
        error: `Not sent: ${why}.`,
      },
    };
  }

  private planEmail(m: BuyerOutgoing, language: MessageLanguage): Planned {
    return { message: m, row: this.base(m, 'EMAIL', language), plain: m };
  }

  private planWhatsApp(m: BuyerOutgoing, language: MessageLanguage): Planned | null {
    const transport = this.transportOf('WHATSAPP');
    const template = templateFor(this.setup.templates.whatsapp[m.buyer.kind], language);
    if (!transport || !template) return null;
    const filled = fillWhatsApp(template, m.buyer.values);
    if (!filled.ok) return null;
    return {
      message: m,
      row: { ...this.base(m, 'WHATSAPP', template.language), provider: transport.name, template: template.name },
      send: { transport, template, values: filled.values },
    };
  }

  private planSms(m: BuyerOutgoing, language: MessageLanguage): Planned[] {
    const template = templateFor(this.setup.templates.sms[m.buyer.kind], language);
    if (!template)
      return [
        this.refused(
          m,
          'SMS',
          language,
          null,
          `no SMS template is registered for “${MESSAGE_KIND_LABELS[m.buyer.kind]}”`,
        ),
      ];
    if (template.category === 'promotional' && this.setup.dnd.has(tenDigits(m.recipient)))
      return [
        this.refused(
          m,
          'SMS',
          language,
          template.templateId,
          'the number is on the do-not-disturb registry and the template is promotional',
        ),
      ];
    const filled = fillSms(template, m.buyer.values);
    if (!filled.ok) return [this.refused(m, 'SMS', language, template.templateId, filled.reason)];
    const transport = this.transportOf('SMS');
    const row = { ...this.base(m, 'SMS', template.language), template: template.templateId };
    if (!transport) return [{ message: m, row, plain: m }];
    return [
      {
        message: m,
        row: { ...row, provider: transport.name, body: filled.text ?? m.body },
        send: { transport, template, values: filled.values },
      },
    ];
  }

  /** Writes the log (one statement), then carries each message. */
  private async carry(planned: Planned[]): Promise<void> {
    // through the outbox alone each message's outcome is known before it goes (sent, by the
    // outbox): its log row is written final, once, rather than written and then updated (a batch
    // of courier scans sends hundreds at a time)
    if (this.plain.outboxOnly && planned.every((p) => p.plain && !p.send)) {
      const at = this.now();
      await writeLog(
        this.db,
        planned.map((p) => ({ ...p.row, provider: 'outbox', status: 'sent' as const, error: null, updatedAt: at })),
      );
      await this.plain.deliverPlain(planned.map((p) => p.plain!));
      return;
    }
    const ids = await writeLog(
      this.db,
      planned.map((p) => p.row),
    );
    await this.deliver(planned.map((p, i) => ({ ...p, id: ids[i] })));
  }

  private async deliver(planned: (Planned & { id: number })[]): Promise<void> {
    const plain = planned.filter((p) => p.plain);
    if (plain.length) {
      const results = await this.plain.deliverPlain(plain.map((p) => p.plain!));
      // one update per outcome (a batch through the outbox is one)
      const byOutcome = new Map<string, number[]>();
      for (const [i, p] of plain.entries()) {
        const key = JSON.stringify([results[i].provider, results[i].error]);
        byOutcome.set(key, [...(byOutcome.get(key) ?? []), p.id]);
      }
      for (const [key, ids] of byOutcome) {
        const [provider, error] = JSON.parse(key) as [string, string | null];
        await this.db
          .update(buyerMessages)
          .set({ provider, status: error ? 'failed' : 'sent', error, updatedAt: this.now() })
          .where(inArray(buyerMessages.id, ids));
      }
    }
    for (const p of planned) {
      if (!p.send) continue;
      const { transport, template, values } = p.send;
      try {
        const receipt = await transport.send({
          logId: p.id,
          kind: p.message.buyer.kind,
          recipient: p.message.recipient,
          language: p.row.language === 'hi' ? 'hi' : 'en',
          template: template as never,
          values,
        });
        await advanceStatus(this.db, { id: p.id }, 'sent', {
          providerMessageId: receipt.providerMessageId,
          at: this.now(),
        });
      } catch (e) {
        const why =
          e instanceof MessagingError ? e.message : `${transport.name} could not be reached; the message was not sent.`;
        await advanceStatus(this.db, { id: p.id }, 'failed', { error: why, at: this.now() });
        if (transport.channel === 'WHATSAPP') await this.fallbackToSms(p.id);
      }
    }
  }
}
