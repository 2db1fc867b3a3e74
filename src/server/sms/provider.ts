/**
 * The SMS gateway behind one small interface: `log` (the default, no network: the text is written
 * to the log and kept for the admins' screen) or `hubtel` (hubtel.ts). The worker (worker.ts) is the
 * only caller.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { SmsSettings } from '../config';
import { hubtelSms } from './hubtel';

export interface SmsMessage {
  /** 233XXXXXXXXX. */
  to: string;
  text: string;
  /** Our outbox row's id. */
  id: string;
}

export interface SmsSent {
  /** The gateway's id for the text, when it gives one. */
  providerMessageId: string | null;
}

export interface SmsProvider {
  name: 'log' | 'hubtel';
  /** True when nothing leaves the server: the row ends 'kept', not 'sent'. */
  keepsOnly: boolean;
  /** Resolves once the gateway accepted the text; throws SmsSendError (or any error: retried) otherwise. */
  send(message: SmsMessage): Promise<SmsSent>;
}

/** A refusal; `final` when sending the same text again cannot succeed (a malformed number, bad credentials). */
export class SmsSendError extends Error {
  constructor(
    message: string,
    readonly final: boolean,
  ) {
    super(message);
    this.name = 'SmsSendError';
  }
}

export function logSms(log: FastifyBaseLogger): SmsProvider {
  return {
    name: 'log',
    keepsOnly: true,
    async send(message) {
      log.info({ smsId: message.id, to: message.to, text: message.text }, 'SMS kept (SMS_PROVIDER=log): nothing was sent');
      return { providerMessageId: null };
    },
  };
}

export function smsProvider(settings: SmsSettings, log: FastifyBaseLogger): SmsProvider {
  return settings.provider === 'hubtel' ? hubtelSms(settings) : logSms(log);
}
