import { describe, expect, it } from 'vitest';
import { ConfigError, SETTINGS, loadConfig } from '../../src/server/config';

describe('loadConfig', () => {
  it('has sensible defaults', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 3000,
      host: '0.0.0.0',
      databaseUrl: null,
      jwtSecret: null,
      admin: null,
      publicUrl: null,
      googleAuthUrl: null,
      facebookAuthUrl: null,
      logLevel: 'info',
      seedDemo: true,
      trustProxy: false,
      loginLimits: { perEmail: 10, perIp: 30, windowSeconds: 900 },
      sweeper: { intervalSeconds: 60, paymentRecheckSeconds: 300, paymentAbandonSeconds: 3600, withdrawalRecheckSeconds: 600 },
      metrics: { token: null, port: null },
      drain: { delaySeconds: 0, timeoutSeconds: 30 },
    });
    expect(config.dataDir).toMatch(/\/data$/);
    expect(config.pgliteDir).toBe(`${config.dataDir}/pglite`);
    expect(config.pgliteOptimizedCode).toBe(false);
    expect(config.webDistDir).toMatch(/\/dist$/);
  });

  it('reads values and normalises them', () => {
    const config = loadConfig({
      PORT: '8080',
      DATABASE_URL: 'postgres://u:p@db:5432/boafo',
      ADMIN_EMAIL: 'Boss@Example.com',
      ADMIN_PASSWORD: 'long-enough-1',
      PUBLIC_URL: 'https://boafo.example.gh/',
      SEED_DEMO: 'false',
      LOG_LEVEL: 'WARN',
      PGLITE_OPTIMIZED_CODE: 'true',
      METRICS_TOKEN: 'prometheus-scrape-0123',
      METRICS_PORT: '9464',
      DRAIN_SECONDS: '5',
      SHUTDOWN_TIMEOUT_SECONDS: '20',
    });
    expect(config.metrics).toEqual({ token: 'prometheus-scrape-0123', port: 9464 });
    expect(config.drain).toEqual({ delaySeconds: 5, timeoutSeconds: 20 });
    expect(config.pgliteOptimizedCode).toBe(true);
    expect(config.port).toBe(8080);
    expect(config.databaseUrl).toBe('postgres://u:p@db:5432/boafo');
    expect(config.admin).toEqual({ email: 'boss@example.com', password: 'long-enough-1' });
    expect(config.publicUrl).toBe('https://boafo.example.gh');
    expect(config.seedDemo).toBe(false);
    expect(config.logLevel).toBe('warn');
  });

  it.each([
    [{ PORT: 'abc' }, /PORT must be a whole number/],
    [{ PORT: '70000' }, /PORT must be a whole number/],
    [{ DATABASE_URL: 'mysql://x' }, /DATABASE_URL must start with postgres:/],
    [{ JWT_SECRET: 'short' }, /JWT_SECRET must be at least 32/],
    [{ ADMIN_EMAIL: 'a@b.co' }, /both ADMIN_EMAIL and ADMIN_PASSWORD/],
    [{ ADMIN_PASSWORD: 'whatever-123' }, /both ADMIN_EMAIL and ADMIN_PASSWORD/],
    [{ ADMIN_EMAIL: 'a@b.co', ADMIN_PASSWORD: '123456789' }, /ADMIN_PASSWORD is too weak/],
    [{ SEED_DEMO: 'maybe' }, /SEED_DEMO must be true or false/],
    [{ PGLITE_OPTIMIZED_CODE: 'fast' }, /PGLITE_OPTIMIZED_CODE must be true or false/],
    [{ LOG_LEVEL: 'loud' }, /LOG_LEVEL must be one of/],
    [{ PUBLIC_URL: 'boafo.gh' }, /PUBLIC_URL must be a full URL/],
    [{ SWEEP_INTERVAL_SECONDS: '-5' }, /SWEEP_INTERVAL_SECONDS must be a whole number from 0/],
    [{ PAYMENT_RECHECK_AFTER_SECONDS: '1e3' }, /PAYMENT_RECHECK_AFTER_SECONDS must be a whole number/],
    [{ PAYMENT_RECHECK_AFTER_SECONDS: '600', PAYMENT_ABANDON_AFTER_SECONDS: '300' }, /PAYMENT_ABANDON_AFTER_SECONDS must be at least/],
    [{ WITHDRAWAL_RECHECK_AFTER_SECONDS: '5' }, /WITHDRAWAL_RECHECK_AFTER_SECONDS must be a whole number from 30/],
    [{ METRICS_TOKEN: 'short' }, /METRICS_TOKEN must be at least 16 characters/],
    [{ METRICS_TOKEN: 'has a space in it 0123456789' }, /METRICS_TOKEN must be at least 16 characters without spaces/],
    [{ METRICS_PORT: '3000' }, /METRICS_PORT must differ from PORT/],
    [{ METRICS_PORT: 'x' }, /METRICS_PORT must be a whole number from 1/],
    [{ DRAIN_SECONDS: '-1' }, /DRAIN_SECONDS must be a whole number from 0/],
    [{ SMS_PROVIDER: 'twilio' }, /SMS_PROVIDER must be one of log, hubtel/],
    [{ SMS_PROVIDER: 'hubtel', SMS_CLIENT_ID: 'abc' }, /SMS_CLIENT_ID and SMS_CLIENT_SECRET are required/],
    [{ SMS_SENDER: 'BoafoGhanaApp' }, /SMS_SENDER must be 1 to 11/],
    [{ SMS_SENDER: '12345' }, /SMS_SENDER must be 1 to 11 .* at least one letter/],
    [{ SMS_SENDER: 'Boafo!' }, /SMS_SENDER must be 1 to 11/],
    [{ SMS_INBOUND_TOKEN: 'short' }, /SMS_INBOUND_TOKEN must be 16 to 200/],
    [{ SMS_INBOUND_TOKEN: 'has a space in it, sixteen+' }, /SMS_INBOUND_TOKEN must be 16 to 200/],
    [{ SMS_INBOUND_ALLOWED_IPS: '203.0.113.7, example.com' }, /SMS_INBOUND_ALLOWED_IPS takes addresses or CIDR ranges .*example\.com/],
    [{ SMS_INBOUND_ALLOWED_IPS: '203.0.113.0/33' }, /SMS_INBOUND_ALLOWED_IPS takes addresses/],
    [{ SMS_HUBTEL_BASE_URL: 'sms.hubtel.com' }, /SMS_HUBTEL_BASE_URL must be a full URL/],
    [{ SMS_INTERVAL_SECONDS: '-1' }, /SMS_INTERVAL_SECONDS must be a whole number/],
    [{ STEP_UP_MAX_AGE_SECONDS: '5' }, /STEP_UP_MAX_AGE_SECONDS must be a whole number from 10/],
    [{ PAYOUT_CHANGE_HOLD_HOURS: '24h' }, /PAYOUT_CHANGE_HOLD_HOURS must be a whole number/],
    [{ TWO_STEP_MAX_FAILURES_PER_ACCOUNT: '0' }, /TWO_STEP_MAX_FAILURES_PER_ACCOUNT must be a whole number from 1/],
  ])('fails loudly for %o', (env, message) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(message);
  });

  it('reads the SMS settings: log by default, Hubtel with its keys, sender and allow-list checked', () => {
    expect(loadConfig({}).sms).toMatchObject({ provider: 'log', sender: 'Boafo', inboundToken: null, inboundAllowedIps: null });
    const sms = loadConfig({
      SMS_PROVIDER: 'Hubtel',
      SMS_CLIENT_ID: 'id',
      SMS_CLIENT_SECRET: 'secret',
      SMS_SENDER: 'Boafo GH',
      SMS_HUBTEL_BASE_URL: 'http://127.0.0.1:9999/',
      SMS_INBOUND_TOKEN: 'a-long-enough-token',
      SMS_INBOUND_ALLOWED_IPS: '203.0.113.0/24, 2001:db8::1',
    }).sms;
    expect(sms).toMatchObject({ provider: 'hubtel', clientId: 'id', sender: 'Boafo GH', hubtelBaseUrl: 'http://127.0.0.1:9999' });
    expect(sms.inboundAllowedIps!.check('203.0.113.9', 'ipv4')).toBe(true);
    expect(sms.inboundAllowedIps!.check('198.51.100.1', 'ipv4')).toBe(false);
    expect(sms.inboundAllowedIps!.check('2001:db8::1', 'ipv6')).toBe(true);
  });

  it('documents every setting it reads', () => {
    const names = SETTINGS.map((s) => s.name);
    for (const name of [
      'PORT',
      'HOST',
      'DATA_DIR',
      'PGLITE_OPTIMIZED_CODE',
      'DATABASE_URL',
      'JWT_SECRET',
      'ADMIN_EMAIL',
      'ADMIN_PASSWORD',
      'PUBLIC_URL',
      'GOOGLE_AUTH_URL',
      'FACEBOOK_AUTH_URL',
      'WEB_DIST_DIR',
      'LOG_LEVEL',
      'SEED_DEMO',
      'SWEEP_INTERVAL_SECONDS',
      'PAYMENT_RECHECK_AFTER_SECONDS',
      'PAYMENT_ABANDON_AFTER_SECONDS',
      'WITHDRAWAL_RECHECK_AFTER_SECONDS',
      'METRICS_TOKEN',
      'METRICS_PORT',
      'DRAIN_SECONDS',
      'SHUTDOWN_TIMEOUT_SECONDS',
      'SMS_PROVIDER',
      'SMS_CLIENT_ID',
      'SMS_CLIENT_SECRET',
      'SMS_SENDER',
      'SMS_INBOUND_TOKEN',
      'SMS_INBOUND_ALLOWED_IPS',
      'SMS_INTERVAL_SECONDS',
      'TWO_STEP_MAX_FAILURES_PER_ACCOUNT',
      'TWO_STEP_MAX_FAILURES_PER_IP',
      'STEP_UP_MAX_AGE_SECONDS',
      'PAYOUT_CHANGE_HOLD_HOURS',
    ]) {
      expect(names).toContain(name);
    }
    for (const setting of SETTINGS) expect(setting.description.length).toBeGreaterThan(10);
  });
});
