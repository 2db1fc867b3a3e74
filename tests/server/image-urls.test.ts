/**
 * Image fields as a client built only from the spec reads them (spec §3): it shows `image` as it
 * comes, from its own origin, so every `image` is an absolute URL on this server (PUBLIC_URL, else
 * the address the request came to, through a proxy only with TRUST_PROXY); every other image field
 * (cover_image, profile_picture, cover_photo, featured_image and the *_sizes maps) stays a path.
 */
import sharp from 'sharp';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import type { AppConfig } from '../../src/server/config';
import type { Db } from '../../src/server/db/client';
import { backends } from './helpers/backends';
import { bearer, multipartBody, useApp, type FilePart } from './helpers/app';
import { ADMIN, donate as insertDonation } from './helpers/causes';
import { scene } from './helpers/giving';

const MEDIA_PATH = /^\/media\/[0-9a-f]{64}$/;
/** Every request of a case carries these: a LAN address, and proxy headers only a trusted proxy may set. */
const REQUEST_HEADERS = { host: 'lan-box.local:3000', 'x-forwarded-host': 'give.example.gh', 'x-forwarded-proto': 'https' };

const cases: Array<{ name: string; config: Partial<AppConfig>; origin: string }> = [
  { name: 'PUBLIC_URL set', config: { publicUrl: 'https://boafo.test' }, origin: 'https://boafo.test' },
  { name: 'PUBLIC_URL unset', config: { publicUrl: null }, origin: 'http://lan-box.local:3000' },
  { name: 'PUBLIC_URL unset behind a trusted proxy', config: { publicUrl: null, trustProxy: true }, origin: 'https://give.example.gh' },
];
const ALL_HOSTS = ['boafo.test', 'lan-box.local', 'give.example.gh', 'localhost'];

async function picture(width = 800, height = 500): Promise<FilePart> {
  const data = await sharp({ create: { width, height, channels: 3, background: { r: 252, g: 209, b: 22 } } })
    .png()
    .toBuffer();
  return { filename: 'picture.png', contentType: 'image/png', data };
}

async function sendForm(
  app: FastifyInstance,
  method: 'POST' | 'PUT',
  url: string,
  access: string,
  fields: Record<string, string | FilePart>,
) {
  const { payload, headers } = await multipartBody(fields);
  const res = await app.inject({ method, url, payload, headers: { ...REQUEST_HEADERS, ...headers, ...bearer(access) } });
  if (res.statusCode >= 300) throw new Error(`${method} ${url} failed: ${res.statusCode} ${res.body}`);
  return res.json();
}

/** The image fields of an answer, and of its *_sizes maps (widths → paths). */
function imageFields(prefix: string, object: Record<string, unknown>, names: string[]): Record<string, unknown> {
  const found: Record<string, unknown> = {};
  for (const name of names) {
    found[`${prefix}.${name}`] = object[name];
    const sizes = object[`${name}_sizes`] as Record<string, string> | undefined;
    if (sizes) {
      expect(Object.keys(sizes).sort(), `${prefix}.${name}_sizes`).toEqual(['320', '96', '960']);
      for (const [width, path] of Object.entries(sizes)) found[`${prefix}.${name}_sizes.${width}`] = path;
    }
  }
  return found;
}

describe.each(backends.flatMap((backend) => cases.map((c) => ({ ...c, backend, label: `${backend.name}, ${c.name}` }))))(
  'image fields on $label',
  ({ backend, config, origin }) => {
    const ctx = useApp(backend, { admin: ADMIN, ...config });
    const get = (url: string, access?: string) =>
      ctx.app.inject({ url, headers: { ...REQUEST_HEADERS, ...(access ? bearer(access) : {}) } });

    it(`answers every image alias as ${origin}/media/…, every other image field as a /media path`, async () => {
      const { admin, organizer } = await scene(ctx.app);
      const created = await sendForm(ctx.app, 'POST', '/api/causes/create/', organizer.access, {
        name: 'Solar lamps for Bawku',
        description: 'Light for evening classes.',
        target_amount: '8000',
        cover_image: await picture(1200, 700),
      });
      const approved = await ctx.app.inject({
        method: 'POST',
        url: `/api/admin/causes/${created.id}/approve/`,
        headers: bearer(admin.access),
      });
      expect(approved.statusCode).toBe(200);
      const profile = await sendForm(ctx.app, 'PUT', '/api/user/profile/', organizer.access, {
        profile_picture: await picture(600, 600),
        cover_photo: await picture(1200, 400),
      });
      const story = await sendForm(ctx.app, 'POST', '/api/success-stories/', admin.access, {
        title: 'Lights on',
        description: 'Done.',
        image: await picture(),
      });
      const post = await sendForm(ctx.app, 'POST', '/api/blog-posts/', admin.access, { title: 'Evening classes', image: await picture() });
      const testimonial = await sendForm(ctx.app, 'POST', '/api/testimonials/', admin.access, {
        text: 'Thank you',
        author: 'Esi',
        image: await picture(),
      });
      const update = await sendForm(ctx.app, 'POST', `/api/causes/${created.id}/updates/`, organizer.access, {
        body: 'The first lamps are up.',
        image: await picture(),
      });
      // The organizer also gives (named, completed): a contributor with a picture.
      await insertDonation(ctx.app.db as Db, {
        causeId: created.id,
        amount: 5_000,
        donorId: organizer.id,
        email: organizer.email,
        donorName: 'Ama Organizer',
      });
      await ctx.app.inject({
        method: 'POST',
        url: '/api/favorites/',
        headers: bearer(organizer.access),
        payload: { cause_id: created.id },
      });
      const cartId = crypto.randomUUID();
      const added = await ctx.app.inject({
        method: 'POST',
        url: '/api/cart/add/',
        headers: REQUEST_HEADERS,
        payload: { cart_id: cartId, cause_id: created.id, donation_amount: 10 },
      });

      const answers = {
        created,
        listed: (await get('/api/causes/list/?page_size=50')).json().results.find((c: { id: string }) => c.id === created.id),
        details: (await get(`/api/causes/details/${created.id}/`)).json(),
        favorite: (await get('/api/favorites/', organizer.access)).json().results[0],
        review: (await get('/api/admin/causes/?status=active', admin.access))
          .json()
          .results.find((c: { id: string }) => c.id === created.id),
        profile,
        ownProfile: (await get('/api/user/profile/', organizer.access)).json(),
        publicProfile: (await get(`/api/user/profiles/${organizer.id}/`)).json(),
        story,
        stories: (await get('/api/success-stories/')).json()[0],
        post,
        posts: (await get('/api/blog-posts/')).json()[0],
        postBySlug: (await get(`/api/blog-posts/${post.slug}/`)).json(),
        testimonial,
        testimonials: (await get('/api/testimonials/')).json()[0],
        contributor: (await get('/api/contributors/')).json().find((c: { id: string }) => c.id === organizer.id),
        card: (await get('/api/donations/')).json().results.find((c: { id: string }) => c.id === created.id),
        cartAdd: added.json().item,
        cart: (await get(`/api/cart/${cartId}/`)).json().items[0],
        update,
        updates: (await get(`/api/causes/${created.id}/updates/`)).json().results[0],
      };
      const fieldsOf: Record<keyof typeof answers, string[]> = {
        created: ['image', 'cover_image'],
        listed: ['image', 'cover_image'],
        details: ['image', 'cover_image'],
        favorite: ['image', 'cover_image'],
        review: ['image', 'cover_image'],
        profile: ['profile_picture', 'cover_photo'],
        ownProfile: ['profile_picture', 'cover_photo'],
        publicProfile: ['profile_picture', 'cover_photo'],
        story: ['image'],
        stories: ['image'],
        post: ['image', 'featured_image'],
        posts: ['image', 'featured_image'],
        postBySlug: ['image', 'featured_image'],
        testimonial: ['image'],
        testimonials: ['image'],
        contributor: ['image', 'profile_picture'],
        card: ['image'],
        cartAdd: ['image'],
        cart: ['image'],
        update: ['image'],
        updates: ['image'],
      };
      const found: Record<string, unknown> = {};
      for (const [name, answer] of Object.entries(answers))
        Object.assign(found, imageFields(name, answer, fieldsOf[name as keyof typeof answers]));
      expect(Object.keys(found).length).toBeGreaterThanOrEqual(60);

      let absolute = 0;
      for (const [field, value] of Object.entries(found)) {
        expect(typeof value, field).toBe('string');
        let path = value as string;
        if (field.endsWith('.image')) {
          expect(path.startsWith(`${origin}/media/`), `${field} = ${path}`).toBe(true);
          path = path.slice(origin.length);
          absolute += 1;
        }
        expect(path, field).toMatch(MEDIA_PATH);
        const served = await ctx.app.inject({ url: path });
        expect(served.statusCode, field).toBe(200);
        expect(served.headers['content-type'], field).toBe('image/webp');
      }
      expect(absolute).toBe(18);
      // An alias and its path name the same picture.
      expect(answers.details.image).toBe(`${origin}${answers.details.cover_image}`);
      expect(answers.posts.image).toBe(`${origin}${answers.posts.featured_image}`);
      expect(answers.contributor.image).toBe(`${origin}${answers.contributor.profile_picture}`);
      // No other host anywhere: not a header this setup must ignore, not inject's default.
      const text = JSON.stringify(answers);
      for (const host of ALL_HOSTS.filter((h) => !origin.includes(h))) expect(text, host).not.toContain(host);
    });
  },
);
