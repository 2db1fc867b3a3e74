/**
 * Recent contributors for the landing page: named donors of completed
 * donations, one card per donor. Anonymous donations never appear, and
 * guests are keyed by a hash so their email address is never exposed.
 */
import { createHash } from 'node:crypto';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import type { Contributor } from '../../../../shared/cause-contract';
import { toDecimalString } from '../../../../shared/money';
import { imageUrls, publicBase } from '../user/profile/serialize';

const MAX_CONTRIBUTORS = 12;

const ContributorSchema = Type.Object({
  id: Type.String(), name: Type.String(), first_name: Type.String(), last_name: Type.String(),
  location: Type.String(), city: Type.String(), image: Type.Union([Type.String(), Type.Null()]),
  profile_picture: Type.Union([Type.String(), Type.Null()]), amount: Type.String(), last_donated_at: Type.String({ format: 'date-time' }),
});

const routes: FastifyPluginAsyncTypebox = async (app) => {
  app.get('/', {
    schema: { tags: ['landing'], summary: 'Recent named donors, newest first (max 12)', response: { 200: Type.Array(ContributorSchema) } },
  }, async (request): Promise<Contributor[]> => {
    const base = publicBase(request);
    const rows = await app.repos.donations.contributors(MAX_CONTRIBUTORS);
    return rows.map((r) => {
      const typed = r.donor_name.trim().split(/\s+/);
      const first = r.first_name ?? typed[0] ?? '';
      const last = r.last_name ?? typed.slice(1).join(' ');
      const picture = imageUrls(base, r.profile_picture).main;
      return {
        id: r.donor_id ?? `guest-${createHash('sha256').update(r.key).digest('hex').slice(0, 16)}`,
        name: r.donor_name.trim() || `${first} ${last}`.trim() || 'A kind donor',
        first_name: first,
        last_name: last,
        // Addresses are private; donations carry no town, so no location is shown.
        location: '',
        city: '',
        image: picture,
        profile_picture: picture,
        amount: toDecimalString(Number(r.amount)),
        last_donated_at: new Date(r.last_donated_at).toISOString(),
      };
    });
  });
};

export default routes;
