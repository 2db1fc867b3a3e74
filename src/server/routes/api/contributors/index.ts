/**
 * Recent contributors for the landing page: named donors of completed
 * donations, one card per donor. Anonymous donations never appear, and
 * guests are keyed by a hash so their email address is never exposed.
 * Location (spec §3 'location or city') is the country the donor typed on their
 * latest donation; addresses on profiles are private and never used.
 */
import { createHash } from 'node:crypto';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { ContributorSchema, type Contributor } from '../../../../shared/contract/content';
import { toDecimalString } from '../../../../shared/money';
import { siteOrigin } from '../../../lib/site-origin';
import { absoluteImageUrl } from '../../image-fields';
import { imageUrls } from '../user/profile/serialize';

const MAX_CONTRIBUTORS = 12;

const routes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/',
    {
      schema: {
        tags: ['landing'],
        summary: 'Recent named donors, newest first (max 12)',
        response: { 200: Type.Array(ContributorSchema) },
      },
    },
    async (request): Promise<Contributor[]> => {
      const rows = await app.repos.donations.contributors(MAX_CONTRIBUTORS);
      const origin = siteOrigin(app, request);
      return rows.map((r) => {
        const typed = r.donor_name.trim().split(/\s+/);
        const first = r.first_name ?? typed[0] ?? '';
        const last = r.last_name ?? typed.slice(1).join(' ');
        const picture = imageUrls(r.profile_picture).main;
        return {
          id: r.donor_id ?? `guest-${createHash('sha256').update(r.key).digest('hex').slice(0, 16)}`,
          name: r.donor_name.trim() || `${first} ${last}`.trim() || 'A kind donor',
          first_name: first,
          last_name: last,
          location: r.country?.trim() || null,
          // Donations ask for a country, never a town.
          city: null,
          image: absoluteImageUrl(origin, picture),
          profile_picture: picture,
          amount: toDecimalString(Number(r.amount)),
          last_donated_at: new Date(r.last_donated_at).toISOString(),
        };
      });
    },
  );
};

export default routes;
