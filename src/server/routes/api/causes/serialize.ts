/** CauseView (a row with its joins) → the Cause answer of src/shared/contract/causes.ts. */
import type { Cause } from '../../../../shared/contract/causes';
import { toDecimalString } from '../../../../shared/money';
import { ussdDialString } from '../../../../shared/ussd';
import { acceptsDonations, type CauseView } from '../../../repositories/causes';
import { absoluteImageUrl } from '../../image-fields';
import { imageUrls } from '../user/profile/serialize';

/**
 * showReason: the rejection reason is for the organizer and admins only. origin: siteOrigin of the request, for `image`.
 * serviceCode: USSD_SERVICE_CODE (null = unset), for `ussd_dial`.
 */
export function toCause(view: CauseView, showReason: boolean, origin: string, serviceCode: string | null): Cause {
  const cover = imageUrls(view.coverImage);
  const cause: Cause = {
    id: view.id,
    name: view.name,
    title: view.name,
    description: view.description,
    cover_image: cover.main,
    image: absoluteImageUrl(origin, cover.main),
    cover_image_sizes: cover.sizes,
    target_amount: toDecimalString(view.targetAmount),
    current_amount: toDecimalString(view.currentAmount),
    organizer_id: view.organizerId,
    organizer_name: view.organizerName,
    category: view.categoryId && view.categoryName ? { id: view.categoryId, name: view.categoryName } : null,
    location: view.location,
    created_at: view.createdAt.toISOString(),
    updated_at: view.updatedAt.toISOString(),
    status: view.status,
    is_active: view.status === 'active',
    accepts_donations_after_goal: view.acceptsDonationsAfterGoal,
    accepts_donations: acceptsDonations(view.status, view.acceptsDonationsAfterGoal),
    donor_count: view.donorCount,
    rejection_reason: showReason ? view.rejectionReason : null,
    end_date: view.endDate,
    short_code: view.shortCode,
    ussd_dial: view.shortCode && serviceCode ? ussdDialString(serviceCode, view.shortCode) : null,
  };
  if (view.isFavorite !== undefined) cause.is_favorite = view.isFavorite;
  return cause;
}
