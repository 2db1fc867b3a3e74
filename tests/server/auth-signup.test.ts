import { describe, expect, it } from 'vitest';
import { backends } from './helpers/backends';
import { GOOD_PASSWORD, login, signup, uniqueEmail, useApp } from './helpers/app';

describe.each(backends)('signup on $name', (backend) => {
  const ctx = useApp(backend);
  const post = (payload: unknown) => ctx.app.inject({ method: 'POST', url: '/api/user/auth/signup/', payload: payload as object });
  const valid = () => ({ first_name: 'Ama', last_name: 'Owusu', email: uniqueEmail(), password: GOOD_PASSWORD, password2: GOOD_PASSWORD });

  it('creates an account and answers 201 without the password', async () => {
    const body = valid();
    const res = await post({ ...body, email: `  ${body.email.toUpperCase()} ` });
    expect(res.statusCode).toBe(201);
    const json = res.json();
    expect(json).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      email: body.email.toLowerCase(),
      first_name: 'Ama',
      last_name: 'Owusu',
    });
    expect(res.body).not.toContain(GOOD_PASSWORD);
  });

  it('lists every missing field as required', async () => {
    const res = await post({});
    expect(res.statusCode).toBe(400);
    const json = res.json();
    expect(json.code).toBe('validation_error');
    expect(typeof json.detail).toBe('string');
    for (const field of ['first_name', 'last_name', 'email', 'password', 'password2']) {
      expect(json.errors[field]).toEqual(['This field is required.']);
    }
  });

  it('rejects blank names and an invalid email', async () => {
    const res = await post({ ...valid(), first_name: '   ', last_name: '', email: 'not-an-email' });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({
      first_name: ['This field may not be blank.'],
      last_name: ['This field may not be blank.'],
      email: ['Enter a valid email address.'],
    });
  });

  it('rejects short and all-digit passwords', async () => {
    const short = await post({ ...valid(), password: 'abc', password2: 'abc' });
    expect(short.statusCode).toBe(400);
    expect(short.json().errors.password).toEqual(['This password is too short. It must contain at least 8 characters.']);
    const digits = await post({ ...valid(), password: '12345678', password2: '12345678' });
    expect(digits.statusCode).toBe(400);
    expect(digits.json().errors.password).toEqual(['This password is entirely numeric.']);
  });

  it('rejects mismatched passwords on password2', async () => {
    const res = await post({ ...valid(), password2: 'something-else-1' });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({ password2: ['Passwords do not match.'] });
  });

  it("a registered email in another case gets a new sign-up's answer and creates no second account (the owner is emailed: password-reset.test.ts)", async () => {
    const email = uniqueEmail('dup');
    expect((await signup(ctx.app, email)).statusCode).toBe(201);
    const res = await signup(ctx.app, email.toUpperCase());
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ id: expect.any(String), email, first_name: 'Kofi', last_name: 'Boateng' });
    expect((await login(ctx.app, email)).statusCode).toBe(200);
  });

  it('answers 400 JSON for a body that is not JSON', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/user/auth/signup/',
      headers: { 'content-type': 'application/json' },
      payload: '{oops',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('validation_error');
  });
});
