/** Argon2id password hashing (OWASP's recommended parameters, the library defaults). */
import { randomBytes } from 'node:crypto';
import { hash, verify, type Options } from '@node-rs/argon2';

// Algorithm is an ambient const enum (not importable with isolatedModules); 2 = Argon2id.
const OPTIONS: Options = { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 };

export function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    // A malformed stored hash (e.g. an unusable-password marker) never matches.
    return false;
  }
}

let dummyHash: Promise<string> | null = null;

/** Made at start so even the first unknown-email login costs one verify, like a real one. */
export function prepareDummyHash(): Promise<string> {
  dummyHash ??= hashPassword(randomBytes(16).toString('hex'));
  return dummyHash;
}

/** Spends the same time as a real check, so an unknown email is not faster to answer. */
export async function verifyAgainstDummy(password: string): Promise<false> {
  await verifyPassword(await prepareDummyHash(), password);
  return false;
}

/** A valid argon2 hash of a secret nobody knows: the account exists but cannot log in with a password. */
export function unusablePasswordHash(): Promise<string> {
  return hashPassword(randomBytes(32).toString('base64url'));
}
