// A local push service the started server will send to. Outside in-process tests the server posts
// only to https addresses that name a host (not localhost, not an IP literal), as a browser's
// subscription does: so the fake answers over TLS at this machine's own name, with a self-signed
// certificate the server is told to trust through NODE_EXTRA_CA_CERTS (Node's own setting for a
// private certificate authority), and the server's code runs as it does in production.
import { spawnSync } from 'node:child_process';
import { lookup } from 'node:dns/promises';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { startFakePush, type FakePush } from '../../server/helpers/fake-push';

export interface HttpsPushService {
  fake: FakePush;
  /** Environment for the started server: trust the fake's certificate. */
  env: { NODE_EXTRA_CA_CERTS: string };
  close(): Promise<void>;
}

/** This machine's name and the address it resolves to, or why a push service cannot be reached by name here. */
export async function machineName(): Promise<{ name: string; address: string } | { unavailable: string }> {
  const name = hostname().toLowerCase();
  if (!name || name === 'localhost' || name.endsWith('.localhost')) return { unavailable: `the machine is named "${name}"` };
  if (spawnSync('openssl', ['version']).status !== 0) return { unavailable: 'openssl is not installed' };
  try {
    const { address } = await lookup(name, { family: 4 });
    return { name, address };
  } catch {
    return { unavailable: `the machine's name "${name}" does not resolve` };
  }
}

export async function startHttpsPushService(at: { name: string; address: string }): Promise<HttpsPushService> {
  const dir = mkdtempSync(join(tmpdir(), 'boafo-push-tls-'));
  const [key, cert] = [join(dir, 'key.pem'), join(dir, 'cert.pem')];
  // One day, P-256, the name as subjectAltName (what TLS checks) and as the subject.
  const options = 'req -x509 -newkey ec -pkeyopt ec_paramgen_curve:prime256v1 -nodes -days 1'.split(' ');
  const made = spawnSync('openssl', [
    ...options,
    ...['-subj', `/CN=${at.name}`, '-addext', `subjectAltName=DNS:${at.name}`, '-keyout', key, '-out', cert],
  ]);
  if (made.status !== 0) throw new Error(`openssl could not make a certificate: ${made.stderr.toString()}`);
  const fake = await startFakePush({ https: { key: readFileSync(key), cert: readFileSync(cert), ...at } });
  return {
    fake,
    env: { NODE_EXTRA_CA_CERTS: cert },
    close: async () => {
      await fake.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
