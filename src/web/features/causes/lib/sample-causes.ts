import type { Cause } from '../../../../shared/contract/causes';

/**
 * Spec §4: the 8 placeholder cards shown when nothing is saved on the device and the server cannot
 * be reached. Ids start with "sample-" so no screen links them to a real cause.
 */
const SAMPLES: Array<[string, string, string, string, string]> = [
  ['Surgery for baby Ama', 'Help 8-month-old Ama get the heart surgery she needs at Korle Bu.', 'Medical', '25000.00', '14200.00'],
  [
    'Clean water for Tamale schools',
    'Boreholes for three primary schools so children stop walking miles for water.',
    'Community',
    '40000.00',
    '18500.00',
  ],
  [
    'Kidney dialysis for Kwame',
    'Kwame needs dialysis three times a week while he waits for a transplant.',
    'Medical',
    '18000.00',
    '9600.00',
  ],
  ['Books for Ho library', 'Stock a community library with textbooks and storybooks for 600 pupils.', 'Education', '12000.00', '7300.00'],
  ['Flood relief in Accra', 'Food, mattresses and clean water for families displaced by the floods.', 'Emergency', '30000.00', '21000.00'],
  ['Scholarship for Efua', 'Efua got into nursing school; help cover her fees and books.', 'Education', '9000.00', '2500.00'],
  [
    'Maternity ward solar power',
    'Solar panels so a rural maternity ward keeps its lights on at night.',
    'Community',
    '35000.00',
    '11000.00',
  ],
  ['Wheelchairs for Kumasi', 'Twenty wheelchairs for children with disabilities in Kumasi.', 'Community', '16000.00', '15100.00'],
];

export const SAMPLE_CAUSES: Cause[] = SAMPLES.map(([name, description, category, target, current], i) => ({
  id: `sample-${i + 1}`,
  name,
  title: name,
  description,
  cover_image: null,
  image: null,
  cover_image_sizes: null,
  target_amount: target,
  current_amount: current,
  organizer_id: '',
  organizer_name: 'Boafo',
  category: { id: `sample-${category.toLowerCase()}`, name: category },
  location: 'Ghana',
  created_at: '2025-01-01T00:00:00.000Z',
  updated_at: '2025-01-01T00:00:00.000Z',
  status: 'active',
  is_active: true,
  accepts_donations_after_goal: false,
  accepts_donations: false,
  donor_count: 0,
  rejection_reason: null,
}));

export const isSampleCause = (id: string) => id.startsWith('sample-');
