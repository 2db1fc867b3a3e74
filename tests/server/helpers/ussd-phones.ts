/**
 * A phone on a USSD gateway, for tests: dial, type, read the screen. One per gateway, each speaking
 * that gateway's exact wire format (Hubtel's JSON with its Sequence; Africa's Talking's form with
 * every answer so far joined by '*', read back as plain "CON …"/"END …"), and checking every answer
 * it gets is that format to the letter. Tests run one script through both.
 */
import { randomBytes } from 'node:crypto';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';

export const USSD_TOKEN = 'ussd-test-token-0123456789';
export const SERVICE_CODE = '*920*44#';

export interface Screen {
  text: string;
  end: boolean;
}

export interface Phone {
  readonly gateway: 'hubtel' | 'africastalking';
  readonly sessionId: string;
  /** Opens a session; `extra` is dialled after the service code (*920*44*extra#). */
  dial(extra?: string): Promise<Screen>;
  send(input: string): Promise<Screen>;
  /** The last request again, as a gateway retries it. */
  resend(): Promise<Screen>;
  /** Picks the app the next request goes to (two processes). */
  via(app: FastifyInstance): Phone;
}

const newSessionId = () => randomBytes(8).toString('hex');

function expectScreenLength(text: string) {
  expect(text.length, text).toBeLessThanOrEqual(160);
}

export function hubtelPhone(app: FastifyInstance, mobile: string): Phone {
  let target = app;
  const sessionId = `hub-${newSessionId()}`;
  let sequence = 0;
  let last: Record<string, unknown> | null = null;
  async function post(body: Record<string, unknown>): Promise<Screen> {
    last = body;
    const res = await target.inject({ method: 'POST', url: '/api/ussd/hubtel/', headers: { 'x-ussd-token': USSD_TOKEN }, payload: body });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    const answer = res.json();
    expect(Object.keys(answer).sort()).toEqual(['ClientState', 'DataType', 'FieldType', 'Label', 'Message', 'SessionId', 'Type']);
    expect(answer.SessionId).toBe(sessionId);
    expect(['response', 'release']).toContain(answer.Type);
    expect(answer.DataType).toBe(answer.Type === 'release' ? 'display' : 'input');
    expectScreenLength(answer.Message);
    return { text: answer.Message, end: answer.Type === 'release' };
  }
  const base = { SessionId: sessionId, ServiceCode: SERVICE_CODE, Operator: 'mtn', ClientState: '', Mobile: mobile, Platform: 'USSD' };
  const phone: Phone = {
    gateway: 'hubtel',
    sessionId,
    dial(extra = '') {
      sequence = 1;
      const Message = extra ? `${SERVICE_CODE.slice(0, -1)}*${extra}#` : SERVICE_CODE;
      return post({ ...base, Type: 'Initiation', Message, Sequence: sequence });
    },
    send(input) {
      sequence += 1;
      return post({ ...base, Type: 'Response', Message: input, Sequence: sequence });
    },
    resend: () => post(last!),
    via(next) {
      target = next;
      return phone;
    },
  };
  return phone;
}

export function africasTalkingPhone(app: FastifyInstance, mobile: string): Phone {
  let target = app;
  const sessionId = `ATUid_${newSessionId()}`;
  let text = '';
  async function post(current: string): Promise<Screen> {
    text = current;
    const form = new URLSearchParams({ sessionId, serviceCode: SERVICE_CODE, phoneNumber: `+${mobile}`, text, networkCode: '62001' });
    const res = await target.inject({
      method: 'POST',
      url: `/api/ussd/africastalking/?token=${USSD_TOKEN}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: form.toString(),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('text/plain; charset=utf-8');
    const match = /^(CON|END) ([\s\S]*)$/.exec(res.body);
    expect(match, res.body).not.toBeNull();
    expectScreenLength(match![2]);
    return { text: match![2], end: match![1] === 'END' };
  }
  const phone: Phone = {
    gateway: 'africastalking',
    sessionId,
    dial: (extra = '') => post(extra),
    send: (input) => post(text === '' ? input : `${text}*${input}`),
    resend: () => post(text),
    via(next) {
      target = next;
      return phone;
    },
  };
  return phone;
}

export const PHONES = { hubtel: hubtelPhone, africastalking: africasTalkingPhone };

/** A raw gateway request, for the answers a phone never gets (401, 403, 400). */
export function rawHubtel(app: FastifyInstance, payload: unknown, headers: Record<string, string> = { 'x-ussd-token': USSD_TOKEN }) {
  return app.inject({ method: 'POST', url: '/api/ussd/hubtel/', headers, payload: payload as Record<string, unknown> });
}

export function rawAfricasTalking(
  app: FastifyInstance,
  form: Record<string, string>,
  query = `?token=${USSD_TOKEN}`,
  remoteAddress?: string,
) {
  return app.inject({
    method: 'POST',
    url: `/api/ussd/africastalking/${query}`,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams(form).toString(),
    remoteAddress,
  }) as Promise<LightMyRequestResponse>;
}
