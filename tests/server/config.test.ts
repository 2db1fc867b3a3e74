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
    });
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
    [{ STEP_UP_MAX_AGE_SECONDS: '5' }, /STEP_UP_MAX_AGE_SECONDS must be a whole number from 10/],
    [{ PAYOUT_CHANGE_HOLD_HOURS: '24h' }, /PAYOUT_CHANGE_HOLD_HOURS must be a whole number/],
    [{ TWO_STEP_MAX_FAILURES_PER_ACCOUNT: '0' }, /TWO_STEP_MAX_FAILURES_PER_ACCOUNT must be a whole number from 1/],
  ])('fails loudly for %o', (env, message) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(message);
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
