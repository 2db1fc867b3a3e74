import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import type { Db } from '../../src/server/db/client';
import { creditCause } from '../../src/server/repositories/causes';
import { backends } from './helpers/backends';
import { bearer, multipartBody, newSession, useApp, type FilePart } from './helpers/app';
import { activeCause, ADMIN, adminSession, createCause, donate, type Session } from './helpers/causes';

const REQUIRED = 'This field is required.';
const BAD_AMOUNT = 'Enter a valid amount (0 or more, at most 2 decimal places).';
const INVALID_IMAGE = 'Upload a valid image. The file you uploaded was either not an image or a corrupted image.';
const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';

describe.each(backends)('causes on $name', (backend) => {
  const ctx = useApp(backend, { admin: ADMIN, publicUrl: 'https://boafo.test' });
  const get = (url: string, access?: string) => ctx.app.inject({ url, headers: access ? bearer(access) : {} });
  const post = (url: string, access?: string, payload?: unknown) =>
    ctx.app.inject({
      method: 'POST',
      url,
      headers: access ? bearer(access) : {},
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
  const put = (url: string, access: string | undefined, payload: unknown) =>
    ctx.app.inject({ method: 'PUT', url, headers: access ? bearer(access) : {}, payload: payload as object });
  const messages = async (access: string) =>
    (await get('/api/notifications/?page_size=50', access)).json().results.map((n: { message: string }) => n.message);

  it('walks the whole lifecycle: create, reject, resubmit, approve, close', async () => {
    const admin = await adminSession(ctx.app);
    const organizer = await newSession(ctx.app);
    const other = await newSession(ctx.app);
    const created = await post('/api/causes/create/', organizer.access, {
      name: '  School roof for Bawku  ',
      description: 'Storm damage repairs.',
      target_amount: '2500.5',
      category: 'Education',
      location: 'Bawku',
      accepts_donations_after_goal: 'true',
      status: 'active',
      current_amount: '999',
    });
    expect(created.statusCode, created.body).toBe(201);
    const cause = created.json();
    expect(cause).toMatchObject({
      name: 'School roof for Bawku',
      title: 'School roof for Bawku',
      status: 'under_review',
      current_amount: '0.00',
      target_amount: '2500.50',
      organizer_id: organizer.id,
      organizer_name: 'Kofi Boateng',
      location: 'Bawku',
      category: { id: expect.any(String), name: 'Education' },
      accepts_donations_after_goal: true,
      accepts_donations: false,
      is_active: false,
      donor_count: 0,
      rejection_reason: null,
      cover_image: null,
      image: null,
      cover_image_sizes: null,
    });
    expect(await messages(admin.access)).toContain('A new cause awaits review: School roof for Bawku');

    const url = `/api/causes/details/${cause.id}/`;
    expect((await get(url)).statusCode).toBe(404);
    expect((await get(url, other.access)).statusCode).toBe(404);
    expect((await get(url, organizer.access)).statusCode).toBe(200);
    expect((await get(url, admin.access)).statusCode).toBe(200);
    const publicIds = (await get('/api/causes/list/?page_size=50')).json().results.map((c: { id: string }) => c.id);
    expect(publicIds).not.toContain(cause.id);
    const own = await get(`/api/causes/list/?organizer_id=${organizer.id}`, organizer.access);
    expect(own.json().results.map((c: { id: string }) => c.id)).toEqual([cause.id]);
    expect((await get(`/api/causes/list/?organizer_id=${organizer.id}`, other.access)).json().count).toBe(0);

    const rejected = await post(`/api/admin/causes/${cause.id}/reject/`, admin.access, { reason: 'Add a budget.' });
    expect(rejected.statusCode).toBe(200);
    expect(rejected.json()).toMatchObject({ status: 'rejected', rejection_reason: 'Add a budget.' });
    expect(await messages(organizer.access)).toContain('Your cause "School roof for Bawku" was not approved: Add a budget.');
    expect((await get(url, organizer.access)).json().rejection_reason).toBe('Add a budget.');
    expect((await post(`/api/admin/causes/${cause.id}/approve/`, admin.access)).statusCode).toBe(409);

    const resubmitted = await put(`/api/causes/${cause.id}/`, organizer.access, { description: 'Budget: GH₵2,500 for roofing sheets.' });
    expect(resubmitted.statusCode, resubmitted.body).toBe(200);
    expect(resubmitted.json()).toMatchObject({
      status: 'under_review',
      rejection_reason: null,
      description: 'Budget: GH₵2,500 for roofing sheets.',
      name: 'School roof for Bawku',
    });

    const approved = await post(`/api/admin/causes/${cause.id}/approve/`, admin.access);
    expect(approved.json()).toMatchObject({ status: 'active', is_active: true, accepts_donations: true });
    expect(await messages(organizer.access)).toContain('Your cause "School roof for Bawku" was approved.');
    const seen = await get(url);
    expect(seen.statusCode).toBe(200);
    expect(seen.json().is_favorite).toBeUndefined();
    expect((await get(url, other.access)).json().is_favorite).toBe(false);

    const late = await put(`/api/causes/${cause.id}/`, organizer.access, { name: 'Changed' });
    expect(late.statusCode).toBe(409);
    expect(late.json()).toEqual({ detail: 'Only causes under review or rejected can be edited.', code: 'conflict' });
    const closed = await post(`/api/causes/${cause.id}/close/`, organizer.access);
    expect(closed.json()).toMatchObject({ status: 'closed', accepts_donations: false });
    expect((await post(`/api/causes/${cause.id}/close/`, organizer.access)).statusCode).toBe(409);
    expect((await get(url)).statusCode).toBe(404);
  });

  it('enforces who may do what on every cause endpoint', async () => {
    const admin = await adminSession(ctx.app);
    const organizer = await newSession(ctx.app);
    const other = await newSession(ctx.app);
    const actors: Record<string, Session | null> = { anonymous: null, other, organizer, admin };
    type Row = [string, (access?: string) => Promise<{ statusCode: number }>, Record<string, number>];
    const fresh = () => createCause(ctx.app, organizer.access);
    const freshActive = () => activeCause(ctx.app, organizer.access, admin.access);
    const table: Row[] = [
      [
        'details of a cause under review',
        async (a) => get(`/api/causes/details/${(await fresh()).id}/`, a),
        { anonymous: 404, other: 404, organizer: 200, admin: 200 },
      ],
      [
        'edit',
        async (a) => put(`/api/causes/${(await fresh()).id}/`, a, { name: 'New name' }),
        { anonymous: 401, other: 403, organizer: 200, admin: 200 },
      ],
      [
        'close an active cause',
        async (a) => post(`/api/causes/${(await freshActive()).id}/close/`, a),
        { anonymous: 401, other: 403, organizer: 200, admin: 200 },
      ],
      [
        'close a cause under review',
        async (a) => post(`/api/causes/${(await fresh()).id}/close/`, a),
        { anonymous: 401, other: 403, organizer: 409, admin: 409 },
      ],
      [
        'approve',
        async (a) => post(`/api/admin/causes/${(await fresh()).id}/approve/`, a),
        { anonymous: 401, other: 403, organizer: 403, admin: 200 },
      ],
      [
        'reject',
        async (a) => post(`/api/admin/causes/${(await fresh()).id}/reject/`, a, { reason: 'No.' }),
        { anonymous: 401, other: 403, organizer: 403, admin: 200 },
      ],
      [
        'create',
        async (a) => post('/api/causes/create/', a, { name: 'x', description: 'y' }),
        { anonymous: 401, other: 201, organizer: 201, admin: 201 },
      ],
      [
        'create for someone else',
        async (a) => post('/api/causes/create/', a, { name: 'x', description: 'y', organizer_id: organizer.id }),
        { anonymous: 401, other: 403, organizer: 201, admin: 201 },
      ],
    ];
    const results: Record<string, Record<string, number>> = {};
    for (const [name, call, expected] of table) {
      results[name] = {};
      for (const actor of Object.keys(expected)) results[name][actor] = (await call(actors[actor]?.access)).statusCode;
    }
    expect(results).toEqual(Object.fromEntries(table.map(([name, , expected]) => [name, expected])));
  });

  it('admins may edit any cause in any status without changing it', async () => {
    const admin = await adminSession(ctx.app);
    const organizer = await newSession(ctx.app);
    const cause = await activeCause(ctx.app, organizer.access, admin.access);
    const res = await put(`/api/causes/${cause.id}/`, admin.access, { name: 'Corrected title' });
    expect(res.json()).toMatchObject({ name: 'Corrected title', status: 'active', organizer_id: organizer.id });
  });

  it('validates create payloads with field errors', async () => {
    const user = await newSession(ctx.app);
    const missing = await post('/api/causes/create/', user.access, { name: '   ', target_amount: '-5' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toEqual({
      detail: expect.any(String),
      code: 'validation_error',
      errors: { name: [REQUIRED], description: [REQUIRED], target_amount: [BAD_AMOUNT] },
    });
    for (const bad of ['1.234', 'abc', '1e5']) {
      const res = await post('/api/causes/create/', user.access, { name: 'a', description: 'b', target_amount: bad });
      expect(res.json().errors, bad).toEqual({ target_amount: [BAD_AMOUNT] });
    }
    const badJson = await post('/api/causes/create/', user.access, { name: 'a', description: 'b', category_data: '{oops' });
    expect(badJson.json().errors).toEqual({ category_data: ['Enter valid JSON.'] });
    const badFlag = await post('/api/causes/create/', user.access, { name: 'a', description: 'b', accepts_donations_after_goal: 'maybe' });
    expect(badFlag.statusCode).toBe(400);
    const notJson = await ctx.app.inject({
      method: 'POST',
      url: '/api/causes/create/',
      headers: { ...bearer(user.access), 'content-type': 'application/json' },
      payload: '{"name":',
    });
    expect(notJson.statusCode).toBe(400);
    expect(notJson.json().code).toBe('validation_error');
    expect((await post('/api/causes/create/', undefined, { name: 'a', description: 'b' })).json().code).toBe('not_authenticated');
  });

  it('reads goals, categories and organizers the way the form sends them', async () => {
    const admin = await adminSession(ctx.app);
    const user = await newSession(ctx.app);
    const noGoal = await createCause(ctx.app, user.access, { target_amount: undefined });
    expect(noGoal.target_amount).toBe('0.00');
    expect((await createCause(ctx.app, user.access, { target_amount: 0 })).target_amount).toBe('0.00');
    expect((await createCause(ctx.app, user.access, { target_amount: 25.5 })).target_amount).toBe('25.50');
    const first = await createCause(ctx.app, user.access, { category_data: JSON.stringify({ name: 'Sports & Youth' }) });
    const again = await createCause(ctx.app, user.access, { category: 'sports & youth' });
    expect(first.category.name).toBe('Sports & Youth');
    expect(again.category).toEqual(first.category);
    const categories = (await get('/api/categories/')).json();
    expect(categories.filter((c: { name: string }) => c.name.toLowerCase() === 'sports & youth')).toHaveLength(1);
    expect(categories.map((c: { name: string }) => c.name)).toEqual(
      [...categories.map((c: { name: string }) => c.name)].sort((a, b) => a.localeCompare(b, 'en', { sensitivity: 'base' })),
    );

    const forUser = await createCause(ctx.app, admin.access, { organizer_id: user.id });
    expect(forUser.organizer_id).toBe(user.id);
    const unknown = await post('/api/causes/create/', admin.access, { name: 'a', description: 'b', organizer_id: UNKNOWN_ID });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().errors).toEqual({ organizer_id: ['No user with this id exists.'] });
    const notYours = await post('/api/causes/create/', user.access, { name: 'a', description: 'b', organizer_id: admin.id });
    expect(notYours.statusCode).toBe(403);
    expect(notYours.json().code).toBe('permission_denied');
  });

  it('stores a real cover image as WebP sizes and rejects fake or oversize ones', async () => {
    const user = await newSession(ctx.app);
    const send = async (fields: Record<string, string | FilePart>) => {
      const { payload, headers } = await multipartBody(fields);
      return ctx.app.inject({ method: 'POST', url: '/api/causes/create/', payload, headers: { ...headers, ...bearer(user.access) } });
    };
    const png = await sharp({ create: { width: 1200, height: 600, channels: 3, background: { r: 0, g: 107, b: 63 } } })
      .png()
      .toBuffer();
    const ok = await send({
      name: 'Clinic in Yendi',
      description: 'Beds',
      category_data: '{"name":"Medical"}',
      cover_image: { filename: 'c.png', contentType: 'image/png', data: png },
    });
    expect(ok.statusCode, ok.body).toBe(201);
    const cause = ok.json();
    expect(Object.keys(cause.cover_image_sizes).sort()).toEqual(['320', '96', '960']);
    expect(cause.cover_image).toBe(cause.cover_image_sizes['960']);
    // `image` is absolute for spec clients; cover_image stays relative even with PUBLIC_URL set
    // (spec §3: the client joins it to the server's address).
    expect(cause.image).toBe(`https://boafo.test${cause.cover_image}`);
    expect(cause.cover_image).toMatch(/^\/media\/[0-9a-f]{64}$/);
    const media = await get(cause.cover_image_sizes['320']);
    expect(media.statusCode).toBe(200);
    expect(media.headers['content-type']).toBe('image/webp');
    expect((await sharp(media.rawPayload).metadata()).width).toBe(320);

    const fake = await send({
      name: 'a',
      description: 'b',
      cover_image: { filename: 'x.png', contentType: 'image/png', data: Buffer.from('not an image') },
    });
    expect(fake.statusCode).toBe(400);
    expect(fake.json().errors).toEqual({ cover_image: [INVALID_IMAGE] });
    const big = await send({
      name: 'a',
      description: 'b',
      cover_image: { filename: 'x.jpg', contentType: 'image/jpeg', data: Buffer.alloc(6 * 1024 * 1024, 1) },
    });
    expect(big.statusCode).toBe(413);
    expect(big.json().errors).toEqual({ cover_image: ['The file is too large (max 5 MB).'] });
  });

  it('answers 404 JSON for malformed and unknown ids and 400 for bad review payloads', async () => {
    const admin = await adminSession(ctx.app);
    const user = await newSession(ctx.app);
    for (const id of ['not-a-uuid', UNKNOWN_ID, "1' OR '1'='1"]) {
      const e = encodeURIComponent(id);
      const calls = [
        get(`/api/causes/details/${e}/`),
        put(`/api/causes/${e}/`, user.access, { name: 'x' }),
        post(`/api/causes/${e}/close/`, user.access),
        post(`/api/admin/causes/${e}/approve/`, admin.access),
        post(`/api/admin/causes/${e}/reject/`, admin.access, { reason: 'x' }),
      ];
      for (const res of await Promise.all(calls)) {
        expect(res.statusCode, `${id} ${res.body}`).toBe(404);
        expect(res.json()).toEqual({ detail: 'Cause not found.', code: 'not_found' });
      }
    }
    const cause = await createCause(ctx.app, user.access);
    for (const payload of [{}, { reason: '' }, { reason: '   ' }, { reason: 'x'.repeat(1001) }]) {
      const res = await post(`/api/admin/causes/${cause.id}/reject/`, admin.access, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(Object.keys(res.json().errors)).toEqual(['reason']);
    }
    expect((await get(`/api/causes/details/${cause.id}/`, user.access)).json().status).toBe('under_review');
  });

  it('creditCause adds money and completes a cause exactly when it reaches its goal', async () => {
    const admin = await adminSession(ctx.app);
    const organizer = await newSession(ctx.app);
    const db = ctx.app.db as Db;
    const cause = await activeCause(ctx.app, organizer.access, admin.access, { target_amount: '100.00' });
    await donate(db, { causeId: cause.id, amount: 6_000 });
    let seen = (await get(`/api/causes/details/${cause.id}/`)).json();
    expect(seen).toMatchObject({ status: 'active', current_amount: '60.00', donor_count: 1 });
    await donate(db, { causeId: cause.id, amount: 3_999, email: 'GUEST@example.com' });
    seen = (await get(`/api/causes/details/${cause.id}/`)).json();
    // Same guest email in another case: still one donor.
    expect(seen).toMatchObject({ status: 'active', current_amount: '99.99', donor_count: 1 });
    await donate(db, { causeId: cause.id, amount: 1, donorId: organizer.id, email: organizer.email });
    seen = (await get(`/api/causes/details/${cause.id}/`)).json();
    expect(seen).toMatchObject({ status: 'completed', current_amount: '100.00', donor_count: 2, accepts_donations: false });
    expect(await messages(organizer.access)).toContain(`Your cause "${cause.name}" reached its goal.`);

    const open = await activeCause(ctx.app, organizer.access, admin.access, { target_amount: '10', accepts_donations_after_goal: true });
    const result = await db.transaction((tx) => creditCause(tx as unknown as Db, open.id, 5_000));
    expect(result).toEqual({ currentAmount: 5_000, status: 'completed', completedNow: true });
    expect((await get(`/api/causes/details/${open.id}/`)).json().accepts_donations).toBe(true);
    const again = await db.transaction((tx) => creditCause(tx as unknown as Db, open.id, 100));
    expect(again).toEqual({ currentAmount: 5_100, status: 'completed', completedNow: false });

    const noGoal = await activeCause(ctx.app, organizer.access, admin.access, { target_amount: '0' });
    expect((await db.transaction((tx) => creditCause(tx as unknown as Db, noGoal.id, 1_000_000)))!.status).toBe('active');
    expect(await db.transaction((tx) => creditCause(tx as unknown as Db, UNKNOWN_ID, 100))).toBeNull();
    await expect(db.transaction((tx) => creditCause(tx as unknown as Db, noGoal.id, 0))).rejects.toThrow(RangeError);
    await expect(db.transaction((tx) => creditCause(tx as unknown as Db, noGoal.id, 1.5))).rejects.toThrow(RangeError);
  });
});
