import type { BlogPost, Contributor, DonationStatistics, Statistic, SuccessStory, Testimonial } from '../../../../shared/contract/content';
import { api, ApiError } from '../../../lib/api-client';
import { offlineStoreOpen } from '../../offline/store-gate';

/**
 * Landing content (spec §7): success stories, blog posts, testimonials, contributors, statistics,
 * the newsletter. Every list is saved on the device as it arrives; when the server cannot answer,
 * the saved copy is used, and the built-in samples only when there is no saved copy.
 */

export interface ContentTypes {
  'success-stories': SuccessStory;
  'blog-posts': BlogPost;
  testimonials: Testimonial;
  contributors: Contributor;
  statistics: Statistic;
}
export type ContentKey = keyof ContentTypes;

export type ContentSource = 'network' | 'cache' | 'sample';

export interface LoadedContent<T> {
  items: T[];
  source: ContentSource;
}

const store = () => import('./content-store');

function asList<T>(data: T[] | { results?: T[] } | null | undefined): T[] {
  if (Array.isArray(data)) return data;
  return Array.isArray(data?.results) ? data.results : [];
}

/** GET /api/{key}/ → the list (plain array or {results}), saved on the device. */
export async function fetchContent<K extends ContentKey>(key: K, opts: { signal?: AbortSignal } = {}): Promise<ContentTypes[K][]> {
  const items = asList(
    await api.get<ContentTypes[K][] | { results: ContentTypes[K][] }>(`/api/${key}/`, { signal: opts.signal, auth: false }),
  );
  void offlineStoreOpen()
    .then(store)
    .then((s) => s.saveContent(key, items))
    .catch(() => {});
  return items;
}

/** Samples as a list, or a loader so they stay out of the landing chunk until needed. */
export type Samples<T> = T[] | (() => Promise<T[]>);

/** The list from the server, else the device's copy, else the samples (spec §8 fallbacks). */
export async function loadContent<K extends ContentKey>(
  key: K,
  samples: Samples<ContentTypes[K]>,
  opts: { signal?: AbortSignal } = {},
): Promise<LoadedContent<ContentTypes[K]>> {
  try {
    return { items: await fetchContent(key, opts), source: 'network' };
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    const saved = await store()
      .then((s) => s.readContent<ContentTypes[K][]>(key))
      .catch(() => null);
    if (saved) return { items: saved, source: 'cache' };
    return { items: typeof samples === 'function' ? await samples() : samples, source: 'sample' };
  }
}

/** GET /api/blog-posts/{slug}/ — falls back to the saved blog list offline; null when the post does not exist. */
export async function getBlogPost(slug: string): Promise<{ post: BlogPost | null; source: 'network' | 'cache' }> {
  try {
    const post = await api.get<BlogPost>(`/api/blog-posts/${encodeURIComponent(slug)}/`, { auth: false });
    void store()
      .then((s) => s.saveContent(`blog-post:${post.slug}`, post))
      .catch(() => {});
    return { post, source: 'network' };
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return { post: null, source: 'network' };
    const s = await store();
    const single = await s.readContent<BlogPost>(`blog-post:${slug}`).catch(() => null);
    const list = (await s.readContent<BlogPost[]>('blog-posts').catch(() => null)) ?? [];
    const post = single ?? list.find((p) => p.slug === slug || p.id === slug) ?? null;
    if (post) return { post, source: 'cache' };
    throw error;
  }
}

/** GET /api/donations/statistics/ */
export function getDonationStatistics(): Promise<DonationStatistics> {
  return api.get<DonationStatistics>('/api/donations/statistics/', { auth: false });
}

/** POST /api/newsletter/subscribe/ {email} */
export function subscribeNewsletter(email: string): Promise<unknown> {
  return api.post('/api/newsletter/subscribe/', { email }, { auth: false });
}

/** The confirm link from the double opt-in mail (a POST, so link scanners opening the page do not confirm). */
export function confirmNewsletter(token: string): Promise<unknown> {
  return api.post('/api/newsletter/confirm/', { token }, { auth: false });
}

export function unsubscribeNewsletter(token: string): Promise<unknown> {
  return api.post(`/api/newsletter/unsubscribe/?token=${encodeURIComponent(token)}`, undefined, { auth: false });
}
