import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { backends } from './helpers/backends';
import { bearer, multipartBody, newSession, useApp, type FilePart } from './helpers/app';

const INVALID_IMAGE = 'Upload a valid image. The file you uploaded was either not an image or a corrupted image.';

async function png(width: number, height: number): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: { r: 206, g: 17, b: 38 } } })
    .png()
    .toBuffer();
}

describe.each(backends)('profile on $name', (backend) => {
  const ctx = useApp(backend, { publicUrl: null });
  const put = async (access: string, fields: Record<string, string | FilePart>) => {
    const { payload, headers } = await multipartBody(fields);
    return ctx.app.inject({
      method: 'PUT',
      url: '/api/user/profile/',
      payload,
      headers: { ...headers, ...bearer(access), host: 'boafo.test:8080' },
    });
  };

  it('GET answers the profile with every alias filled', async () => {
    const session = await newSession(ctx.app);
    const res = await ctx.app.inject({ method: 'GET', url: '/api/user/profile/', headers: bearer(session.access) });
    expect(res.statusCode).toBe(200);
    const p = res.json();
    expect(p).toMatchObject({
      id: session.id,
      user_id: session.id,
      email: session.email,
      first_name: 'Kofi',
      last_name: 'Boateng',
      first: 'Kofi',
      last: 'Boateng',
      given_name: 'Kofi',
      family_name: 'Boateng',
      name: 'Kofi Boateng',
      username: session.email.split('@')[0],
      role: 'user',
      occupation: '',
      job_title: '',
      bio: '',
      interests: '',
      phone_number: '',
      phone: '',
      address: '',
      withdrawal_address: null,
      profile_picture: null,
      profile_picture_sizes: null,
      cover_photo: null,
      cover_photo_sizes: null,
      is_verified: false,
    });
    expect(new Date(p.created_at).getTime()).toBeGreaterThan(Date.now() - 60_000);
  });

  it('PUT multipart updates text fields and a real PNG, served from /media', async () => {
    const session = await newSession(ctx.app);
    const res = await put(session.access, {
      bio: 'I help schools in Tamale',
      occupation: 'Teacher',
      phone_number: '+233 24 123 4567',
      address: 'Tamale, Northern Region',
      withdrawal_address: JSON.stringify({ type: 'momo', network: 'MTN', number: '0241234567', name: 'Kofi Boateng' }),
      profile_picture: { filename: 'me.png', contentType: 'image/png', data: await png(1200, 800) },
    });
    expect(res.statusCode, res.body).toBe(200);
    const p = res.json();
    expect(p).toMatchObject({
      bio: 'I help schools in Tamale',
      interests: 'I help schools in Tamale',
      occupation: 'Teacher',
      job_title: 'Teacher',
      phone_number: '+233 24 123 4567',
      phone: '+233 24 123 4567',
      address: 'Tamale, Northern Region',
      withdrawal_address: {
        type: 'mobile_money',
        provider: 'MTN',
        provider_name: 'MTN Mobile Money',
        phone_number: '233241234567',
        account_name: 'Kofi Boateng',
      },
      cover_photo: null,
    });
    expect(Object.keys(p.profile_picture_sizes).sort()).toEqual(['320', '96', '960']);
    expect(p.profile_picture).toBe(p.profile_picture_sizes['960']);
    expect(p.profile_picture).toMatch(/^\/media\/[0-9a-f]{64}$/);

    const media = await ctx.app.inject({ method: 'GET', url: p.profile_picture_sizes['320'] });
    expect(media.statusCode).toBe(200);
    expect(media.headers['content-type']).toBe('image/webp');
    expect(media.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const meta = await sharp(media.rawPayload).metadata();
    expect(meta.format).toBe('webp');
    expect(meta.width).toBe(320);
    expect(meta.height).toBe(213);

    const again = await ctx.app.inject({ method: 'GET', url: '/api/user/profile/', headers: bearer(session.access) });
    // The same path whichever host the request came in on: the client supplies the base.
    expect(again.json().profile_picture).toBe(p.profile_picture);
  });

  it('rejects a text file named .png', async () => {
    const session = await newSession(ctx.app);
    const res = await put(session.access, {
      bio: 'should not be saved',
      profile_picture: { filename: 'fake.png', contentType: 'image/png', data: Buffer.from('this is not an image at all') },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ detail: expect.any(String), code: 'validation_error', errors: { profile_picture: [INVALID_IMAGE] } });
    const profile = await ctx.app.inject({ method: 'GET', url: '/api/user/profile/', headers: bearer(session.access) });
    expect(profile.json().bio).toBe('');
  });

  it('rejects a 6 MB upload with a JSON answer', async () => {
    const session = await newSession(ctx.app);
    const big = Buffer.alloc(6 * 1024 * 1024, 7);
    const res = await put(session.access, { cover_photo: { filename: 'big.jpg', contentType: 'image/jpeg', data: big } });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({
      detail: 'The file is too large (max 5 MB).',
      code: 'payload_too_large',
      errors: { cover_photo: ['The file is too large (max 5 MB).'] },
    });
  });

  it('rejects invalid withdrawal_address JSON and blank names', async () => {
    const session = await newSession(ctx.app);
    const res = await put(session.access, { withdrawal_address: '{not json', first_name: '  ' });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({ withdrawal_address: ['Enter valid JSON.'], first_name: ['This field may not be blank.'] });
  });

  it('accepts a JSON body with aliases and uses PUBLIC_URL-free absolute URLs', async () => {
    const session = await newSession(ctx.app);
    const res = await ctx.app.inject({
      method: 'PUT',
      url: '/api/user/profile/',
      headers: bearer(session.access),
      payload: {
        first_name: 'Akosua',
        job_title: 'Nurse',
        interests: 'Health',
        phone: '0200000000',
        withdrawal_address: { bank_code: '040100', account_number: '1234567890' },
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      first_name: 'Akosua',
      name: 'Akosua Boateng',
      occupation: 'Nurse',
      bio: 'Health',
      phone_number: '0200000000',
      withdrawal_address: { type: 'bank', bank_code: '040100', bank_name: 'GCB Bank', account_number: '1234567890' },
    });
  });

  it('answers 404 JSON for unknown media', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: `/media/${'0'.repeat(64)}` });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ detail: 'Not found.', code: 'not_found' });
    expect(res.headers['cache-control']).toBeUndefined();
    expect((await ctx.app.inject({ method: 'GET', url: '/media/not-a-hash' })).statusCode).toBe(404);
  });

  it('requires a token for PUT', async () => {
    const res = await ctx.app.inject({ method: 'PUT', url: '/api/user/profile/', payload: { bio: 'x' } });
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe('not_authenticated');
  });
});
