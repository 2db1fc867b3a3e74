/** The signed-in user's profile: read, and update (multipart with pictures, or JSON). */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { Static } from 'typebox';
import { normaliseGhanaMobile } from '../../../../../shared/phone';
import { ApiError, BLANK, FieldErrorList } from '../../../../lib/api-error';
import { SMS_NEEDS_GHANA_MOBILE } from '../../../../payments/donor';
import { parseJsonText } from '../../../../lib/input-guard';
import { checkWithdrawalDetails } from '../../../../payouts/details';
import { payoutDetailsDiffer, recordPayoutChange } from '../../../../payouts/payout-change';
import { siteOrigin } from '../../../../lib/site-origin';
import { audit } from '../../../audit-entry';
import type { ProfileChanges, UserRow } from '../../../../repositories/users';
import { takeImages } from '../../../image-fields';
import { errorResponses } from '../../../shared-schemas';
import { ProfileSchema, ProfileUpdateBody } from '../../../../../shared/contract/profile';
import { toProfile } from './serialize';
import { english } from '../../../../lib/localize';

type UpdateBody = Static<typeof ProfileUpdateBody>;

/** withdrawal_address arrives as JSON text (multipart) or an object (JSON body). */
function parseWithdrawal(value: UpdateBody['withdrawal_address'], errors: FieldErrorList): Record<string, unknown> | null | undefined {
  if (value === undefined) return undefined;
  if (value === null || (typeof value === 'string' && value.trim() === '')) return null;
  let parsed: unknown = value;
  if (typeof value === 'string') {
    const read = parseJsonText(value);
    if (!read.ok) {
      errors.add('withdrawal_address', read.error);
      return undefined;
    }
    parsed = read.value;
  }
  if (parsed === null) return null;
  if (typeof parsed !== 'object' || Array.isArray(parsed)) {
    errors.add('withdrawal_address', english('errors.field.jsonObject'));
    return undefined;
  }
  return parsed as Record<string, unknown>;
}

function textChanges(body: UpdateBody, errors: FieldErrorList): ProfileChanges {
  const changes: ProfileChanges = {};
  const pick = (a: string | undefined, b: string | undefined) => (a ?? b)?.trim();
  const firstName = body.first_name?.trim();
  const lastName = body.last_name?.trim();
  if (firstName !== undefined) {
    if (firstName) changes.firstName = firstName;
    else errors.add('first_name', BLANK);
  }
  if (lastName !== undefined) {
    if (lastName) changes.lastName = lastName;
    else errors.add('last_name', BLANK);
  }
  const occupation = pick(body.occupation, body.job_title);
  const bio = pick(body.bio, body.interests);
  const phone = pick(body.phone_number, body.phone);
  if (occupation !== undefined) changes.occupation = occupation;
  if (bio !== undefined) changes.bio = bio;
  if (phone !== undefined) changes.phoneNumber = phone;
  if (body.address !== undefined) changes.address = body.address.trim();
  // The schema has checked it is one of ours; "" (a form cannot send null) clears the choice.
  if (body.locale !== undefined) changes.locale = body.locale || null;
  const withdrawal = parseWithdrawal(body.withdrawal_address, errors);
  if (withdrawal !== undefined) changes.withdrawalAddress = withdrawal;
  return changes;
}

const routes: FastifyPluginAsyncTypebox = async (app) => {
  /** The profile plus the cause counts the profile page shows. */
  async function withCounts(user: UserRow) {
    const states = await app.repos.causes.countByStatus(user.id);
    const created = Object.values(states).reduce((a, b) => a + b, 0);
    const phone = normaliseGhanaMobile(user.phoneNumber);
    const consent = phone ? await app.repos.smsConsent.find(phone) : null;
    const sms = {
      phone,
      status: consent?.status ?? ('none' as const),
      source: consent?.source ?? null,
      changed_at: consent ? consent.changedAt.toISOString() : null,
    };
    return { ...toProfile(user), causes_created: created, causes_active: states.active, sms };
  }

  app.get(
    '/profile/',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['profile'],
        summary: "The signed-in user's profile",
        security: [{ bearer: [] }],
        response: { 200: ProfileSchema, ...errorResponses(401) },
      },
    },
    async (request) => {
      const user = await app.repos.users.findById(request.user!.id);
      if (!user || !user.isActive) throw new ApiError(401, 'token_invalid', english('errors.auth.accountGone'));
      return withCounts(user);
    },
  );

  app.put(
    '/profile/',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['profile'],
        summary: 'Update the profile (multipart/form-data with optional pictures, or JSON)',
        description:
          'Pictures: any image format sharp reads, max 5 MB, re-encoded to WebP at 96, 320 and 960 px wide. A change of ' +
          '`withdrawal_address` needs a password or second step in the last 10 minutes (403 step_up_required), mails the ' +
          'organizer a link to undo it and, replacing other details, holds withdrawals for PAYOUT_CHANGE_HOLD_HOURS.',
        security: [{ bearer: [] }],
        consumes: ['multipart/form-data', 'application/json'],
        body: ProfileUpdateBody,
        response: { 200: ProfileSchema, ...errorResponses(400, 401, 403, 409, 413, 422) },
      },
    },
    async (request) => {
      const body = request.body;
      const errors = new FieldErrorList();
      const changes = textChanges(body, errors);
      // The texts box speaks for the number saved with it (the one typed now, else the one on file).
      let smsPhone: string | null = null;
      if (body.sms_opt_in !== undefined) {
        const current = changes.phoneNumber ?? (await app.repos.users.findById(request.user!.id))?.phoneNumber ?? '';
        smsPhone = normaliseGhanaMobile(current);
        if (body.sms_opt_in && !smsPhone) errors.add('phone_number', SMS_NEEDS_GHANA_MOBILE);
      }
      if (changes.withdrawalAddress) {
        // Checked (bank account resolved at the provider) and saved in the WithdrawalDetails shape.
        const check = await checkWithdrawalDetails(app, changes.withdrawalAddress);
        if (check.ok) changes.withdrawalAddress = { ...check.details };
        else errors.add('withdrawal_address', check.message);
      }
      const current = await app.repos.users.findById(request.user!.id);
      if (!current) throw new ApiError(401, 'token_invalid', english('errors.auth.accountGone'));
      // Sending the saved details again (the settings form sends every field) changes nothing and asks nothing.
      const payoutChange =
        changes.withdrawalAddress !== undefined &&
        errors.empty &&
        payoutDetailsDiffer(current.withdrawalAddress ?? null, changes.withdrawalAddress);
      if (!payoutChange) delete changes.withdrawalAddress;
      // Where the money goes is a money action: a fresh password or second step, before anything is saved.
      if (payoutChange) await app.requireStepUp(request);
      // Same checks as every picture field: by content, 5 MB, re-encoded; throws the collected errors.
      const images = await takeImages(app, body, ['profile_picture', 'cover_photo'], errors);
      if ('profile_picture' in images) changes.profilePicture = images.profile_picture;
      if ('cover_photo' in images) changes.coverPhoto = images.cover_photo;
      const user = await app.repos.transaction(async (repos) => {
        const updated = await repos.users.updateProfile(request.user!.id, changes);
        // The number and what the box says about it are saved together.
        if (updated && smsPhone)
          await (body.sms_opt_in ? repos.smsConsent.agree(smsPhone, 'profile') : repos.smsConsent.stop(smsPhone, 'profile'));
        if (updated && payoutChange) {
          const after = changes.withdrawalAddress ?? null;
          await recordPayoutChange(repos, {
            user: current,
            after,
            holdHours: app.config.payoutChangeHoldHours,
            siteOrigin: siteOrigin(app, request),
          });
          await audit(repos, request, {
            action: 'payout_details.change',
            subjectUserId: current.id,
            targetType: 'user',
            targetId: current.id,
            before: current.withdrawalAddress ?? null,
            after,
          });
        }
        return updated;
      });
      if (!user) throw new ApiError(401, 'token_invalid', english('errors.auth.accountGone'));
      return withCounts(user);
    },
  );
};

export default routes;
