import type { Cause } from '../../../src/shared/contract/causes';
import type { Paginated } from '../../../src/shared/contract/common';

/** A full Cause as the API answers it, with overrides. */
export function makeCause(id: string, over: Partial<Cause> = {}): Cause {
  return {
    id,
    name: `Cause ${id}`,
    title: `Cause ${id}`,
    description: 'A cause',
    cover_image: null,
    image: null,
    cover_image_sizes: null,
    target_amount: '1000.00',
    current_amount: '100.00',
    organizer_id: 'org-1',
    organizer_name: 'Ama',
    category: { id: 'cat-med', name: 'Medical' },
    location: 'Accra',
    created_at: '2025-03-01T00:00:00.000Z',
    updated_at: '2025-03-01T00:00:00.000Z',
    status: 'active',
    is_active: true,
    accepts_donations_after_goal: false,
    accepts_donations: true,
    donor_count: 3,
    rejection_reason: null,
    ...over,
  };
}

export function pageOf(results: Cause[], next: string | null = null, count = results.length): Paginated<Cause> {
  return { count, next, previous: null, results };
}
