import * as v from 'valibot';
import { WEBHOOK_EVENT_TYPES } from '../webhook-events';

// Request bodies of the open API's settings; the forms check the same rules.

export const ApiKeyBody = v.object({
  name: v.pipe(
    v.string('Key name is required'),
    v.trim(),
    v.minLength(1, 'Key name is required'),
    v.maxLength(60, 'Key name must be at most 60 characters'),
  ),
});
export type ApiKeyInput = v.InferInput<typeof ApiKeyBody>;

export const WebhookEndpointBody = v.object({
  url: v.pipe(
    v.string('Endpoint link is required'),
    v.trim(),
    v.minLength(1, 'Endpoint link is required'),
    v.maxLength(500, 'Endpoint link must be at most 500 characters'),
    v.check((s) => {
      try {
        const u = new URL(s);
        return u.protocol === 'https:' || u.protocol === 'http:';
      } catch {
        return false;
      }
    }, 'Endpoint link must be an http or https address'),
  ),
  description: v.optional(
    v.pipe(v.string(), v.trim(), v.maxLength(200, 'Description must be at most 200 characters')),
    '',
  ),
  events: v.pipe(
    v.array(v.picklist(WEBHOOK_EVENT_TYPES, 'Events may contain only the listed events'), 'Events must be a list'),
    v.minLength(1, 'Choose at least one of the events'),
  ),
});
export type WebhookEndpointInput = v.InferInput<typeof WebhookEndpointBody>;

export const EndpointStatusBody = v.object({ enabled: v.boolean('Enabled must be true or false') });
