/**
 * A local stand-in for a push service (FCM, Mozilla autopush…): records each POST and answers
 * a chosen status. Subscriptions made with `browserKeys()` can decrypt what arrives, which
 * proves the RFC 8291 encryption end to end, as a browser would.
 */
import { createECDH, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
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

/**
 * Plain http on 127.0.0.1 by default (in-process tests allow it). With `https`, the service answers
 * over TLS at `name` (listening on `address`), as a real push service would: what a started server,
 * which sends only to https push-service names, can reach.
 */
export interface FakePushOptions {
  https?: { key: Buffer; cert: Buffer; name: string; address: string };
}

export async function startFakePush(options: FakePushOptions = {}): Promise<FakePush> {
  const fake = { url: '', requests: [], statusFor: new Map() } as unknown as FakePush;
  const answer = async (request: IncomingMessage, response: ServerResponse) => {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const path = request.url ?? '/';
    fake.requests.push({ path, headers: request.headers, body: Buffer.concat(chunks) });
    response.writeHead(fake.statusFor.get(path) ?? 201);
    response.end();
  };
  const tls = options.https;
  const server: Server = tls ? createHttpsServer({ key: tls.key, cert: tls.cert }, answer) : createServer(answer);
  await new Promise<void>((resolve) => server.listen(0, tls?.address ?? '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  fake.url = tls ? `https://${tls.name}:${port}` : `http://127.0.0.1:${port}`;
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
    headers: { authorization: `Bearer ${access}` },
    payload: { endpoint, keys: { p256dh: keys.p256dh, auth: keys.auth }, expirationTime: null },
  });
  if (res.statusCode !== 201) throw new Error(`subscribe failed: ${res.body}`);
  return { endpoint, path: new URL(endpoint).pathname, keys };
}
