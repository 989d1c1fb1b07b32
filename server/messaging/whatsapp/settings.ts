// The WhatsApp Business Cloud API connection as configuration gives it. WhatsApp is used exactly
// when WHATSAPP_ACCESS_TOKEN is set; without it the buyer's messages stay on the other channels.

/** The Graph API version the product's calls and webhook parsing are written against. */
export const GRAPH_API_VERSION = 'v21.0';

export const WHATSAPP_DEFAULT_BASE_URL = 'https://graph.facebook.com';

export interface WhatsAppSettings {
  /** Meta's Graph host, or a stand-in's address (WHATSAPP_BASE_URL) */
  baseUrl: string;
  /** a system user's access token for the WhatsApp Business Account (WHATSAPP_ACCESS_TOKEN) */
  accessToken: string;
  /** the business phone number's id in Meta's WhatsApp Manager (WHATSAPP_PHONE_NUMBER_ID) */
  phoneNumberId: string;
  /** the Meta app's secret: webhooks are signed with it (WHATSAPP_APP_SECRET) */
  appSecret: string;
  /** the token Meta sends back in the webhook's subscription handshake (WHATSAPP_VERIFY_TOKEN) */
  verifyToken: string;
}

/** The settings when WHATSAPP_ACCESS_TOKEN is set, else null. */
export function readWhatsAppSettings(env: NodeJS.ProcessEnv): WhatsAppSettings | null {
  const accessToken = env.WHATSAPP_ACCESS_TOKEN?.trim();
  if (!accessToken) return null;
  return {
    baseUrl: (env.WHATSAPP_BASE_URL?.trim() || WHATSAPP_DEFAULT_BASE_URL).replace(/\/+$/, ''),
    accessToken,
    phoneNumberId: env.WHATSAPP_PHONE_NUMBER_ID?.trim() ?? '',
    appSecret: env.WHATSAPP_APP_SECRET ?? '',
    verifyToken: env.WHATSAPP_VERIFY_TOKEN ?? '',
  };
}

/** What keeps configured WhatsApp from working, each as a sentence for whoever starts the server. */
export function whatsAppSettingsProblems(s: WhatsAppSettings): string[] {
  const problems: string[] = [];
  if (!s.phoneNumberId)
    problems.push(
      'WHATSAPP_PHONE_NUMBER_ID is not set: WhatsApp messages cannot be sent without the business number’s id.',
    );
  if (!s.appSecret)
    problems.push('WHATSAPP_APP_SECRET is not set: buyers’ WhatsApp replies cannot be verified, so none will be read.');
  if (!s.verifyToken)
    problems.push(
      'WHATSAPP_VERIFY_TOKEN is not set: Meta cannot subscribe the webhook, so buyers’ replies will not arrive.',
    );
  return problems;
}
