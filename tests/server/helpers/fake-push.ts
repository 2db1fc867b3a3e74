/**
 * A local stand-in for a push service (FCM, Mozilla autopush…): records each POST and answers
 * a chosen status. Subscriptions made with `browserKeys()` can decrypt what arrives, which
 * proves the RFC 8291 encryption end to end, as a browser would.
 */
import { createECDH, randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { bearer } from './app';
import { createRequire } from 'node:module';

// web-push's own decryption dependency (no types).
const ece = createRequire(import.meta.url)('http_ece') as {
  decrypt(body: Buffer, params: { version: string; privateKey: unknown; authSecret: string }): Buffer;
};

export interface PushRequest {
  path: string;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

export interface FakePush {
  url: string;
  requests: PushRequest[];
  /** Status to answer per path (default 201, like real push services). */
  statusFor: Map<string, number>;
  close(): Promise<void>;
}

export async function startFakePush(): Promise<FakePush> {
  const fake = { url: '', requests: [], statusFor: new Map() } as unknown as FakePush;
  const server: Server = createServer(async (request, response) => {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const path = request.url ?? '/';
    fake.requests.push({ path, headers: request.headers, body: Buffer.concat(chunks) });
    response.writeHead(fake.statusFor.get(path) ?? 201);
    response.end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  fake.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  fake.close = () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return fake;
}

/** What a browser's PushManager would create: a P-256 key pair and an auth secret. */
export function browserKeys() {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  const auth = randomBytes(16).toString('base64url');
  return {
    p256dh: ecdh.getPublicKey().toString('base64url'),
    auth,
    decrypt: (body: Buffer) => JSON.parse(ece.decrypt(body, { version: 'aes128gcm', privateKey: ecdh, authSecret: auth }).toString('utf8')),
  };
}

/** Push settings for tests: generated keys, and http:// endpoints allowed so the fake can be local. */
export const TEST_PUSH = { vapid: null, subject: 'mailto:push-test@boafo.test', allowInsecureEndpoints: true };

let n = 0;
/** Subscribes the user to a fresh path on the fake push service; returns the endpoint and the browser's keys. */
export async function subscribe(app: FastifyInstance, fake: FakePush, access: string) {
  n += 1;
  const keys = browserKeys();
  const endpoint = `${fake.url}/push/${process.pid}-${n}`;
  const res = await app.inject({
    method: 'POST',
    url: '/api/push/subscribe/',
    headers: bearer(access),
    payload: { endpoint, keys: { p256dh: keys.p256dh, auth: keys.auth }, expirationTime: null },
  });
  if (res.statusCode !== 201) throw new Error(`subscribe failed: ${res.body}`);
  return { endpoint, path: new URL(endpoint).pathname, keys };
}
