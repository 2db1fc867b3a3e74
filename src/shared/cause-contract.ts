/**
 * Causes and the landing content as the API answers them (spec §3, §7, §9).
 * Amounts are decimal strings in GHS ("250.00"); the database keeps pesewas.
 * The types are the contract schemas' (src/shared/contract), imported as types only so the
 * web bundle carries no schema code.
 */
import type { Static } from 'typebox';
import type { PaginatedOf } from './contract/common';
import type {
  BlogPostSchema,
  ContributorSchema,
  DonationStatisticsSchema,
  StatisticSchema,
  SuccessStorySchema,
  TestimonialSchema,
} from './contract/content';
import type { CategoryRefSchema, CauseSchema, CauseStatusSchema } from './contract/causes';

export type CauseStatus = Static<typeof CauseStatusSchema>;
export type CategoryRef = Static<typeof CategoryRefSchema>;
export type Cause = Static<typeof CauseSchema>;

/** A page of a list; `next`/`previous` are absolute URLs of the neighbouring pages, or null. */
export type Paginated<T> = Omit<Static<ReturnType<typeof PaginatedOf>>, 'results'> & { results: T[] };

/** `ordering` values of GET /api/causes/list/ for the five sorts of spec §9. */
export const CAUSE_ORDERINGS = {
  date_created: 'Date created',
  popularity: 'Popularity',
  created_by: 'Created by',
  category: 'Category',
  goal_amount: 'Goal amount',
} as const;
export type CauseOrdering = keyof typeof CAUSE_ORDERINGS;

export const CAUSE_PAGE_SIZE = 12;
export const CAUSE_MAX_PAGE_SIZE = 50;

export type SuccessStory = Static<typeof SuccessStorySchema>;
export type BlogPost = Static<typeof BlogPostSchema>;
export type Testimonial = Static<typeof TestimonialSchema>;
export type Contributor = Static<typeof ContributorSchema>;
export type Statistic = Static<typeof StatisticSchema>;
/** GET /api/donations/statistics/ */
export type DonationStatistics = Static<typeof DonationStatisticsSchema>;
