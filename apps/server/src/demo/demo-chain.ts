/**
 * The demo chain behind `npm run demo`, as data: a small European burger chain with
 * people, restaurants, trainings, quizzes, audits and announcements, so every screen has
 * something to show on first start. Rows refer to each other by natural keys (email,
 * restaurant name, training title, ...); `load-demo.ts` turns those into generated ids.
 * Days are counted back from the moment of loading, so the demo always looks recent.
 *
 * Everything here must be something the app itself could have produced: the test
 * `apps/server/test/demo-rules.test.ts` checks the loaded chain against the app's rules.
 */
import type { Role } from '@brigade/core/roles';
import { type AuditMark, DEFAULT_PASS_MARK } from '@brigade/core/scoring';

export const DEMO_PASSWORD = 'demo1234';

const AMSTERDAM = 'Brigade Amsterdam Centraal';
const UTRECHT = 'Brigade Utrecht Neude';
const ROTTERDAM = 'Brigade Rotterdam Markthal';
const ANTWERP = 'Brigade Antwerpen Meir';
const BERLIN = 'Brigade Berlin Kreuzberg';
const LONDON = 'Brigade London Shoreditch';

export const HQ = 'hq@example.com';
const HQ2 = 'hq2@example.com';
const MANAGER = 'manager@example.com';
const STAFF = 'staff@example.com';
const NOOR = 'noor.deboer@example.com';
const MILAN = 'milan.smit@example.com';
const EVA = 'eva.mulder@example.com';

export interface DemoRestaurant {
  name: string;
  city: string;
  country: string;
  address: string;
  email: string;
  posId: string;
  googlePlaceId?: string;
  uberEatsId?: string;
  takeawayId?: string;
  deliverooId?: string;
  /** The IANA zone of its days and checklist windows (issue 33). */
  timeZone: string;
  isActive?: boolean;
}

export const RESTAURANTS: DemoRestaurant[] = [
  {
    name: AMSTERDAM,
    city: 'Amsterdam',
    country: 'Netherlands',
    address: 'Stationsplein 15, 1012 AB Amsterdam',
    email: 'amsterdam.centraal@example.com',
    posId: 'BRG-POS-0001',
    googlePlaceId: 'ChIJdemo-brigade-ams-centraal',
    uberEatsId: 'brigade-amsterdam-centraal',
    takeawayId: 'brigade-amsterdam-centraal',
    deliverooId: 'brigade-amsterdam-centraal',
    timeZone: 'Europe/Amsterdam',
  },
  {
    name: UTRECHT,
    city: 'Utrecht',
    country: 'Netherlands',
    address: 'Neude 11, 3512 AE Utrecht',
    email: 'utrecht.neude@example.com',
    posId: 'BRG-POS-0002',
    googlePlaceId: 'ChIJdemo-brigade-utr-neude',
    uberEatsId: 'brigade-utrecht-neude',
    takeawayId: 'brigade-utrecht-neude',
    timeZone: 'Europe/Amsterdam',
  },
  {
    name: ROTTERDAM,
    city: 'Rotterdam',
    country: 'Netherlands',
    address: 'Dominee Jan Scharpstraat 298, 3011 GZ Rotterdam',
    email: 'rotterdam.markthal@example.com',
    posId: 'BRG-POS-0003',
    takeawayId: 'brigade-rotterdam-markthal',
    timeZone: 'Europe/Amsterdam',
  },
  {
    name: ANTWERP,
    city: 'Antwerp',
    country: 'Belgium',
    address: 'Meir 78, 2000 Antwerpen',
    email: 'antwerpen.meir@example.com',
    posId: 'BRG-POS-0004',
    googlePlaceId: 'ChIJdemo-brigade-ant-meir',
    uberEatsId: 'brigade-antwerpen-meir',
    deliverooId: 'brigade-antwerpen-meir',
    timeZone: 'Europe/Brussels',
  },
  {
    // Closed for a refit: shows how an inactive restaurant looks, with its old audit.
    name: BERLIN,
    city: 'Berlin',
    country: 'Germany',
    address: 'Oranienstraße 164, 10969 Berlin',
    email: 'berlin.kreuzberg@example.com',
    posId: 'BRG-POS-0005',
    timeZone: 'Europe/Berlin',
    isActive: false,
  },
  {
    // An hour behind the others (issue 33): its checklist windows open an hour later in UTC.
    name: LONDON,
    city: 'London',
    country: 'United Kingdom',
    address: '12 Rivington Street, London EC2A 3DU',
    email: 'london.shoreditch@example.com',
    posId: 'BRG-POS-0006',
    deliverooId: 'brigade-london-shoreditch',
    timeZone: 'Europe/London',
  },
];

export interface DemoPerson {
  name: string;
  email: string;
  role: Role;
  restaurants: string[];
  isActive?: boolean;
}

export const PEOPLE: DemoPerson[] = [
  { name: 'Hannah Quist', email: HQ, role: 'hq', restaurants: [] },
  // The first account (made on the first-run screen) works at no restaurant; every later
  // one is made with the staff form, which asks for at least one, hq included.
  { name: 'Henk de Vries', email: HQ2, role: 'hq', restaurants: [ROTTERDAM] },
  { name: 'Maya Jansen', email: MANAGER, role: 'manager', restaurants: [AMSTERDAM, UTRECHT] },
  { name: 'Lotte Peeters', email: 'lotte.peeters@example.com', role: 'manager', restaurants: [ANTWERP] },
  // Managed only the closed Berlin restaurant: a manager with no active restaurant to select.
  { name: 'Klaus Becker', email: 'klaus.becker@example.com', role: 'manager', restaurants: [BERLIN] },
  { name: 'Sam Bakker', email: STAFF, role: 'staff', restaurants: [AMSTERDAM] },
  { name: 'Noor de Boer', email: NOOR, role: 'staff', restaurants: [AMSTERDAM] },
  { name: 'Milan Smit', email: MILAN, role: 'staff', restaurants: [UTRECHT] },
  { name: 'Eva Mulder', email: EVA, role: 'staff', restaurants: [UTRECHT, AMSTERDAM] },
  { name: 'Jesse Vermeulen', email: 'jesse.vermeulen@example.com', role: 'staff', restaurants: [ROTTERDAM] },
  {
    name: 'Fleur Hendriks',
    email: 'fleur.hendriks@example.com',
    role: 'staff',
    restaurants: [ROTTERDAM],
    isActive: false,
  },
  { name: 'Ruben Claes', email: 'ruben.claes@example.com', role: 'staff', restaurants: [ANTWERP] },
  { name: 'Lena Wouters', email: 'lena.wouters@example.com', role: 'staff', restaurants: [ANTWERP] },
  { name: 'Oliver Hughes', email: 'oliver.hughes@example.com', role: 'manager', restaurants: [LONDON] },
  { name: 'Grace Taylor', email: 'grace.taylor@example.com', role: 'staff', restaurants: [LONDON] },
];

export const CATEGORIES = ['Food Safety', 'Customer Service', 'Kitchen Operations', 'Onboarding', 'Hygiene'];

const WELCOME = 'Welcome to Brigade';
const FOOD_HANDLING = 'Safe Food Handling and Temperatures';
const GRILL = 'Grill Station Basics';
const HANDWASHING = 'Handwashing and Personal Hygiene';
const GUEST_SERVICE = 'Guest Service at the Counter';

export interface DemoTraining {
  title: string;
  description: string;
  categories: string[];
  /** Files in `videos/` (short test-pattern clips), stored like uploaded videos: the demo plays offline. */
  videos: string[];
  daysAgo: number;
}

export const TRAININGS: DemoTraining[] = [
  {
    title: WELCOME,
    description:
      'Your first shift at Brigade: who we are, how a shift runs, where to find the rota and who to ask for help.',
    categories: ['Onboarding'],
    videos: ['welcome-1.mp4', 'welcome-2.mp4'],
    daysAgo: 90,
  },
  {
    title: FOOD_HANDLING,
    description:
      'Chilled and frozen storage, core temperatures for patties and chicken, holding times and how to fill in the temperature log.',
    categories: ['Food Safety', 'Hygiene'],
    videos: ['food-handling-1.mp4', 'food-handling-2.mp4', 'food-handling-3.mp4'],
    daysAgo: 75,
  },
  {
    title: GRILL,
    description:
      'Setting up the flat-top, smashing and seasoning patties, toasting buns and keeping tickets moving at rush hour.',
    categories: ['Kitchen Operations'],
    videos: ['grill-1.mp4', 'grill-2.mp4'],
    daysAgo: 60,
  },
  {
    title: HANDWASHING,
    description: 'When and how to wash your hands, gloves, uniforms, hair nets and reporting illness before a shift.',
    categories: ['Hygiene', 'Food Safety'],
    videos: ['handwashing-1.mp4'],
    daysAgo: 45,
  },
  {
    title: GUEST_SERVICE,
    description:
      'Greeting guests, taking orders accurately, answering allergen questions and putting things right when something goes wrong.',
    categories: ['Customer Service', 'Onboarding'],
    videos: ['guest-service-1.mp4', 'guest-service-2.mp4'],
    daysAgo: 30,
  },
];

const FOOD_SAFETY_QUIZ = 'Food Safety Basics';
const GUEST_SERVICE_QUIZ = 'Guest Service Essentials';

export interface DemoQuestion {
  text: string;
  options: string[];
  correct: number;
}

export interface DemoQuiz {
  title: string;
  description: string;
  training: string;
  questions: DemoQuestion[];
}

export const QUIZ_PASS_MARK = DEFAULT_PASS_MARK;

export const QUIZZES: DemoQuiz[] = [
  {
    title: FOOD_SAFETY_QUIZ,
    description: 'Check what you learned about storing, cooking and holding food safely.',
    training: FOOD_HANDLING,
    questions: [
      {
        text: 'What is the highest temperature allowed in a chilled-storage fridge?',
        options: ['4 °C', '8 °C', '12 °C', 'Room temperature is fine for sauces'],
        correct: 0,
      },
      {
        text: 'What core temperature must a beef patty reach before it is served?',
        options: ['55 °C', '63 °C', '75 °C', '90 °C'],
        correct: 2,
      },
      {
        text: 'Where does raw meat go in the fridge?',
        options: [
          'On the top shelf',
          'On the bottom shelf, below ready-to-eat food',
          'Next to the salad prep',
          'Anywhere, as long as it is covered',
        ],
        correct: 1,
      },
      {
        text: 'How long may cooked fries be held before they are thrown away?',
        options: ['7 minutes', '20 minutes', '1 hour', 'Until the end of the shift'],
        correct: 0,
      },
    ],
  },
  {
    title: GUEST_SERVICE_QUIZ,
    description: 'Five minutes on greeting guests, complaints and allergen questions.',
    training: GUEST_SERVICE,
    questions: [
      {
        text: 'How soon should a guest at the counter be greeted?',
        options: ['Within 30 seconds', 'Within 2 minutes', 'Once the current order is finished'],
        correct: 0,
      },
      {
        text: 'A guest says their burger is cold. What do you do first?',
        options: [
          'Explain that the kitchen is busy',
          'Apologise and offer a fresh one straight away',
          'Ask them to fill in the feedback form',
        ],
        correct: 1,
      },
      {
        text: 'A guest asks about allergens in the burger sauce. What do you do?',
        options: [
          'Answer from what you remember of the recipe',
          'Show the allergen chart and check with the shift lead',
          'Tell them it is probably fine',
        ],
        correct: 1,
      },
    ],
  },
];

/** `answers` holds the chosen option index per question; the score follows from it. */
export interface DemoAttempt {
  staff: string;
  quiz: string;
  answers: number[];
  daysAgo: number;
}

export const ATTEMPTS: DemoAttempt[] = [
  // Sam's only food safety attempt failed, so the staff dashboard shows a quiz to retake.
  { staff: STAFF, quiz: FOOD_SAFETY_QUIZ, answers: [0, 1, 1, 2], daysAgo: 9 },
  { staff: STAFF, quiz: GUEST_SERVICE_QUIZ, answers: [0, 1, 1], daysAgo: 20 },
  { staff: NOOR, quiz: FOOD_SAFETY_QUIZ, answers: [0, 2, 1, 0], daysAgo: 15 },
  { staff: MILAN, quiz: FOOD_SAFETY_QUIZ, answers: [0, 2, 1, 1], daysAgo: 4 },
  // Eva failed, then passed the next day: the pass completed her training.
  { staff: EVA, quiz: GUEST_SERVICE_QUIZ, answers: [0, 1, 0], daysAgo: 25 },
  { staff: EVA, quiz: GUEST_SERVICE_QUIZ, answers: [0, 1, 1], daysAgo: 24 },
  { staff: MANAGER, quiz: FOOD_SAFETY_QUIZ, answers: [0, 2, 1, 0], daysAgo: 30 },
];

/**
 * Days are relative to now; negative `dueIn` is overdue. `watchedDaysAgo` has one entry
 * per video the person played to the end, in playlist order (the rest are unwatched).
 *
 * The completion rule holds: a training is Completed when every one of its videos has
 * been watched and, if it has a quiz, the quiz has been passed, at the moment the last
 * of these happened (`completedDaysAgo`); until then it is In Progress.
 */
export interface DemoTrainingAssignment {
  staff: string;
  training: string;
  assignedBy: string;
  assignedDaysAgo: number;
  dueIn?: number;
  watchedDaysAgo: number[];
  completedDaysAgo?: number;
}

export const TRAINING_ASSIGNMENTS: DemoTrainingAssignment[] = [
  {
    staff: STAFF,
    training: WELCOME,
    assignedBy: HQ,
    assignedDaysAgo: 40,
    watchedDaysAgo: [39, 38],
    completedDaysAgo: 38,
  },
  // Two of three videos and a failed quiz: overdue, with a quiz to retake.
  { staff: STAFF, training: FOOD_HANDLING, assignedBy: HQ, assignedDaysAgo: 14, dueIn: -5, watchedDaysAgo: [12, 10] },
  // Due in two days, not started: a fresh demo's reminder job makes "Training due soon" (and its email) at once.
  { staff: STAFF, training: GRILL, assignedBy: HQ2, assignedDaysAgo: 3, dueIn: 2, watchedDaysAgo: [] },
  // Completed by the quiz pass, after both videos; before its due date.
  {
    staff: STAFF,
    training: GUEST_SERVICE,
    assignedBy: HQ,
    assignedDaysAgo: 28,
    dueIn: -14,
    watchedDaysAgo: [26, 25],
    completedDaysAgo: 20,
  },
  {
    staff: MANAGER,
    training: FOOD_HANDLING,
    assignedBy: HQ,
    assignedDaysAgo: 35,
    watchedDaysAgo: [34, 33, 31],
    completedDaysAgo: 30,
  },
  { staff: MANAGER, training: GRILL, assignedBy: HQ2, assignedDaysAgo: 10, dueIn: 14, watchedDaysAgo: [9] },
  {
    staff: 'lotte.peeters@example.com',
    training: FOOD_HANDLING,
    assignedBy: HQ2,
    assignedDaysAgo: 8,
    dueIn: 21,
    watchedDaysAgo: [],
  },
  {
    staff: NOOR,
    training: WELCOME,
    assignedBy: HQ,
    assignedDaysAgo: 60,
    watchedDaysAgo: [60, 59],
    completedDaysAgo: 59,
  },
  {
    staff: NOOR,
    training: FOOD_HANDLING,
    assignedBy: HQ,
    assignedDaysAgo: 20,
    watchedDaysAgo: [19, 18, 16],
    completedDaysAgo: 15,
  },
  // Every video watched but the quiz failed (75 %, pass mark 80 %): still In Progress, overdue.
  {
    staff: MILAN,
    training: FOOD_HANDLING,
    assignedBy: HQ,
    assignedDaysAgo: 12,
    dueIn: -3,
    watchedDaysAgo: [11, 10, 9],
  },
  { staff: MILAN, training: HANDWASHING, assignedBy: HQ2, assignedDaysAgo: 6, watchedDaysAgo: [] },
  {
    staff: EVA,
    training: WELCOME,
    assignedBy: HQ,
    assignedDaysAgo: 50,
    watchedDaysAgo: [50, 49],
    completedDaysAgo: 49,
  },
  {
    staff: EVA,
    training: GUEST_SERVICE,
    assignedBy: HQ,
    assignedDaysAgo: 28,
    watchedDaysAgo: [27, 26],
    completedDaysAgo: 24,
  },
  {
    staff: 'jesse.vermeulen@example.com',
    training: GRILL,
    assignedBy: HQ2,
    assignedDaysAgo: 9,
    dueIn: 10,
    watchedDaysAgo: [8],
  },
  {
    staff: 'fleur.hendriks@example.com',
    training: WELCOME,
    assignedBy: HQ,
    assignedDaysAgo: 80,
    watchedDaysAgo: [79, 78],
    completedDaysAgo: 78,
  },
  {
    staff: 'ruben.claes@example.com',
    training: WELCOME,
    assignedBy: HQ2,
    assignedDaysAgo: 5,
    dueIn: 7,
    watchedDaysAgo: [4],
  },
  {
    staff: 'lena.wouters@example.com',
    training: HANDWASHING,
    assignedBy: HQ,
    assignedDaysAgo: 18,
    watchedDaysAgo: [16],
    completedDaysAgo: 16,
  },
];

const KITCHEN_HYGIENE = 'Kitchen Hygiene';
const FRONT_OF_HOUSE = 'Front of House';

export interface DemoTemplate {
  name: string;
  description: string;
  items: string[];
  /** Findings that train (issue 20): the training an item names, by the item's position. */
  itemTrainings?: Record<number, string>;
}

export const TEMPLATES: DemoTemplate[] = [
  {
    name: KITCHEN_HYGIENE,
    description: 'Back-of-house food safety and cleanliness walk-through.',
    items: [
      'Hand-wash stations stocked with soap, paper towels and hot water',
      'Fridge and freezer temperatures logged twice today (≤ 4 °C / ≤ -18 °C)',
      'Raw and cooked products stored apart, covered and date-labelled',
      'Grill, fryers and prep surfaces cleaned to the cleaning schedule',
      'Staff in clean uniforms and hair nets, no jewellery',
      'Fryer oil quality tested and logged',
      'Pest control log up to date, no signs of pests',
    ],
    itemTrainings: { 0: HANDWASHING, 1: FOOD_HANDLING, 3: GRILL },
  },
  {
    name: FRONT_OF_HOUSE,
    description: 'What the guest sees: dining room, counter and service.',
    items: [
      'Entrance, windows and dining area clean and tidy',
      'Menu boards correct and current promotions displayed',
      'Guests greeted within 30 seconds',
      'Restrooms clean and checked within the last hour',
      'Test order matches the receipt and is served within 5 minutes',
    ],
  },
];

type Mark = AuditMark;

// Short names keep the mark rows below readable as a grid.
const B: Mark = 'bad';
const N: Mark = 'needs_improvement';
const G: Mark = 'good';
const E: Mark = 'excellent';
const _ = null;

/**
 * `marks` has one entry per item of the templates, in template order; `comments` is
 * keyed by that same position. Completed audits get their score from the marks.
 */
export interface DemoAudit {
  restaurant: string;
  auditedBy: string;
  daysAgo: number;
  status: 'draft' | 'completed';
  templates: string[];
  marks: (Mark | null)[];
  comments?: Record<number, string>;
}

export const AUDITS: DemoAudit[] = [
  {
    restaurant: BERLIN,
    auditedBy: HQ2,
    daysAgo: 58,
    status: 'completed',
    templates: [FRONT_OF_HOUSE],
    marks: [G, N, G, N, N],
    comments: {
      1: 'Summer promotion still on the boards in autumn.',
      3: 'Restroom check list not signed since 11:00.',
    },
  },
  {
    restaurant: AMSTERDAM,
    auditedBy: HQ,
    daysAgo: 52,
    status: 'completed',
    templates: [FRONT_OF_HOUSE],
    marks: [E, E, E, E, G],
    comments: { 4: 'Order correct, served in 6 minutes during the lunch rush.' },
  },
  {
    restaurant: UTRECHT,
    auditedBy: HQ,
    daysAgo: 44,
    status: 'completed',
    templates: [KITCHEN_HYGIENE, FRONT_OF_HOUSE],
    marks: [B, N, B, N, B, B, N, B, N, E, N, N],
    comments: {
      0: 'No paper towels at the prep sink.',
      2: 'Raw patties stored above the cut salad.',
      4: 'Two crew members without hair nets.',
      5: 'Oil test strips ran out; nothing logged this week.',
      7: 'Crumbs and spills on three tables at opening.',
    },
  },
  {
    restaurant: ROTTERDAM,
    auditedBy: HQ2,
    daysAgo: 33,
    status: 'completed',
    templates: [KITCHEN_HYGIENE],
    marks: [E, N, G, B, G, N, E],
    comments: { 3: 'Fryer area greasy behind the units.', 5: 'Oil changed late; record it every close.' },
  },
  {
    restaurant: ANTWERP,
    auditedBy: HQ,
    daysAgo: 21,
    status: 'completed',
    templates: [KITCHEN_HYGIENE, FRONT_OF_HOUSE],
    marks: [E, G, E, G, N, E, G, G, E, N, G, E],
    comments: { 4: 'One cook wearing a watch.', 9: 'Restroom soap dispenser empty.' },
  },
  {
    restaurant: AMSTERDAM,
    auditedBy: HQ,
    daysAgo: 12,
    status: 'completed',
    templates: [KITCHEN_HYGIENE],
    marks: [E, G, E, G, G, E, G],
  },
  {
    restaurant: UTRECHT,
    auditedBy: HQ,
    daysAgo: 3,
    status: 'draft',
    templates: [KITCHEN_HYGIENE, FRONT_OF_HOUSE],
    marks: [G, G, N, _, _, _, _, G, _, _, _, _],
    comments: { 2: 'Labels better than last time, two trays still undated.' },
  },
  {
    restaurant: ROTTERDAM,
    auditedBy: HQ2,
    daysAgo: 1,
    status: 'draft',
    templates: [FRONT_OF_HOUSE],
    marks: [E, _, G, _, _],
  },
];

export interface DemoAnnouncement {
  title: string;
  description: string;
  createdBy: string;
  daysAgo: number;
  /** Issue 20: everyone must acknowledge it; these people (emails) already have. */
  acknowledgedBy?: string[];
}

export const ANNOUNCEMENTS: DemoAnnouncement[] = [
  {
    title: 'New autumn menu goes live on Monday',
    description:
      'The Smoky Pumpkin burger and sweet potato fries join the menu on Monday.\n' +
      'Recipe cards are in the kitchen folder and the grill training has been updated.\n' +
      'Managers: please run a tasting with your team before opening on Monday.',
    createdBy: HQ,
    daysAgo: 1,
  },
  {
    title: 'Food safety refresher due this month',
    description:
      'Everyone working in the kitchen completes "Safe Food Handling and Temperatures" this month.\n' +
      'The quiz pass mark is 80%. You can retake it as often as you need.',
    createdBy: HQ,
    daysAgo: 4,
  },
  {
    title: 'Rotterdam Markthal: new opening hours',
    description:
      'From next week Brigade Rotterdam Markthal opens at 11:00 instead of 11:30.\n' +
      'Friday and Saturday we stay open until 23:00.\n' +
      'The rota for the extra hours is in the staff app.',
    createdBy: HQ2,
    daysAgo: 8,
  },
  {
    title: 'Berlin Kreuzberg closed for refit',
    description:
      'Brigade Berlin Kreuzberg is closed while the kitchen is rebuilt.\n' +
      'The team is helping out in other restaurants in the meantime.\n' +
      'We expect to reopen in spring.',
    createdBy: HQ,
    daysAgo: 13,
  },
  {
    title: 'Allergen chart updated',
    description:
      'The burger sauce recipe changed: it now contains mustard.\n' +
      'Replace the allergen chart at the counter with the new version sent by email.\n' +
      'Always show guests the chart instead of answering from memory.',
    createdBy: HQ2,
    daysAgo: 19,
    // Pinned on the demo staff member's and manager's dashboards until they press "I have read this".
    acknowledgedBy: [HQ2, HQ],
  },
  {
    title: 'Delivery partners: packaging change',
    description:
      'Uber Eats, Thuisbezorgd and Deliveroo orders now go out in the new paper bags.\n' +
      'Seal every bag with a Brigade sticker so guests know nothing was opened.',
    createdBy: HQ,
    daysAgo: 26,
  },
  {
    title: 'Welcome to our new team members',
    description:
      'A warm welcome to Ruben and Lena in Antwerpen Meir!\n' +
      'Please help them through their first shifts and the Welcome to Brigade training.',
    createdBy: HQ2,
    daysAgo: 34,
  },
  {
    title: 'Audit season starts',
    description:
      'HQ will visit every restaurant in the coming weeks for a Kitchen Hygiene and Front of House audit.\n' +
      'Results appear on your dashboard as soon as the audit is submitted.\n' +
      'Green is 75 or more: let us aim for green everywhere.',
    createdBy: HQ,
    daysAgo: 60,
  },
];
