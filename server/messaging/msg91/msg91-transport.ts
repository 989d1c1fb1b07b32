import type { SmsTemplate } from '../templates/registry';
import { MessagingError, type ChannelTransport, type SendReceipt, type TemplatedMessage } from '../buyer/buyer-message';
import type { Msg91Settings } from '../settings';
import { FLOW_PATH, msg91Number, readFlowAnswer, type FlowRequest } from './flow-shapes';

// The SMS channel through MSG91: one Flow API call per message, on the kind's registered
// template with exactly its variables. Links are shortened by MSG91 (short_url), as DLT wants
// the whitelisted short domain in templates that carry links.

const TIMEOUT_MS = 10_000;

export function msg91Transport(settings: Msg91Settings, fetcher: () => typeof fetch): ChannelTransport<'SMS'> {
  return {
    name: 'msg91',
    channel: 'SMS',
    async send(m: TemplatedMessage<SmsTemplate>): Promise<SendReceipt> {
      const body: FlowRequest = {
        template_id: m.template.templateId,
        short_url: m.template.variables.includes('link') ? '1' : '0',
        sender: m.template.header || settings.senderId,
        recipients: [{ mobiles: msg91Number(m.recipient), ...m.values }],
      };
      let response: Response;
      try {
        response = await fetcher()(`${settings.baseUrl}${FLOW_PATH}`, {
          method: 'POST',
          headers: { authkey: settings.authKey, 'content-type': 'application/json', accept: 'application/json' },
          body: JSON.stringify(body),
          signal: AbortSignal.timeout(TIMEOUT_MS),
        });
      } catch {
        throw new MessagingError('MSG91 could not be reached; the SMS was not sent.', true);
      }
      const answer = readFlowAnswer(response.status, await response.text());
      if (answer.ok) return { providerMessageId: answer.requestId };
      throw new MessagingError(
        answer.transient
          ? `MSG91 could not take the SMS just now (${answer.message}); it was not sent.`
          : `MSG91 refused the SMS (${answer.message}).`,
        answer.transient,
      );
    },
  };
}
