/**
 * Reads a cause create/edit payload (multipart or JSON) into column changes.
 * Nothing is written here: the caller saves the cover picture, finds or creates the
 * category and writes the cause in one unit of work, so a failure leaves none of them.
 */
import type { FastifyInstance } from 'fastify';
import type { Static } from 'typebox';
import { addOneYear, isoDayStart, utcDay } from '../../../../shared/cause-deadline';
import { parseAmount } from '../../../../shared/money';
import type { AuthUser } from '../../../lib/tokens';
import { ApiError, BLANK, FieldErrorList, REQUIRED } from '../../../lib/api-error';
import { parseJsonText } from '../../../lib/input-guard';
import type { CauseChanges } from '../../../repositories/causes';
import type { Repos } from '../../../repositories/repos';
import { isUuid } from '../../../repositories/search';
import { readImages } from '../../image-fields';
import type { ImageVariant } from '../../../lib/images';
import type { CauseWriteBody } from '../../../../shared/contract/causes';
import { english } from '../../../lib/localize';

type Body = Static<typeof CauseWriteBody>;

export const BAD_AMOUNT = english('errors.cause.badAmount');
export const FORBIDDEN = english('errors.status.forbidden');

function flag(value: Body['accepts_donations_after_goal'], errors: FieldErrorList): boolean | undefined {
  if (value === undefined || typeof value === 'boolean') return value;
  const text = value.trim().toLowerCase();
  if (text === '') return undefined;
  if (['true', '1', 'on', 'yes'].includes(text)) return true;
  if (['false', '0', 'off', 'no'].includes(text)) return false;
  errors.add('accepts_donations_after_goal', english('errors.field.validBoolean'));
  return undefined;
}

/**
 * The end date: a real calendar day after today (UTC) and at most a year ahead, so a cause cannot
 * be set to end before anyone sees it nor to run unchecked for years. null or "" clears it on edit.
 */
function endDate(value: Body['end_date'], mode: 'create' | 'edit', errors: FieldErrorList): string | null | undefined {
  if (value === undefined) return undefined;
  const text = value === null ? '' : value.trim();
  if (text === '') return mode === 'edit' ? null : undefined;
  const today = utcDay();
  const latest = addOneYear(today);
  if (isoDayStart(text) === null) errors.add('end_date', english('errors.cause.badEndDate'));
  else if (text <= today) errors.add('end_date', english('errors.cause.endDatePast'));
  else if (text > latest) errors.add('end_date', english('errors.cause.endDateTooFar', { latest }));
  else return text;
  return undefined;
}

/** The category name from category_data (JSON text or object) or category (name or object); '' = none given. */
function categoryName(body: Body, errors: FieldErrorList): string {
  let data: unknown = body.category_data;
  if (typeof data === 'string' && data.trim()) {
    const read = parseJsonText(data);
    if (!read.ok) {
      errors.add('category_data', read.error);
      return '';
    }
    data = read.value;
  }
  const fromData = data && typeof data === 'object' ? (data as { name?: unknown }).name : undefined;
  const raw =
    typeof fromData === 'string' && fromData.trim()
      ? fromData
      : typeof body.category === 'string'
        ? body.category
        : (body.category?.name ?? '');
  const name = raw.trim().replace(/\s+/g, ' ');
  if (name.length > 100) {
    errors.add('category', english('errors.field.maxLength', { limit: 100 }));
    return '';
  }
  return name;
}

/** The organizer a payload names, checked: only admins may name someone other than themselves. */
async function organizerFor(
  app: FastifyInstance,
  body: Body,
  user: AuthUser,
  current: string,
  errors: FieldErrorList,
): Promise<string | undefined> {
  const wanted = body.organizer_id?.trim();
  if (!wanted || wanted === current) return undefined;
  if (user.role !== 'admin') throw new ApiError(403, 'permission_denied', english('errors.cause.onlyForYourself'));
  const found = isUuid(wanted) ? await app.repos.users.findById(wanted) : null;
  if (!found) {
    errors.add('organizer_id', english('errors.field.noSuchUser'));
    return undefined;
  }
  return found.id;
}

/** A checked payload, written by applyTo() inside the caller's transaction. */
export interface CausePayload {
  changes: CauseChanges;
  /** The category named ('' = unchanged): an id, or a name found or created on write. */
  category: string;
  /** Cover sizes the database keeps, written with the cause (none when an object store already has them). */
  cover: ImageVariant[];
}

/** Saves the cover picture, resolves the category and answers the cause's column changes. */
export async function applyTo(repos: Repos, payload: CausePayload): Promise<CauseChanges> {
  if (payload.cover.length > 0) await repos.media.saveVariants(payload.cover);
  if (!payload.category) return payload.changes;
  return { ...payload.changes, categoryId: await repos.categories.resolve(payload.category) };
}

/**
 * mode 'create': name and description are required and missing amounts mean
 * "no goal". mode 'edit': every field is optional and only given ones change.
 */
export async function readCausePayload(
  app: FastifyInstance,
  body: Body,
  user: AuthUser,
  mode: 'create' | 'edit',
  currentOrganizer: string,
): Promise<CausePayload> {
  const errors = new FieldErrorList();
  const changes: CauseChanges = {};
  const organizerId = await organizerFor(app, body, user, currentOrganizer, errors);
  if (organizerId) changes.organizerId = organizerId;

  for (const field of ['name', 'description'] as const) {
    const value = (field === 'name' ? (body.name ?? body.title) : body.description)?.trim();
    if (value) changes[field] = value;
    else if (mode === 'create') errors.add(field, REQUIRED);
    else if (value !== undefined) errors.add(field, BLANK);
  }
  const amount = body.target_amount;
  if (amount === undefined || amount === '') {
    if (mode === 'create') changes.targetAmount = 0;
  } else {
    const pesewas = parseAmount(amount);
    if (pesewas === null) errors.add('target_amount', BAD_AMOUNT);
    else changes.targetAmount = pesewas;
  }
  if (body.location !== undefined) changes.location = body.location.trim();
  const after = flag(body.accepts_donations_after_goal, errors);
  if (after !== undefined) changes.acceptsDonationsAfterGoal = after;
  const end = endDate(body.end_date, mode, errors);
  if (end !== undefined) changes.endDate = end;
  const category = categoryName(body, errors);

  // Throws every collected error (text and files) at once.
  const { changes: images, variants } = await readImages(body as Record<string, unknown>, ['cover_image'], errors);
  if ('cover_image' in images && (images.cover_image !== null || mode === 'edit')) changes.coverImage = images.cover_image;
  return { changes, category, cover: await app.mediaStore.keepOutsideDatabase(variants) };
}
