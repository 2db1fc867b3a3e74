/**
 * A local stand-in for Hubtel's SMS API, "Simple SEND SMS POST" as documented (Simple Messaging):
 * POST /v1/messages/send with `Authorization: Basic base64(clientId:clientSecret)` and a JSON body
 * {From, To, Content}, all mandatory, answered {rate, messageId, status: 0, networkId,
 * clientReference, statusDescription}. Wrong credentials are a 401, a missing field a 400.
 * Tests make the next requests fail with a status (nothing is delivered) or hang until the caller
 * gives up (nothing is delivered either), and read what was delivered.
 */
import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll } from 'vitest';
import type { SmsSettings } from '../../../src/server/config';

export interface HubtelRequest {
  method: string;
  path: string;
  authorization: string | undefined;
  contentType: string | undefined;
  raw: string;
}

export interface DeliveredSms {
  From: string;
  To: string;
  Content: string;
  messageId: string;
}

export interface FakeHubtelSms {
  url: string;
  clientId: string;
  clientSecret: string;
  requests: HubtelRequest[];
  delivered: DeliveredSms[];
  /** The next n sends answer this status (no text is delivered). */
  failNext(n: number, status?: number): void;
  /** The next n sends get no answer until the caller hangs up (no text is delivered). */
  hangNext(n: number): void;
  /** The next n sends answer 200 with a non-zero status (Hubtel did not submit them). */
  refuseNext(n: number): void;
  close(): Promise<void>;
}

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

function answer(response: ServerResponse, status: number, body: unknown) {
  response.writeHead(status, { 'content-type': 'application/json; charset=utf-8' });
  response.end(JSON.stringify(body));
}

export async function startFakeHubtelSms(clientId = 'fakeclient', clientSecret = 'fake-secret-1234'): Promise<FakeHubtelSms> {
  let failing = { count: 0, status: 500 };
  let hanging = 0;
  let refusing = 0;
  const expected = `Basic ${Buffer.from(`${clientId}:${clientSecret}`).toString('base64')}`;
  const fake: FakeHubtelSms = {
    url: '',
    clientId,
    clientSecret,
    requests: [],
    delivered: [],
    failNext: (count, status = 500) => {
      failing = { count, status };
    },
    hangNext: (n) => {
      hanging = n;
    },
    refuseNext: (n) => {
      refusing = n;
    },
    close: async () => {},
  };
  const server = createServer((request, response) => {
    void (async () => {
      const raw = await readBody(request);
      const path = new URL(request.url ?? '/', 'http://fake').pathname;
      fake.requests.push({
        method: request.method ?? '',
        path,
        authorization: request.headers.authorization,
        contentType: request.headers['content-type'],
        raw,
      });
      if (request.method !== 'POST' || path !== '/v1/messages/send') return answer(response, 404, { message: 'Not Found' });
      if (request.headers.authorization !== expected) return answer(response, 401, { message: 'Unauthorized' });
      if (hanging > 0) {
        hanging -= 1;
        return; // never answered: the caller's timeout ends it
      }
      if (failing.count > 0) {
        failing.count -= 1;
        return answer(response, failing.status, { message: 'Something went wrong', statusDescription: 'internal error' });
      }
      let body: Partial<Record<'From' | 'To' | 'Content', unknown>>;
      try {
        body = JSON.parse(raw) as typeof body;
      } catch {
        return answer(response, 400, { status: 400, statusDescription: 'invalid request body' });
      }
      for (const field of ['From', 'To', 'Content'] as const) {
        if (typeof body[field] !== 'string' || !body[field]) {
          return answer(response, 400, { status: 400, statusDescription: `${field} is required` });
        }
      }
      const messageId = randomUUID();
      if (refusing > 0) {
        refusing -= 1;
        return answer(response, 200, {
          rate: 0,
          messageId,
          status: 1,
          networkId: '62001',
          clientReference: null,
          statusDescription: 'insufficient balance',
        });
      }
      fake.delivered.push({ From: body.From as string, To: body.To as string, Content: body.Content as string, messageId });
      answer(response, 200, {
        rate: 0.0309,
        messageId,
        status: 0,
        networkId: '62001',
        clientReference: null,
        statusDescription: 'request submitted successfully',
      });
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  fake.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  fake.close = () =>
    new Promise((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return fake;
}

export interface UsedFakeHubtel {
  fake: FakeHubtelSms;
  /** The app's config.sms pointing at the fake (filled in once it listens): short timeout, no timer. */
  settings: SmsSettings;
}

/** Starts the fake before the app (call before useApp/useTwoApps) and closes it after. */
export function useFakeHubtelSms(overrides: Partial<SmsSettings> = {}): UsedFakeHubtel {
  const used = {
    settings: {
      provider: 'hubtel',
      clientId: 'fakeclient',
      clientSecret: 'fake-secret-1234',
      sender: 'Boafo',
      hubtelBaseUrl: '',
      inboundToken: null,
      inboundAllowedIps: null,
      intervalSeconds: 0,
      timeoutMs: 400,
      ...overrides,
    },
  } as UsedFakeHubtel;
  beforeAll(async () => {
    used.fake = await startFakeHubtelSms(used.settings.clientId!, used.settings.clientSecret!);
    used.settings.hubtelBaseUrl = used.fake.url;
  });
  afterAll(async () => {
    await used.fake?.close();
  });
  return used;
}
