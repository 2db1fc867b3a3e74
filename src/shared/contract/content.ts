/**
 * The landing page's content on the wire (spec §3): stories, blog posts, testimonials, contributors, statistics.
 * `image` is an absolute URL; featured_image and profile_picture are paths on the API server.
 */
import { Type, type Static } from 'typebox';
import { DateTime, ImageUrl, Nullable } from './common';

export const SuccessStorySchema = Type.Object({
  id: Type.String(),
  title: Type.String(),
  description: Type.String(),
  image: ImageUrl,
  cause_id: Nullable(Type.String()),
  created_at: DateTime,
});
export type SuccessStory = Static<typeof SuccessStorySchema>;

const Image = Type.Optional(Type.Unknown({ description: 'Image file (multipart); JSON null removes it.' }));

/** Admin-only writes, multipart or JSON. */
export const SuccessStoryBody = Type.Object({
  title: Type.Optional(Type.String({ maxLength: 200 })),
  description: Type.Optional(Type.String({ maxLength: 5000 })),
  cause_id: Type.Optional(Nullable(Type.String({ maxLength: 100 }))),
  image: Image,
});

export const BlogPostSchema = Type.Object({
  id: Type.String(),
  slug: Type.String(),
  title: Type.String(),
  category: Type.String(),
  category_name: Type.String(),
  excerpt: Type.String(),
  description: Type.String(),
  content: Type.String(),
  image: ImageUrl,
  featured_image: Nullable(Type.String()),
  url: Nullable(Type.String()),
  author_name: Type.String(),
  published_at: DateTime,
});
export type BlogPost = Static<typeof BlogPostSchema>;

/** Admin-only writes, multipart or JSON. */
export const BlogPostBody = Type.Object({
  title: Type.Optional(Type.String({ maxLength: 200 })),
  slug: Type.Optional(Type.String({ maxLength: 120 })),
  category: Type.Optional(Type.String({ maxLength: 100 })),
  excerpt: Type.Optional(Type.String({ maxLength: 1000 })),
  content: Type.Optional(Type.String({ maxLength: 50_000 })),
  url: Type.Optional(Nullable(Type.String({ maxLength: 500 }))),
  author_name: Type.Optional(Type.String({ maxLength: 200 })),
  published_at: Type.Optional(DateTime),
  image: Image,
});

export const TestimonialSchema = Type.Object({
  id: Type.String(),
  text: Type.String(),
  content: Type.String(),
  author: Type.String(),
  name: Type.String(),
  role: Type.String(),
  image: ImageUrl,
});
export type Testimonial = Static<typeof TestimonialSchema>;

export const TestimonialBody = Type.Object({
  text: Type.Optional(Type.String({ maxLength: 2000 })),
  content: Type.Optional(Type.String({ maxLength: 2000 })),
  author: Type.Optional(Type.String({ maxLength: 200 })),
  name: Type.Optional(Type.String({ maxLength: 200 })),
  role: Type.Optional(Type.String({ maxLength: 200 })),
  image: Type.Optional(Type.Unknown({ description: 'Photo file (multipart); JSON null removes it.' })),
});

export const ContributorSchema = Type.Object({
  id: Type.String(),
  name: Type.String(),
  first_name: Type.String(),
  last_name: Type.String(),
  location: Nullable(Type.String({ description: "The donor's country when they gave one, else null." })),
  city: Nullable(Type.String({ description: 'Not collected: always null for now.' })),
  image: ImageUrl,
  profile_picture: Nullable(Type.String()),
  amount: Type.String({ description: 'What they gave in total (completed donations), a decimal string.' }),
  last_donated_at: DateTime,
});
export type Contributor = Static<typeof ContributorSchema>;

/** `key` is one of total_raised, active_donors, causes_completed, platform_charge (open to more). */
export const StatisticSchema = Type.Object({
  key: Type.String(),
  title: Type.String(),
  label: Type.String(),
  value: Type.String(),
  description: Type.String(),
});
export type Statistic = Static<typeof StatisticSchema>;

/** GET /api/donations/statistics/ */
export const DonationStatisticsSchema = Type.Object({
  total_raised: Type.String(),
  total_donations: Type.Integer(),
  active_donors: Type.Integer(),
  causes_completed: Type.Integer(),
  active_causes: Type.Integer(),
  platform_charge_percent: Type.Number(),
});
export type DonationStatistics = Static<typeof DonationStatisticsSchema>;

/** POST /api/newsletter/subscribe/ (201 the first time, 200 after). */
export const NewsletterSubscribeBody = Type.Object({ email: Type.String({ maxLength: 254 }) });
export const NewsletterSubscriptionSchema = Type.Object({ detail: Type.String(), email: Type.String() });
