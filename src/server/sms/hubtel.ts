/**
 * Hubtel's SMS API, "Simple SEND SMS POST" (businessdocs-developers.hubtel.com, Simple Messaging):
 *
 *   POST {SMS_HUBTEL_BASE_URL}/v1/messages/send
 *   Authorization: Basic base64(clientId:clientSecret)
 *   Content-Type: application/json
 *   {"From": "<sender ID>", "To": "233XXXXXXXXX", "Content": "<text>"}
 *
 * answered `{"rate", "messageId", "status", "networkId", "clientReference", "statusDescription"}`,
 * `status` 0 when the request was submitted. Hubtel splits a long text into parts itself.
 * A 4xx (other than 408 and 429) is final: the same request will be refused again. A 5xx, a
 * timeout, a dropped connection or a non-zero status on a 2xx are retried with backoff.
 */
import type { SmsSettings } from '../config';
import { SmsSendError, type SmsProvider } from './provider';

interface HubtelAnswer {
  messageId?: unknown;
  status?: unknown;
  statusDescription?: unknown;
}

const described = (answer: HubtelAnswer | null, fallback: string) =>
  typeof answer?.statusDescription === 'string' && answer.statusDescription ? answer.statusDescription.slice(0, 200) : fallback;

export function hubtelSms(settings: SmsSettings): SmsProvider {
  const endpoint = `${settings.hubtelBaseUrl}/v1/messages/send`;
  const authorization = `Basic ${Buffer.from(`${settings.clientId}:${settings.clientSecret}`).toString('base64')}`;
  return {
    name: 'hubtel',
    keepsOnly: false,
    async send(message) {
      let response: Response;
      try {
        response = await fetch(endpoint, {
          method: 'POST',
          headers: { authorization, 'content-type': 'application/json', accept: 'application/json' },
          body: JSON.stringify({ From: settings.sender, To: message.to, Content: message.text }),
          signal: AbortSignal.timeout(settings.timeoutMs),
        });
      } catch (error) {
        const timedOut = error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError');
        throw new SmsSendError(timedOut ? `Hubtel did not answer within ${settings.timeoutMs} ms` : 'Hubtel could not be reached', false);
      }
      const answer = (await response.json().catch(() => null)) as HubtelAnswer | null;
      if (!response.ok) {
        const final = response.status >= 400 && response.status < 500 && response.status !== 408 && response.status !== 429;
        throw new SmsSendError(`Hubtel answered ${response.status}: ${described(answer, response.statusText || 'no reason given')}`, final);
      }
      if (answer?.status !== 0 && answer?.status !== '0') {
        throw new SmsSendError(
          `Hubtel did not submit the text (status ${String(answer?.status)}): ${described(answer, 'no reason given')}`,
          false,
        );
      }
      return { providerMessageId: typeof answer.messageId === 'string' ? answer.messageId : null };
    },
  };
}
