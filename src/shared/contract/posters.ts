/** GET /api/causes/{id}/poster.pdf: a cause's printable poster (issue #32). */
import { Type, type Static } from 'typebox';
import { LocaleSchema } from './common';

export const POSTER_FORMATS = ['a4', 'flyer'] as const;

export const PosterQuery = Type.Object({
  format: Type.Optional(Type.Enum([...POSTER_FORMATS], { description: 'a4 (default): one poster; flyer: four to an A4 page.' })),
  /** The poster's language; without it, the printing person's account choice, else the request's language. */
  lang: Type.Optional(LocaleSchema),
});
export type PosterQueryT = Static<typeof PosterQuery>;
