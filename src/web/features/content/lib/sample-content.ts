import type { BlogPost, Contributor, Statistic, SuccessStory, Testimonial } from '../../../../shared/contract/content';

/**
 * Built-in content (spec §8): shown only when the server cannot be reached and nothing is saved on
 * the device. Ids start with "sample-".
 */
const DAY = '2025-01-15T10:00:00.000Z';

export const SAMPLE_STORIES: SuccessStory[] = [
  ['Ama walks again', 'After her hip surgery at Komfo Anokye, Ama is back at school in Kumasi.'],
  ['Clean water in Bolgatanga', 'A new borehole serves 1,200 people and the clinic next door.'],
  ['Kwesi’s heart surgery', '312 donors covered Kwesi’s surgery in under three weeks.'],
  ['A library for Ho', 'Children in Ho now borrow from a shelf of 2,000 books.'],
  ['Flood relief in Accra', 'Families in Kaneshie got food, mattresses and water within days.'],
].map(([title, description], i) => ({ id: `sample-story-${i + 1}`, title, description, image: null, cause_id: null, created_at: DAY }));

export const SAMPLE_TESTIMONIALS: Testimonial[] = [
  ['Boafo helped us pay for my son’s dialysis when we had nowhere else to turn.', 'Akosua Mensah', 'Parent, Kumasi'],
  ['I give a little every month and I can see exactly where it goes.', 'Yaw Darko', 'Donor, Accra'],
  ['Our community raised enough for a new borehole in six weeks.', 'Fatima Issah', 'Organizer, Tamale'],
].map(([text, name, role], i) => ({ id: `sample-testimonial-${i + 1}`, text, content: text, author: name, name, role, image: null }));

export const SAMPLE_CONTRIBUTORS: Contributor[] = [
  ['Kofi', 'Asante', 'Kumasi', '1500.00'],
  ['Abena', 'Owusu', 'Accra', '950.00'],
  ['Kwame', 'Boateng', 'Takoradi', '700.00'],
  ['Esi', 'Quaye', 'Cape Coast', '420.00'],
].map(([first, last, city, amount], i) => ({
  id: `sample-contributor-${i + 1}`,
  name: `${first} ${last}`,
  first_name: first,
  last_name: last,
  location: city,
  city,
  image: null,
  profile_picture: null,
  amount,
  last_donated_at: DAY,
}));

/** Spec §9 placeholder statistics. */
export const SAMPLE_STATISTICS: Statistic[] = [
  { key: 'platform_charge', title: 'Platform charge', label: 'Platform charge', value: '0%', description: 'Every cedi goes to the cause.' },
  { key: 'total_raised', title: 'GHC donations', label: 'GHC donations', value: '12k+', description: 'Given by people across Ghana.' },
  { key: 'active_donors', title: 'Active donors', label: 'Active donors', value: '16k+', description: 'Giving every month.' },
  {
    key: 'causes_completed',
    title: 'Success stories',
    label: 'Success stories',
    value: '20K+',
    description: 'Causes that reached their goal.',
  },
];

export const SAMPLE_BLOG_POSTS: BlogPost[] = [
  [
    'how-to-start-a-cause',
    'How to start a cause that people trust',
    'Guides',
    'A clear story, honest photos and regular updates make all the difference.',
  ],
  ['giving-with-mobile-money', 'Giving safely online', 'Safety', 'What to check before you give, and how Boafo keeps your payment safe.'],
  [
    'community-water-projects',
    'What a borehole changes',
    'Stories',
    'One year after the Bolgatanga borehole, the clinic treats twice as many patients.',
  ],
].map(([slug, title, category, excerpt], i) => ({
  id: `sample-post-${i + 1}`,
  slug,
  title,
  category,
  category_name: category,
  excerpt,
  description: excerpt,
  content: excerpt,
  image: null,
  featured_image: null,
  url: null,
  author_name: 'Boafo team',
  published_at: DAY,
}));
