/** Demo content for Ghana: causes, people, stories, posts and testimonials. Amounts are GHS. */
import type { CauseStatus } from '../repositories/causes';

export const DEMO_CATEGORIES = ['Medical', 'Education', 'Community', 'Emergency', 'Water & Sanitation'];

export interface DemoPerson {
  email: string;
  firstName: string;
  lastName: string;
}

export const DEMO_ORGANIZER_2: DemoPerson = { email: 'yaw.darko@demo.boafo.app', firstName: 'Yaw', lastName: 'Darko' };

export const DEMO_DONORS: DemoPerson[] = [
  { email: 'kwame.asante@demo.boafo.app', firstName: 'Kwame', lastName: 'Asante' },
  { email: 'efua.owusu@demo.boafo.app', firstName: 'Efua', lastName: 'Owusu' },
  { email: 'kojo.appiah@demo.boafo.app', firstName: 'Kojo', lastName: 'Appiah' },
  { email: 'abena.boateng@demo.boafo.app', firstName: 'Abena', lastName: 'Boateng' },
];

/** Guests give without an account: only a name and an email. */
export const DEMO_GUESTS: DemoPerson[] = [
  { email: 'yaa.asantewaa@example.com', firstName: 'Yaa', lastName: 'Asantewaa' },
  { email: 'nana.addo@example.com', firstName: 'Nana Kwaku', lastName: 'Addo' },
  { email: 'akua.sarpong@example.com', firstName: 'Akua', lastName: 'Sarpong' },
  { email: 'esi.quaye@example.com', firstName: 'Esi', lastName: 'Quaye' },
];

export interface DemoCause {
  name: string;
  description: string;
  category: string;
  location: string;
  target: number;
  status: CauseStatus;
  /** 0 = the demo organizer (Ama Mensah), 1 = Yaw Darko. */
  organizer: 0 | 1;
  daysAgo: number;
  afterGoal?: boolean;
  rejectionReason?: string;
}

export const DEMO_CAUSES: DemoCause[] = [
  {
    name: 'Heart surgery for little Esi in Kumasi',
    category: 'Medical',
    location: 'Kumasi, Ashanti Region',
    target: 45_000,
    status: 'active',
    organizer: 0,
    daysAgo: 80,
    description:
      'Esi is six and was born with a hole in her heart. Doctors at Komfo Anokye Teaching Hospital can repair it, but her family, who sell plantain at Kejetia market, cannot meet the cost of surgery and two weeks of care.',
  },
  {
    name: 'Rebuild the Tamale Central Primary library',
    category: 'Education',
    location: 'Tamale, Northern Region',
    target: 25_000,
    status: 'active',
    organizer: 1,
    daysAgo: 72,
    description:
      'A rainstorm tore the roof off the school library and soaked every book. We will re-roof the building, add shelves and restock 1,500 books for more than 900 pupils.',
  },
  {
    name: 'Clean water borehole for Nyankpala',
    category: 'Water & Sanitation',
    location: 'Nyankpala, Northern Region',
    target: 8_000,
    status: 'completed',
    organizer: 1,
    daysAgo: 95,
    description:
      'Women and children in Nyankpala walk two hours a day to fetch water from a dam shared with cattle. A mechanised borehole with a polytank will serve about 600 people.',
  },
  {
    name: 'Flood relief for families in Kaneshie',
    category: 'Emergency',
    location: 'Kaneshie, Accra',
    target: 30_000,
    status: 'active',
    organizer: 0,
    daysAgo: 40,
    description:
      'June floods destroyed the homes and stock of 40 families near the Odaw river. Your gift buys mattresses, food packs and school supplies so children can return to class.',
  },
  {
    name: 'Scholarships for girls in Ho senior high schools',
    category: 'Education',
    location: 'Ho, Volta Region',
    target: 36_000,
    status: 'active',
    organizer: 0,
    daysAgo: 65,
    description:
      'Twelve bright girls from farming families passed their BECE with distinction. The fund covers boarding, books and uniforms so they can finish senior high school.',
  },
  {
    name: 'Dialysis support for Kofi Mensah',
    category: 'Medical',
    location: 'Cape Coast, Central Region',
    target: 20_000,
    status: 'active',
    organizer: 0,
    daysAgo: 33,
    description:
      'Kofi, a fisherman and father of three, needs dialysis twice a week at Cape Coast Teaching Hospital while he waits for a kidney transplant assessment.',
  },
  {
    name: 'Solar lights for the Anloga fishing community',
    category: 'Community',
    location: 'Anloga, Volta Region',
    target: 15_000,
    status: 'active',
    organizer: 1,
    daysAgo: 58,
    description:
      'Fish smokers in Anloga work before dawn by kerosene lamp. Sixty solar lanterns and four street lights will make the beach safer and cut fuel costs.',
  },
  {
    name: 'Fire recovery for Kantamanto traders',
    category: 'Emergency',
    location: 'Kantamanto, Accra',
    target: 12_000,
    status: 'completed',
    organizer: 0,
    daysAgo: 88,
    afterGoal: true,
    description:
      'A night fire destroyed more than a hundred stalls at Kantamanto market. We are helping twenty widowed traders rebuild and restock so they can feed their families.',
  },
  {
    name: 'Uniforms and sandals for Bolgatanga pupils',
    category: 'Education',
    location: 'Bolgatanga, Upper East Region',
    target: 9_000,
    status: 'active',
    organizer: 1,
    daysAgo: 21,
    description:
      'Two hundred pupils at Zaare Primary come to school barefoot. Each GH₵45 buys a uniform and a pair of sandals sewn by local tailors.',
  },
  {
    name: 'Maternity ward equipment for Techiman Holy Family Hospital',
    category: 'Medical',
    location: 'Techiman, Bono East Region',
    target: 50_000,
    status: 'active',
    organizer: 0,
    daysAgo: 50,
    description:
      'The maternity ward delivers over 300 babies a month with two working incubators. We are raising funds for three incubators and a neonatal resuscitation unit.',
  },
  {
    name: 'Toilet block for Elmina Basic School',
    category: 'Water & Sanitation',
    location: 'Elmina, Central Region',
    target: 18_000,
    status: 'active',
    organizer: 1,
    daysAgo: 12,
    description:
      'Eight hundred pupils share two latrines. A six-cubicle toilet block with handwashing stations will keep children, especially girls, in school.',
  },
  {
    name: 'Community clinic shelter in Wa',
    category: 'Medical',
    location: 'Wa, Upper West Region',
    target: 22_000,
    status: 'under_review',
    organizer: 0,
    daysAgo: 4,
    description:
      'Nurses at the Kambali outreach point see patients under a tree. A simple shelter with a consulting room will let them work through the rainy season.',
  },
  {
    name: 'Youth football pitch in Sunyani',
    category: 'Community',
    location: 'Sunyani, Bono Region',
    target: 14_000,
    status: 'under_review',
    organizer: 1,
    daysAgo: 2,
    description: 'Levelling and fencing a pitch with goalposts for 300 young people in Sunyani, with a weekend league run by volunteers.',
  },
  {
    name: 'Restock market stalls in Koforidua',
    category: 'Community',
    location: 'Koforidua, Eastern Region',
    target: 10_000,
    status: 'rejected',
    organizer: 0,
    daysAgo: 9,
    rejectionReason: 'Please add a budget breakdown and the names of the traders who will benefit.',
    description: 'Helping traders at the Koforidua central market restock after a difficult season.',
  },
];

/** causeName links a story to the seeded completed cause it tells the end of. */
export const DEMO_STORIES: Array<{ title: string; description: string; causeName?: string }> = [
  {
    causeName: 'Clean water borehole for Nyankpala',
    title: 'Water flows in Nyankpala',
    description:
      'Six hundred people now draw clean water a few minutes from home. Girls who fetched water before school are back in class on time.',
  },
  {
    causeName: 'Fire recovery for Kantamanto traders',
    title: 'Kantamanto traders are back in business',
    description: 'Twenty traders rebuilt their stalls within six weeks of the fire, and several have hired apprentices again.',
  },
  {
    title: 'Kwabena walks again',
    description: "Donors in Kumasi and abroad paid for Kwabena's hip surgery at KATH. He is back on his farm in Ejisu.",
  },
  {
    title: 'A new classroom block in Yendi',
    description: 'A three-classroom block replaced the shed where 120 pupils studied. Enrolment rose by a third in one term.',
  },
  {
    title: 'Mobile clinic reaches Keta lagoon villages',
    description:
      'A boat clinic now visits six island villages each month, giving antenatal care to women who once travelled a day to see a nurse.',
  },
];

export const DEMO_POSTS = [
  {
    slug: 'how-boafo-checks-every-cause',
    title: 'How Boafo checks every cause',
    category: 'Trust',
    author: 'Boafo Team',
    excerpt: 'Every cause is reviewed before it goes live. Here is what our reviewers look for.',
    content:
      "Before a cause appears on Boafo, a reviewer reads it, checks the organizer's identity and asks for documents such as hospital estimates or school letters. Causes that need more detail are sent back with a note so organizers can fix them and resubmit.",
  },
  {
    slug: 'giving-with-mobile-money',
    title: 'Giving with mobile money',
    category: 'Guides',
    author: 'Akosua Frimpong',
    excerpt: 'Most Ghanaians pay with MoMo. Here is how to donate safely from your phone.',
    content:
      'Choose a cause, enter an amount and pick mobile money at checkout. You approve the payment on your phone with your PIN; Boafo never sees it. Your donation shows in your history as soon as the payment is confirmed.',
  },
  {
    slug: 'five-years-of-community-giving-in-ghana',
    title: 'Community giving in Ghana',
    category: 'Stories',
    author: 'Kwesi Ofori',
    excerpt: 'From funeral contributions to church harvests, Ghanaians have always given together.',
    content:
      'Boafo means "helper" in Twi. We built it on a long tradition of communities pooling money for school fees, hospital bills and rebuilding after floods, and we want that tradition to reach relatives abroad too.',
  },
];

export const DEMO_TESTIMONIALS = [
  {
    text: 'When the floods took our shop, strangers helped us start again within a month. I cannot thank them enough.',
    author: 'Adwoa Mensah',
    role: 'Trader, Kaneshie',
  },
  {
    text: 'I give a little every month from London and I can see exactly where it goes. It feels like home is close.',
    author: 'Kofi Agyeman',
    role: 'Donor, London',
  },
  {
    text: 'The review team helped me explain our borehole project clearly. We reached our goal in five weeks.',
    author: 'Yaw Darko',
    role: 'Organizer, Tamale',
  },
  {
    text: 'Paying with MoMo took less than a minute. Boafo made giving to my old school easy.',
    author: 'Abena Boateng',
    role: 'Donor, Cape Coast',
  },
];
