/**
 * Server settings, read once from the environment. Bad values stop the start
 * with a message naming the setting, rather than failing later at first use.
 * SETTINGS documents every variable (the README's table is written from it).
 */
import path from 'node:path';
import { passwordProblems } from '../shared/sign-in';

export interface AppConfig {
  port: number;
  host: string;
  dataDir: string;
  /** postgres://… for a real PostgreSQL; null means PGlite. */
  databaseUrl: string | null;
  /** Where PGlite keeps its files ("memory://" for tests). Used only when databaseUrl is null. */
  pgliteDir: string;
  /**
   * Tests only, never read from the environment: an in-memory PGlite ("memory://") starts from this
   * image of a data folder (PGlite's dumpDataDir) instead of running initdb, the slowest part of
   * its start. Migrations still run after it and apply whatever the image lacks.
   */
  pgliteImage?: Blob;
  /** Let V8 optimise PGlite's WebAssembly beyond the baseline tier (server.ts). */
  pgliteOptimizedCode: boolean;
  /** null → a random secret is generated once and kept in the database. */
  jwtSecret: string | null;
  admin: { email: string; password: string } | null;
  publicUrl: string | null;
  googleAuthUrl: string | null;
  facebookAuthUrl: string | null;
  webDistDir: string;
  logLevel: string;
  seedDemo: boolean;
  trustProxy: boolean;
  /** Origins (scheme://host[:port]) whose pages may call the API cross-origin (CORS_ORIGINS). */
  corsOrigins: string[];
  loginLimits: { perEmail: number; perIp: number; windowSeconds: number };
  /** How long a guest's public read may be answered from this process's memory (0 = never). */
  publicCacheSeconds: number;
  payments: PaymentSettings;
  /** How long a mobile money prompt waits on the donor's phone before the page offers a new one (MOBILE_MONEY_PROMPT_SECONDS). */
  mobilePromptSeconds: number;
  push: PushSettings;
  realtime: RealtimeSettings;
  sweeper: SweeperSettings;
  mail: MailSettings;
  /** Hours a card donation stays held before it can be withdrawn (0 = never held). */
  cardHoldHours: number;
  metrics: MetricsSettings;
  drain: DrainSettings;
}

/** GET /metrics (plugins/app/metrics.ts): off unless a token or a port of its own is set. */
export interface MetricsSettings {
  /** Bearer token a scrape must send (METRICS_TOKEN); null = none asked (only on METRICS_PORT). */
  token: string | null;
  /** A port of its own for /metrics (METRICS_PORT); null = the public port, with the token. */
  port: number | null;
}

/** What SIGTERM does (server.ts): ready turns 503 at once, the process keeps answering this long, then stops. */
export interface DrainSettings {
  /** DRAIN_SECONDS: time for the load balancer to see ready fail before this process stops accepting. */
  delaySeconds: number;
  /** SHUTDOWN_TIMEOUT_SECONDS: longest wait for requests in flight and workers before the process exits anyway. */
  timeoutSeconds: number;
}

/** The money sweeper (payments/sweeper.ts): how often it runs and when a payment or payout counts as stuck. */
export interface SweeperSettings {
  /** 0 = this process never sweeps (another one does). */
  intervalSeconds: number;
  paymentRecheckSeconds: number;
  paymentAbandonSeconds: number;
  withdrawalRecheckSeconds: number;
}

export interface PushSettings {
  /** null → a key pair is generated once and kept in app_settings. */
  vapid: { publicKey: string; privateKey: string } | null;
  subject: string;
  /** Tests only (no env variable): lets a subscription point at a local http:// fake push service. */
  allowInsecureEndpoints: boolean;
}

/** Socket timings and bounds; not env settings, tests shorten them. */
export interface RealtimeSettings {
  /** Only for a socket that arrives while this process already holds maxGuestSockets guests: authenticate within this or go. */
  authTimeoutMs: number;
  heartbeatMs: number;
  /** Unauthenticated (guest) sockets one process keeps open; beyond it a new socket must authenticate in time. */
  maxGuestSockets: number;
}

export const PAYMENT_PROVIDERS = ['sandbox', 'paystack'] as const;
export type PaymentProviderName = (typeof PAYMENT_PROVIDERS)[number];

export interface PaymentSettings {
  provider: PaymentProviderName;
  /** Required (and only read) when provider is paystack. */
  paystackSecretKey: string | null;
  paystackBaseUrl: string;
}

export interface SettingDoc {
  name: string;
  default: string;
  description: string;
}

export const SETTINGS: SettingDoc[] = [
  { name: 'PORT', default: '3000', description: 'TCP port the server listens on.' },
  { name: 'HOST', default: '0.0.0.0', description: 'Interface to listen on (0.0.0.0 = reachable from the local network).' },
  {
    name: 'DATA_DIR',
    default: './data',
    description: 'Folder for local data; PGlite keeps its database in DATA_DIR/pglite (created if missing).',
  },
  {
    name: 'DATABASE_URL',
    default: '(unset)',
    description:
      'postgres://user:pass@host:5432/db to use a real PostgreSQL (needed to run several server processes). Unset = embedded PGlite.',
  },
  {
    name: 'PGLITE_OPTIMIZED_CODE',
    default: 'false',
    description:
      "false = the embedded database's WebAssembly runs on V8's baseline compiler only: about 50 MB less memory and a 0.4 s faster start. true = V8 also optimises its busiest functions (uncached reads a little faster, memory higher). Has no effect with DATABASE_URL.",
  },
  {
    name: 'JWT_SECRET',
    default: '(generated)',
    description:
      'Secret for signing access tokens (at least 32 characters). Unset = a random one is generated once and stored in the database, shared by all processes.',
  },
  {
    name: 'ADMIN_EMAIL',
    default: '(unset)',
    description: 'With ADMIN_PASSWORD: at start, create this admin account or reset its password and role. Set both or neither.',
  },
  { name: 'ADMIN_PASSWORD', default: '(unset)', description: 'Password for ADMIN_EMAIL (at least 8 characters, not all digits).' },
  {
    name: 'PUBLIC_URL',
    default: '(unset)',
    description:
      'Public base address (https://boafo.example.gh) for the links the server writes: page links, the payment checkout and return addresses. Unset = taken from each request. The `image` fields are absolute on it too; the other image fields are relative paths either way.',
  },
  { name: 'GOOGLE_AUTH_URL', default: '(unset)', description: 'Google sign-in link the web app shows; hidden when unset.' },
  { name: 'FACEBOOK_AUTH_URL', default: '(unset)', description: 'Facebook sign-in link the web app shows; hidden when unset.' },
  { name: 'WEB_DIST_DIR', default: './dist', description: 'Built web app (npm run build) served at /.' },
  { name: 'LOG_LEVEL', default: 'info', description: 'fatal, error, warn, info, debug, trace or silent.' },
  { name: 'SEED_DEMO', default: 'true', description: 'Add demo content the first time a database is used (true/false).' },
  {
    name: 'CORS_ORIGINS',
    default: '(empty)',
    description:
      'Comma-separated origins (https://app.example.gh) whose pages may call the API from the browser with Authorization, JSON bodies and Idempotency-Key, show /media images, and get donors back to their own /payment-status after paying. Empty = same origin only.',
  },
  {
    name: 'TRUST_PROXY',
    default: 'false',
    description: 'true when behind a reverse proxy, so client IPs and https come from X-Forwarded-* headers.',
  },
  { name: 'LOGIN_MAX_FAILURES_PER_EMAIL', default: '10', description: 'Failed logins allowed per email within the window before 429.' },
  { name: 'LOGIN_MAX_FAILURES_PER_IP', default: '30', description: 'Failed logins allowed per client IP within the window before 429.' },
  { name: 'LOGIN_WINDOW_SECONDS', default: '900', description: 'Length of the failed-login window in seconds.' },
  {
    name: 'PAYMENT_PROVIDER',
    default: 'sandbox',
    description: 'sandbox (built-in test checkout at /sandbox/checkout/…, no keys, no real money) or paystack.',
  },
  {
    name: 'PAYSTACK_SECRET_KEY',
    default: '(unset)',
    description: 'Paystack secret key (sk_live_… or sk_test_…); required when PAYMENT_PROVIDER=paystack. Also signs its webhooks.',
  },
  {
    name: 'PAYSTACK_BASE_URL',
    default: 'https://api.paystack.co',
    description: 'Paystack API address (change only to point at a test double).',
  },
  {
    name: 'VAPID_PUBLIC_KEY',
    default: '(generated)',
    description:
      'Web Push VAPID public key (base64url, as printed by `npx web-push generate-vapid-keys`). Set both VAPID keys or neither; unset = a pair is generated once and stored in the database.',
  },
  { name: 'VAPID_PRIVATE_KEY', default: '(generated)', description: 'Web Push VAPID private key (base64url) matching VAPID_PUBLIC_KEY.' },
  {
    name: 'VAPID_SUBJECT',
    default: 'mailto:support@boafo.app',
    description: 'Contact push services may use about our pushes: a mailto: or https: address.',
  },
  {
    name: 'PUBLIC_CACHE_SECONDS',
    default: '30',
    description:
      "Guests' public reads (cause list and details, ledger, statistics, landing content) are answered from memory for at most this long; any change to them clears every process's copy at once through the database (0 = no cache).",
  },
  {
    name: 'CARD_HOLD_HOURS',
    default: '24',
    description:
      'Card donations can be withdrawn this many hours after they settle (chargebacks come through cards); mobile money at once. The hold follows the channel the provider says was paid (a channel it does not name is held like card), not the method picked on the form. 0 = no hold.',
  },
  {
    name: 'SMTP_URL',
    default: '(unset)',
    description:
      'Where mail is sent: smtp://user:pass@host:587 (STARTTLS when offered) or smtps://user:pass@host:465. Unset = mail is kept in the database and admins read it at Outgoing mail.',
  },
  { name: 'MAIL_FROM', default: 'Boafo <no-reply@boafo.local>', description: 'The From address of every message.' },
  {
    name: 'MAIL_INTERVAL_SECONDS',
    default: '5',
    description:
      'How often this process looks for mail to send besides being woken by new mail (0 = never: another process sends). Each message is claimed by one process.',
  },
  {
    name: 'SWEEP_INTERVAL_SECONDS',
    default: '60',
    description:
      'How often this process looks for stuck payments and payouts (0 = never: another process sweeps). Several processes may sweep; each stuck item is claimed by one.',
  },
  {
    name: 'PAYMENT_RECHECK_AFTER_SECONDS',
    default: '300',
    description:
      'A payment still pending this long (the donor closed the tab at the provider) is re-verified with the provider and settled; then again at most once per this period.',
  },
  {
    name: 'PAYMENT_ABANDON_AFTER_SECONDS',
    default: '3600',
    description:
      'A payment the provider still reports unpaid this long after it started is marked abandoned (a success confirmed later is still credited); until then a checkout the provider calls abandoned is still pending. At least PAYMENT_RECHECK_AFTER_SECONDS.',
  },
  {
    name: 'MOBILE_MONEY_PROMPT_SECONDS',
    default: '180',
    description:
      'How long a mobile money prompt waits for the donor on their phone (30–1800). After it the server asks the provider once more; still unpaid, the page is told "Timed out" and may send a new prompt (the old one can still be credited, never both).',
  },
  {
    name: 'WITHDRAWAL_RECHECK_AFTER_SECONDS',
    default: '600',
    description:
      'A withdrawal left approved or processing this long is re-checked with the provider by its reference (never a second transfer), then again at most once per this period.',
  },
  {
    name: 'METRICS_TOKEN',
    default: '(unset)',
    description:
      'Serves GET /metrics (Prometheus text format) on the public port to scrapes that send Authorization: Bearer <token> (at least 16 characters); others get 401. Unset (and no METRICS_PORT) = no /metrics at all.',
  },
  {
    name: 'METRICS_PORT',
    default: '(unset)',
    description:
      'Serves /metrics on this port of its own instead of the public port (which then has none); a scrape there needs the token only when METRICS_TOKEN is set too. Keep the port private.',
  },
  {
    name: 'DRAIN_SECONDS',
    default: '0',
    description:
      "On SIGTERM, /api/health/ready answers 503 at once and the process keeps serving for this long, so a load balancer stops sending it new requests; then it stops accepting, finishes requests in flight, closes sockets with a reconnect hint, stops its workers and exits. Set it above the balancer's health-check interval.",
  },
  {
    name: 'SHUTDOWN_TIMEOUT_SECONDS',
    default: '30',
    description: 'After the drain, the longest wait for requests in flight and workers to finish before the process exits anyway.',
  },
];

export class ConfigError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ConfigError';
  }
}

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'];

type Env = Record<string, string | undefined>;

function text(env: Env, name: string): string | null {
  const value = env[name]?.trim();
  return value ? value : null;
}

function int(env: Env, name: string, fallback: number, min: number, max: number): number {
  const raw = text(env, name);
  if (raw === null) return fallback;
  const value = Number(raw);
  if (!/^\d+$/.test(raw) || value < min || value > max) {
    throw new ConfigError(`${name} must be a whole number from ${min} to ${max} (got "${raw}").`);
  }
  return value;
}

function bool(env: Env, name: string, fallback: boolean): boolean {
  const raw = text(env, name);
  if (raw === null) return fallback;
  if (/^(1|true|yes|on)$/i.test(raw)) return true;
  if (/^(0|false|no|off)$/i.test(raw)) return false;
  throw new ConfigError(`${name} must be true or false (got "${raw}").`);
}

function url(env: Env, name: string, protocols: string[]): string | null {
  const raw = text(env, name);
  if (raw === null) return null;
  let parsed: URL;
  try {
    parsed = new URL(raw);
  } catch {
    throw new ConfigError(`${name} must be a full URL (got "${raw}").`);
  }
  if (!protocols.includes(parsed.protocol)) {
    throw new ConfigError(`${name} must start with ${protocols.map((p) => `${p}//`).join(' or ')} (got "${raw}").`);
  }
  return raw;
}

export interface MailSettings {
  /** null: keep mail in the database, send nothing. */
  smtpUrl: string | null;
  from: string;
  intervalSeconds: number;
}

function mailSettings(env: Env): MailSettings {
  const smtpUrl = text(env, 'SMTP_URL');
  if (smtpUrl !== null) {
    // Never echo the value: it carries the SMTP password.
    let protocol = '';
    try {
      protocol = new URL(smtpUrl).protocol;
    } catch {
      throw new ConfigError('SMTP_URL must be a full URL such as smtp://user:pass@host:587.');
    }
    if (protocol !== 'smtp:' && protocol !== 'smtps:') throw new ConfigError('SMTP_URL must start with smtp:// or smtps://.');
  }
  const from = text(env, 'MAIL_FROM') ?? 'Boafo <no-reply@boafo.local>';
  if (!/@[^\s@>]+\.[^\s@>]+>?$/.test(from))
    throw new ConfigError(`MAIL_FROM must be an address such as "Boafo <hello@boafo.gh>" (got "${from}").`);
  return { smtpUrl, from, intervalSeconds: int(env, 'MAIL_INTERVAL_SECONDS', 5, 0, 3600) };
}

function sweeperSettings(env: Env): SweeperSettings {
  const day = 86_400;
  const settings = {
    intervalSeconds: int(env, 'SWEEP_INTERVAL_SECONDS', 60, 0, day),
    paymentRecheckSeconds: int(env, 'PAYMENT_RECHECK_AFTER_SECONDS', 300, 30, 7 * day),
    paymentAbandonSeconds: int(env, 'PAYMENT_ABANDON_AFTER_SECONDS', 3600, 60, 30 * day),
    withdrawalRecheckSeconds: int(env, 'WITHDRAWAL_RECHECK_AFTER_SECONDS', 600, 30, 7 * day),
  };
  if (settings.paymentAbandonSeconds < settings.paymentRecheckSeconds) {
    throw new ConfigError(
      'PAYMENT_ABANDON_AFTER_SECONDS must be at least PAYMENT_RECHECK_AFTER_SECONDS: a payment is checked with the provider before it is abandoned.',
    );
  }
  return settings;
}

function paymentSettings(env: Env): PaymentSettings {
  const provider = (text(env, 'PAYMENT_PROVIDER') ?? 'sandbox').toLowerCase();
  if (!(PAYMENT_PROVIDERS as readonly string[]).includes(provider)) {
    throw new ConfigError(`PAYMENT_PROVIDER must be one of ${PAYMENT_PROVIDERS.join(', ')} (got "${provider}").`);
  }
  const paystackSecretKey = text(env, 'PAYSTACK_SECRET_KEY');
  // Failing here beats taking donations that can never be charged or verified.
  if (provider === 'paystack' && paystackSecretKey === null) {
    throw new ConfigError('PAYSTACK_SECRET_KEY is required when PAYMENT_PROVIDER=paystack.');
  }
  const baseUrl = url(env, 'PAYSTACK_BASE_URL', ['http:', 'https:']) ?? 'https://api.paystack.co';
  return { provider: provider as PaymentProviderName, paystackSecretKey, paystackBaseUrl: baseUrl.replace(/\/+$/, '') };
}

function base64urlBytes(value: string): number {
  return /^[A-Za-z0-9_-]+$/.test(value) ? Buffer.from(value, 'base64url').length : -1;
}

function pushSettings(env: Env): PushSettings {
  const publicKey = text(env, 'VAPID_PUBLIC_KEY');
  const privateKey = text(env, 'VAPID_PRIVATE_KEY');
  if ((publicKey === null) !== (privateKey === null)) {
    throw new ConfigError('Set both VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY, or neither.');
  }
  // An uncompressed P-256 point is 65 bytes, its private scalar 32: anything else fails at the first push.
  if (publicKey !== null && base64urlBytes(publicKey) !== 65) {
    throw new ConfigError('VAPID_PUBLIC_KEY must be a base64url P-256 public key (65 bytes).');
  }
  if (privateKey !== null && base64urlBytes(privateKey) !== 32) {
    throw new ConfigError('VAPID_PRIVATE_KEY must be a base64url P-256 private key (32 bytes).');
  }
  const subject = text(env, 'VAPID_SUBJECT') ?? 'mailto:support@boafo.app';
  if (!/^(mailto:[^\s@]+@[^\s@]+|https:\/\/\S+)$/.test(subject)) {
    throw new ConfigError(`VAPID_SUBJECT must be a mailto: or https:// address (got "${subject}").`);
  }
  return {
    vapid: publicKey && privateKey ? { publicKey, privateKey } : null,
    subject,
    allowInsecureEndpoints: false,
  };
}

/**
 * CORS_ORIGINS: each entry must be a bare origin, normalised the way browsers send the Origin
 * header (lowercase host, default port dropped, no trailing slash), so matching is plain equality.
 * No wildcard: an allow-list that admits everyone would also hand donors back to any site.
 */
function corsOrigins(env: Env): string[] {
  const raw = text(env, 'CORS_ORIGINS');
  if (raw === null) return [];
  const origins = new Set<string>();
  for (const entry of raw
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean)) {
    if (entry.includes('*')) throw new ConfigError(`CORS_ORIGINS takes exact origins, no wildcards (got "${entry}").`);
    let parsed: URL;
    try {
      parsed = new URL(entry);
    } catch {
      throw new ConfigError(`CORS_ORIGINS entries must be origins like https://app.example.gh (got "${entry}").`);
    }
    if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') {
      throw new ConfigError(`CORS_ORIGINS entries must start with http:// or https:// (got "${entry}").`);
    }
    if (parsed.username || parsed.password || parsed.pathname !== '/' || /[?#]/.test(entry)) {
      throw new ConfigError(`CORS_ORIGINS entries must be bare origins without a path, query or credentials (got "${entry}").`);
    }
    origins.add(parsed.origin);
  }
  return [...origins];
}

function metricsSettings(env: Env, port: number): MetricsSettings {
  const token = text(env, 'METRICS_TOKEN');
  // Never echo the token: it is a secret.
  if (token !== null && (token.length < 16 || /\s/.test(token))) {
    throw new ConfigError('METRICS_TOKEN must be at least 16 characters without spaces (or leave it unset).');
  }
  const metricsPort = text(env, 'METRICS_PORT') === null ? null : int(env, 'METRICS_PORT', 0, 1, 65535);
  if (metricsPort !== null && metricsPort === port) {
    throw new ConfigError(`METRICS_PORT must differ from PORT (both ${port}): the public port never serves metrics without a token.`);
  }
  return { token, port: metricsPort };
}

/** Reads and checks the settings; throws ConfigError with a readable message. */
export function loadConfig(env: Env = process.env): AppConfig {
  const dataDir = path.resolve(text(env, 'DATA_DIR') ?? './data');
  const jwtSecret = text(env, 'JWT_SECRET');
  if (jwtSecret !== null && jwtSecret.length < 32) {
    throw new ConfigError('JWT_SECRET must be at least 32 characters long (or leave it unset to generate one).');
  }
  const adminEmail = text(env, 'ADMIN_EMAIL');
  const adminPassword = env.ADMIN_PASSWORD ? env.ADMIN_PASSWORD : null;
  if ((adminEmail === null) !== (adminPassword === null)) {
    throw new ConfigError('Set both ADMIN_EMAIL and ADMIN_PASSWORD, or neither.');
  }
  if (adminEmail !== null && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(adminEmail)) {
    throw new ConfigError(`ADMIN_EMAIL is not a valid email address (got "${adminEmail}").`);
  }
  if (adminPassword !== null && passwordProblems(adminPassword).length > 0) {
    throw new ConfigError(`ADMIN_PASSWORD is too weak: ${passwordProblems(adminPassword).join(' ')}`);
  }
  const logLevel = (text(env, 'LOG_LEVEL') ?? 'info').toLowerCase();
  if (!LOG_LEVELS.includes(logLevel)) {
    throw new ConfigError(`LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')} (got "${logLevel}").`);
  }
  const publicUrl = url(env, 'PUBLIC_URL', ['http:', 'https:']);
  const port = int(env, 'PORT', 3000, 0, 65535);
  return {
    metrics: metricsSettings(env, port),
    drain: { delaySeconds: int(env, 'DRAIN_SECONDS', 0, 0, 600), timeoutSeconds: int(env, 'SHUTDOWN_TIMEOUT_SECONDS', 30, 1, 3600) },
    payments: paymentSettings(env),
    mobilePromptSeconds: int(env, 'MOBILE_MONEY_PROMPT_SECONDS', 180, 30, 1800),
    push: pushSettings(env),
    realtime: { authTimeoutMs: 10_000, heartbeatMs: 25_000, maxGuestSockets: 2_000 },
    sweeper: sweeperSettings(env),
    mail: mailSettings(env),
    cardHoldHours: int(env, 'CARD_HOLD_HOURS', 24, 0, 720),
    publicCacheSeconds: int(env, 'PUBLIC_CACHE_SECONDS', 30, 0, 3600),
    port,
    host: text(env, 'HOST') ?? '0.0.0.0',
    dataDir,
    databaseUrl: url(env, 'DATABASE_URL', ['postgres:', 'postgresql:']),
    pgliteDir: path.join(dataDir, 'pglite'),
    pgliteOptimizedCode: bool(env, 'PGLITE_OPTIMIZED_CODE', false),
    jwtSecret,
    admin: adminEmail && adminPassword ? { email: adminEmail.toLowerCase(), password: adminPassword } : null,
    publicUrl: publicUrl ? publicUrl.replace(/\/+$/, '') : null,
    googleAuthUrl: url(env, 'GOOGLE_AUTH_URL', ['http:', 'https:']),
    facebookAuthUrl: url(env, 'FACEBOOK_AUTH_URL', ['http:', 'https:']),
    webDistDir: path.resolve(text(env, 'WEB_DIST_DIR') ?? './dist'),
    logLevel,
    seedDemo: bool(env, 'SEED_DEMO', true),
    trustProxy: bool(env, 'TRUST_PROXY', false),
    corsOrigins: corsOrigins(env),
    loginLimits: {
      perEmail: int(env, 'LOGIN_MAX_FAILURES_PER_EMAIL', 10, 1, 1_000_000),
      perIp: int(env, 'LOGIN_MAX_FAILURES_PER_IP', 30, 1, 1_000_000),
      windowSeconds: int(env, 'LOGIN_WINDOW_SECONDS', 900, 1, 86_400),
    },
  };
}
