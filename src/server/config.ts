/**
 * Server settings, read once from the environment. Bad values stop the start
 * with a message naming the setting, rather than failing later at first use.
 * SETTINGS documents every variable (the README's table is written from it).
 */
import { BlockList, isIP } from 'node:net';
import path from 'node:path';
import { passwordProblems, STEP_UP_MAX_AGE_SECONDS } from '../shared/sign-in';
import { USSD_SERVICE_CODE_PATTERN } from '../shared/ussd';

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
  /** Wrong second-step codes (sign-in and step-up) per account and per IP within the sign-in window. */
  twoStepLimits: { perAccount: number; perIp: number };
  /** Hours withdrawals to new payout details wait after a change (0 = no hold). */
  payoutChangeHoldHours: number;
  /** How recent a password or second step a money action needs in the same session. */
  stepUpSeconds: number;
  /** How long a guest's public read may be answered from this process's memory (0 = never). */
  publicCacheSeconds: number;
  payments: PaymentSettings;
  /** How long a mobile money prompt waits on the donor's phone before the page offers a new one (MOBILE_MONEY_PROMPT_SECONDS). */
  mobilePromptSeconds: number;
  push: PushSettings;
  realtime: RealtimeSettings;
  sweeper: SweeperSettings;
  mail: MailSettings;
  sms: SmsSettings;
  /** Hours a card donation stays held before it can be withdrawn (0 = never held). */
  cardHoldHours: number;
  metrics: MetricsSettings;
  drain: DrainSettings;
  ussd: UssdSettings;
  /** Where uploaded and generated pictures live (MEDIA_STORE). */
  media: MediaSettings;
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

/** Giving by USSD (ussd/, routes/api/ussd/): what phones dial, and who may call the gateway routes. */
export interface UssdSettings {
  /** `*920*44#`; null = not set up (posters and cause pages show the cause's code without a number to dial). */
  serviceCode: string | null;
  /** The secret a gateway sends (Authorization: Bearer, X-Ussd-Token, or ?token= in the callback URL); null = none. */
  gatewayToken: string | null;
  /** Addresses (or IPv4 CIDR ranges) the gateways call from; empty = any address (the token decides). */
  allowedIps: string[];
}

export const MEDIA_STORES = ['database', 's3'] as const;
export type MediaStoreName = (typeof MEDIA_STORES)[number];

export interface MediaSettings {
  store: MediaStoreName;
  /** Set when store is s3. */
  s3: S3Settings | null;
}

/** An S3-compatible bucket (AWS S3, Cloudflare R2, MinIO, Wasabi…). */
export interface S3Settings {
  bucket: string;
  /** https://s3.eu-west-1.amazonaws.com, https://<account>.r2.cloudflarestorage.com, http://minio:9000 … (no trailing slash). */
  endpoint: string;
  region: string;
  /** Both null: the SDK's own credential chain (AWS_* variables, an instance role). */
  credentials: { accessKeyId: string; secretAccessKey: string } | null;
  /** https://endpoint/bucket/key instead of https://bucket.endpoint/key (MinIO and most local stores need it). */
  forcePathStyle: boolean;
  /** Where browsers load objects from (a CDN in front of the bucket), no trailing slash; null = the bucket's own address. */
  publicUrl: string | null;
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
    name: 'TWO_STEP_MAX_FAILURES_PER_ACCOUNT',
    default: '5',
    description:
      'Wrong two-step codes (at sign-in or when confirming a money action) allowed per account within LOGIN_WINDOW_SECONDS before 429; counted in the database before each code is checked.',
  },
  {
    name: 'TWO_STEP_MAX_FAILURES_PER_IP',
    default: '20',
    description: 'Wrong two-step codes allowed per client IP within LOGIN_WINDOW_SECONDS before 429 (same rules).',
  },
  {
    name: 'STEP_UP_MAX_AGE_SECONDS',
    default: '600',
    description:
      'Money actions (payout details, withdrawal requests and approvals, refunds, flagged payments, role changes) need a password or two-step code this recent in the same session; signing in counts. 10 to 86400.',
  },
  {
    name: 'PAYOUT_CHANGE_HOLD_HOURS',
    default: '24',
    description:
      'After payout details change from one destination to another, withdrawal requests wait this many hours (the organizer is mailed a link to undo the change). 0 = no hold.',
  },
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
    name: 'USSD_SERVICE_CODE',
    default: '(unset)',
    description:
      "The USSD code donors dial, such as *920*44#. Cause pages, share cards and posters then print *920*44*<cause code>#, which opens that cause's gift. Unset = they show the cause's six-digit code alone.",
  },
  {
    name: 'USSD_GATEWAY_TOKEN',
    default: '(unset)',
    description:
      'Secret (at least 16 characters) the USSD gateway must send to POST /api/ussd/hubtel/ and /api/ussd/africastalking/: as Authorization: Bearer, X-Ussd-Token or ?token= in the callback address. With neither this nor USSD_ALLOWED_IPS set, those routes answer 403.',
  },
  {
    name: 'USSD_ALLOWED_IPS',
    default: '(empty)',
    description:
      'Comma-separated addresses or IPv4 ranges (197.253.0.0/16) the USSD gateway calls from; others get 403. With USSD_GATEWAY_TOKEN both must match. Behind a proxy needs TRUST_PROXY.',
  },
  {
    name: 'MEDIA_STORE',
    default: 'database',
    description:
      'Where uploaded pictures, their sizes and generated images (Open Graph cards) live: database (in the media table, served at /media) or s3 (an S3-compatible bucket under content-addressed keys, immutable; /media/<hash> answers a redirect there). `npm run media:migrate` moves what the database holds.',
  },
  { name: 'S3_BUCKET', default: '(unset)', description: 'The bucket; required with MEDIA_STORE=s3.' },
  {
    name: 'S3_ENDPOINT',
    default: '(unset)',
    description:
      'The S3 API address (https://s3.eu-west-1.amazonaws.com, https://<account>.r2.cloudflarestorage.com, http://minio:9000); required with MEDIA_STORE=s3.',
  },
  { name: 'S3_REGION', default: 'us-east-1', description: "The bucket's region (Cloudflare R2: auto)." },
  {
    name: 'S3_ACCESS_KEY_ID',
    default: '(unset)',
    description:
      'Access key with read and write on the bucket. Set both keys or neither; neither = the SDK finds credentials itself (AWS_* variables, an instance role).',
  },
  { name: 'S3_SECRET_ACCESS_KEY', default: '(unset)', description: 'The secret of S3_ACCESS_KEY_ID.' },
  {
    name: 'S3_FORCE_PATH_STYLE',
    default: 'false',
    description: 'true = address objects as S3_ENDPOINT/bucket/key (MinIO and most self-hosted stores); false = bucket.host/key.',
  },
  {
    name: 'MEDIA_PUBLIC_URL',
    default: '(unset)',
    description:
      "With MEDIA_STORE=s3: the public address of the bucket's objects (a CDN or a custom domain in front of it), so a picture is MEDIA_PUBLIC_URL/<hash>. Unset = the bucket's own address, which must then allow public reads.",
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
  {
    name: 'SMS_PROVIDER',
    default: 'log',
    description:
      "Where texts go. log: nothing leaves the server; every text is kept with its status and admins read it beside outgoing mail. hubtel: sent through Hubtel's SMS API (needs SMS_CLIENT_ID, SMS_CLIENT_SECRET). Either way texts go only to numbers that agreed, from a row in the database, each once across processes, retried with backoff.",
  },
  { name: 'SMS_CLIENT_ID', default: '(unset)', description: 'Hubtel SMS API client id; required when SMS_PROVIDER=hubtel.' },
  { name: 'SMS_CLIENT_SECRET', default: '(unset)', description: 'Hubtel SMS API client secret; required when SMS_PROVIDER=hubtel.' },
  {
    name: 'SMS_SENDER',
    default: 'Boafo',
    description: 'The sender name texts show (a sender ID registered with Hubtel): 1 to 11 letters, digits or spaces, at least one letter.',
  },
  {
    name: 'SMS_HUBTEL_BASE_URL',
    default: 'https://sms.hubtel.com',
    description: "Hubtel's SMS API address (change only to point at a test double).",
  },
  {
    name: 'SMS_INBOUND_TOKEN',
    default: '(unset)',
    description:
      'Shared secret (at least 16 characters: letters, digits, . _ ~ -) that replies forwarded to POST /api/sms/inbound/ must carry, as ?token= in the callback URL given to Hubtel or an X-Boafo-Sms-Token header. Unset = replies (STOP/START) are refused with 403.',
  },
  {
    name: 'SMS_INBOUND_ALLOWED_IPS',
    default: '(empty)',
    description:
      "Comma-separated addresses or CIDR ranges (Hubtel's servers) that may post replies, besides carrying the token; empty = any address with the token. Client addresses come from X-Forwarded-For only with TRUST_PROXY.",
  },
  {
    name: 'SMS_INTERVAL_SECONDS',
    default: '5',
    description:
      'How often this process looks for texts due a retry besides being woken by new ones (0 = only when woken). Each text is claimed by one process.',
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

function mediaSettings(env: Env): MediaSettings {
  const store = (text(env, 'MEDIA_STORE') ?? 'database').toLowerCase();
  if (!(MEDIA_STORES as readonly string[]).includes(store)) {
    throw new ConfigError(`MEDIA_STORE must be one of ${MEDIA_STORES.join(', ')} (got "${store}").`);
  }
  if (store !== 's3') return { store: 'database', s3: null };
  const bucket = text(env, 'S3_BUCKET');
  if (bucket === null) throw new ConfigError('S3_BUCKET is required when MEDIA_STORE=s3.');
  // DNS-compatible names only: they work with both addressing styles on every provider.
  if (!/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/.test(bucket)) {
    throw new ConfigError(`S3_BUCKET must be a bucket name of 3-63 lowercase letters, digits, dots and hyphens (got "${bucket}").`);
  }
  const endpoint = url(env, 'S3_ENDPOINT', ['http:', 'https:']);
  if (endpoint === null) throw new ConfigError('S3_ENDPOINT is required when MEDIA_STORE=s3 (for AWS: https://s3.<region>.amazonaws.com).');
  const accessKeyId = text(env, 'S3_ACCESS_KEY_ID');
  const secretAccessKey = text(env, 'S3_SECRET_ACCESS_KEY');
  if ((accessKeyId === null) !== (secretAccessKey === null)) {
    throw new ConfigError('Set both S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY, or neither.');
  }
  const publicUrl = url(env, 'MEDIA_PUBLIC_URL', ['http:', 'https:']);
  if (publicUrl !== null && /[?#]/.test(publicUrl)) {
    throw new ConfigError(`MEDIA_PUBLIC_URL must be an address without a query or fragment (got "${publicUrl}").`);
  }
  return {
    store: 's3',
    s3: {
      bucket,
      endpoint: endpoint.replace(/\/+$/, ''),
      region: text(env, 'S3_REGION') ?? 'us-east-1',
      credentials: accessKeyId && secretAccessKey ? { accessKeyId, secretAccessKey } : null,
      forcePathStyle: bool(env, 'S3_FORCE_PATH_STYLE', false),
      publicUrl: publicUrl ? publicUrl.replace(/\/+$/, '') : null,
    },
  };
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

export const SMS_PROVIDERS = ['log', 'hubtel'] as const;
export type SmsProviderName = (typeof SMS_PROVIDERS)[number];

export interface SmsSettings {
  provider: SmsProviderName;
  /** Required (and only read) with hubtel. */
  clientId: string | null;
  clientSecret: string | null;
  sender: string;
  hubtelBaseUrl: string;
  /** null: inbound replies are refused. */
  inboundToken: string | null;
  /** Empty: any address carrying the token. */
  inboundAllowedIps: BlockList | null;
  intervalSeconds: number;
  /** Not an env setting (tests shorten it): how long one send may take before it counts as failed and is retried. */
  timeoutMs: number;
}

function smsSettings(env: Env): SmsSettings {
  const provider = (text(env, 'SMS_PROVIDER') ?? 'log').toLowerCase();
  if (!(SMS_PROVIDERS as readonly string[]).includes(provider)) {
    throw new ConfigError(`SMS_PROVIDER must be one of ${SMS_PROVIDERS.join(', ')} (got "${provider}").`);
  }
  const clientId = text(env, 'SMS_CLIENT_ID');
  const clientSecret = text(env, 'SMS_CLIENT_SECRET');
  // Failing at start beats queueing receipts that can never leave.
  if (provider === 'hubtel' && (clientId === null || clientSecret === null)) {
    throw new ConfigError('SMS_CLIENT_ID and SMS_CLIENT_SECRET are required when SMS_PROVIDER=hubtel.');
  }
  const sender = text(env, 'SMS_SENDER') ?? 'Boafo';
  // An alphanumeric sender ID is at most 11 characters on GSM networks; longer ones are cut or refused.
  if (!/^[A-Za-z0-9 ]{1,11}$/.test(sender) || !/[A-Za-z]/.test(sender)) {
    throw new ConfigError(`SMS_SENDER must be 1 to 11 letters, digits or spaces with at least one letter (got "${sender}").`);
  }
  const inboundToken = text(env, 'SMS_INBOUND_TOKEN');
  if (inboundToken !== null && !/^[A-Za-z0-9._~-]{16,200}$/.test(inboundToken)) {
    // Never echo the value: it is a secret.
    throw new ConfigError('SMS_INBOUND_TOKEN must be 16 to 200 letters, digits or . _ ~ - (it goes in a URL).');
  }
  const baseUrl = url(env, 'SMS_HUBTEL_BASE_URL', ['http:', 'https:']) ?? 'https://sms.hubtel.com';
  return {
    provider: provider as SmsProviderName,
    clientId,
    clientSecret,
    sender,
    hubtelBaseUrl: baseUrl.replace(/\/+$/, ''),
    inboundToken,
    inboundAllowedIps: allowedIps(env, 'SMS_INBOUND_ALLOWED_IPS'),
    intervalSeconds: int(env, 'SMS_INTERVAL_SECONDS', 5, 0, 3600),
    timeoutMs: 10_000,
  };
}

/** Addresses and CIDR ranges, IPv4 or IPv6; null when none are given. */
function allowedIps(env: Env, name: string): BlockList | null {
  const raw = text(env, name);
  if (raw === null) return null;
  const list = new BlockList();
  for (const entry of raw
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean)) {
    const [address, bits, extra] = entry.split('/');
    const family = isIP(address);
    const prefix = bits === undefined ? null : Number(bits);
    const maxBits = family === 6 ? 128 : 32;
    if (family === 0 || extra !== undefined || (prefix !== null && (!/^\d{1,3}$/.test(bits) || prefix > maxBits))) {
      throw new ConfigError(`${name} takes addresses or CIDR ranges such as 203.0.113.7 or 203.0.113.0/24 (got "${entry}").`);
    }
    const type = family === 6 ? 'ipv6' : 'ipv4';
    if (prefix === null) list.addAddress(address, type);
    else list.addSubnet(address, prefix, type);
  }
  return list;
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

function ussdSettings(env: Env): UssdSettings {
  const serviceCode = text(env, 'USSD_SERVICE_CODE');
  if (serviceCode !== null && !USSD_SERVICE_CODE_PATTERN.test(serviceCode)) {
    throw new ConfigError(`USSD_SERVICE_CODE must look like *920*44# (got "${serviceCode}").`);
  }
  const gatewayToken = text(env, 'USSD_GATEWAY_TOKEN');
  // Never echo the value: it is a secret.
  if (gatewayToken !== null && (gatewayToken.length < 16 || !/^[\x21-\x7e]+$/.test(gatewayToken))) {
    throw new ConfigError('USSD_GATEWAY_TOKEN must be at least 16 printable characters without spaces.');
  }
  const allowedIps = (text(env, 'USSD_ALLOWED_IPS') ?? '')
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  for (const entry of allowedIps) {
    const [address, bits, extra] = entry.split('/');
    const cidrOk = bits === undefined || (isIP(address) === 4 && /^\d{1,2}$/.test(bits) && Number(bits) <= 32 && extra === undefined);
    if (!isIP(address) || !cidrOk) {
      throw new ConfigError(`USSD_ALLOWED_IPS takes addresses or IPv4 ranges such as 197.253.0.0/16 (got "${entry}").`);
    }
  }
  return { serviceCode, gatewayToken, allowedIps };
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
    sms: smsSettings(env),
    cardHoldHours: int(env, 'CARD_HOLD_HOURS', 24, 0, 720),
    ussd: ussdSettings(env),
    media: mediaSettings(env),
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
    twoStepLimits: {
      perAccount: int(env, 'TWO_STEP_MAX_FAILURES_PER_ACCOUNT', 5, 1, 1000),
      perIp: int(env, 'TWO_STEP_MAX_FAILURES_PER_IP', 20, 1, 1_000_000),
    },
    payoutChangeHoldHours: int(env, 'PAYOUT_CHANGE_HOLD_HOURS', 24, 0, 720),
    stepUpSeconds: int(env, 'STEP_UP_MAX_AGE_SECONDS', STEP_UP_MAX_AGE_SECONDS, 10, 86_400),
  };
}
