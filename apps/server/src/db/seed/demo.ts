/**
 * The demo chain behind `npm run demo`: a small European burger chain with people,
 * restaurants, trainings, quizzes, audits and announcements, so every screen has
 * something to show on first start. It only ever goes into an empty database.
 */
import type { Role } from '@brigade/core/roles';
import { type AuditMark, computeFinalScore, DEFAULT_PASS_MARK, scoreQuiz } from '@brigade/core/scoring';
import { eq } from 'drizzle-orm';
import type { Auth } from '../../auth/auth';
import { hashPassword } from '../../auth/passwords';
import { insertUser } from '../../modules/users/service';
import type { Database, Queryable, Transaction } from '../client';
import { announcements } from '../schema/announcements';
import { auditItems, audits, auditTemplateAssignments, auditTemplateItems, auditTemplates } from '../schema/audits';
import { appMeta } from '../schema/meta';
import {
  quizAttempts,
  quizOptions,
  quizQuestions,
  quizResponses,
  trainingQuizAssignments,
  trainingQuizzes,
} from '../schema/quizzes';
import { restaurants, staffRestaurantAssignments } from '../schema/restaurants';
import {
  staffTrainingAssignments,
  trainingCategories,
  trainingCategoryAssignments,
  trainings,
  trainingVideos,
} from '../schema/trainings';
import { users } from '../schema/users';

export const DEMO_PASSWORD = 'demo1234';

const DEMO_LOADED_KEY = 'demo_loaded';

const MESSAGES = {
  alreadyLoaded: 'Demo chain already loaded; starting with the existing data.',
  notEmpty: 'The database already holds data, so the demo chain was not loaded.',
  loaded: `Demo chain loaded. Sign in as hq@example.com, manager@example.com or staff@example.com with password ${DEMO_PASSWORD}.`,
};

// ---------------------------------------------------------------------------------
// The data. Rows refer to each other by natural keys (email, restaurant name,
// training title, ...); the loader turns those into the generated ids.
// ---------------------------------------------------------------------------------

const AMSTERDAM = 'Brigade Amsterdam Centraal';
const UTRECHT = 'Brigade Utrecht Neude';
const ROTTERDAM = 'Brigade Rotterdam Markthal';
const ANTWERP = 'Brigade Antwerpen Meir';
const BERLIN = 'Brigade Berlin Kreuzberg';

const HQ = 'hq@example.com';
const HQ2 = 'hq2@example.com';
const MANAGER = 'manager@example.com';
const STAFF = 'staff@example.com';

interface DemoRestaurant {
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
  isActive?: boolean;
}

const RESTAURANTS: DemoRestaurant[] = [
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
  },
  {
    name: ROTTERDAM,
    city: 'Rotterdam',
    country: 'Netherlands',
    address: 'Dominee Jan Scharpstraat 298, 3011 GZ Rotterdam',
    email: 'rotterdam.markthal@example.com',
    posId: 'BRG-POS-0003',
    takeawayId: 'brigade-rotterdam-markthal',
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
  },
  {
    // Closed for a refit: shows how an inactive restaurant looks, with its old audit.
    name: BERLIN,
    city: 'Berlin',
    country: 'Germany',
    address: 'Oranienstraße 164, 10969 Berlin',
    email: 'berlin.kreuzberg@example.com',
    posId: 'BRG-POS-0005',
    isActive: false,
  },
];

interface DemoPerson {
  name: string;
  email: string;
  role: Role;
  restaurants: string[];
  isActive?: boolean;
}

const PEOPLE: DemoPerson[] = [
  { name: 'Hannah Quist', email: HQ, role: 'hq', restaurants: [] },
  { name: 'Henk de Vries', email: HQ2, role: 'hq', restaurants: [] },
  { name: 'Maya Jansen', email: MANAGER, role: 'manager', restaurants: [AMSTERDAM, UTRECHT] },
  { name: 'Lotte Peeters', email: 'lotte.peeters@example.com', role: 'manager', restaurants: [ANTWERP] },
  // Managed only the closed Berlin restaurant: a manager with no active restaurant to select.
  { name: 'Klaus Becker', email: 'klaus.becker@example.com', role: 'manager', restaurants: [BERLIN] },
  { name: 'Sam Bakker', email: STAFF, role: 'staff', restaurants: [AMSTERDAM] },
  { name: 'Noor de Boer', email: 'noor.deboer@example.com', role: 'staff', restaurants: [AMSTERDAM] },
  { name: 'Milan Smit', email: 'milan.smit@example.com', role: 'staff', restaurants: [UTRECHT] },
  { name: 'Eva Mulder', email: 'eva.mulder@example.com', role: 'staff', restaurants: [UTRECHT, AMSTERDAM] },
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
];

const CATEGORIES = ['Food Safety', 'Customer Service', 'Kitchen Operations', 'Onboarding', 'Hygiene'];

const SAMPLE_VIDEOS = 'https://commondatastorage.googleapis.com/gtv-videos-bucket/sample/';

const WELCOME = 'Welcome to Brigade';
const FOOD_HANDLING = 'Safe Food Handling and Temperatures';
const GRILL = 'Grill Station Basics';
const HANDWASHING = 'Handwashing and Personal Hygiene';
const GUEST_SERVICE = 'Guest Service at the Counter';

interface DemoTraining {
  title: string;
  description: string;
  categories: string[];
  videos: string[];
  daysAgo: number;
}

const TRAININGS: DemoTraining[] = [
  {
    title: WELCOME,
    description:
      'Your first shift at Brigade: who we are, how a shift runs, where to find the rota and who to ask for help.',
    categories: ['Onboarding'],
    videos: ['BigBuckBunny.mp4', 'ForBiggerFun.mp4'],
    daysAgo: 90,
  },
  {
    title: FOOD_HANDLING,
    description:
      'Chilled and frozen storage, core temperatures for patties and chicken, holding times and how to fill in the temperature log.',
    categories: ['Food Safety', 'Hygiene'],
    videos: ['ElephantsDream.mp4', 'ForBiggerBlazes.mp4', 'ForBiggerEscapes.mp4'],
    daysAgo: 75,
  },
  {
    title: GRILL,
    description:
      'Setting up the flat-top, smashing and seasoning patties, toasting buns and keeping tickets moving at rush hour.',
    categories: ['Kitchen Operations'],
    videos: ['ForBiggerJoyrides.mp4', 'ForBiggerMeltdowns.mp4'],
    daysAgo: 60,
  },
  {
    title: HANDWASHING,
    description: 'When and how to wash your hands, gloves, uniforms, hair nets and reporting illness before a shift.',
    categories: ['Hygiene', 'Food Safety'],
    videos: ['Sintel.mp4'],
    daysAgo: 45,
  },
  {
    title: GUEST_SERVICE,
    description:
      'Greeting guests, taking orders accurately, answering allergen questions and putting things right when something goes wrong.',
    categories: ['Customer Service', 'Onboarding'],
    videos: ['TearsOfSteel.mp4', 'WeAreGoingOnBullrun.mp4'],
    daysAgo: 30,
  },
];

const FOOD_SAFETY_QUIZ = 'Food Safety Basics';
const GUEST_SERVICE_QUIZ = 'Guest Service Essentials';

interface DemoQuestion {
  text: string;
  options: string[];
  correct: number;
}

interface DemoQuiz {
  title: string;
  description: string;
  training: string;
  questions: DemoQuestion[];
}

const QUIZ_PASS_MARK = DEFAULT_PASS_MARK;

const QUIZZES: DemoQuiz[] = [
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
interface DemoAttempt {
  staff: string;
  quiz: string;
  answers: number[];
  daysAgo: number;
}

const ATTEMPTS: DemoAttempt[] = [
  // Sam's only food safety attempt failed, so the staff dashboard shows a quiz to retake.
  { staff: STAFF, quiz: FOOD_SAFETY_QUIZ, answers: [0, 1, 1, 2], daysAgo: 9 },
  { staff: STAFF, quiz: GUEST_SERVICE_QUIZ, answers: [0, 1, 1], daysAgo: 20 },
  { staff: 'noor.deboer@example.com', quiz: FOOD_SAFETY_QUIZ, answers: [0, 2, 1, 0], daysAgo: 15 },
  { staff: 'milan.smit@example.com', quiz: FOOD_SAFETY_QUIZ, answers: [0, 2, 1, 1], daysAgo: 4 },
  // Eva failed, then passed the next day: the latest attempt is the one that counts.
  { staff: 'eva.mulder@example.com', quiz: GUEST_SERVICE_QUIZ, answers: [0, 1, 0], daysAgo: 25 },
  { staff: 'eva.mulder@example.com', quiz: GUEST_SERVICE_QUIZ, answers: [0, 1, 1], daysAgo: 24 },
  { staff: MANAGER, quiz: FOOD_SAFETY_QUIZ, answers: [0, 2, 1, 0], daysAgo: 30 },
];

/** Days are relative to now; negative `dueIn` is overdue. No `completedDaysAgo` means In Progress. */
interface DemoTrainingAssignment {
  staff: string;
  training: string;
  assignedBy: string;
  assignedDaysAgo: number;
  dueIn?: number;
  completedDaysAgo?: number;
}

const TRAINING_ASSIGNMENTS: DemoTrainingAssignment[] = [
  { staff: STAFF, training: WELCOME, assignedBy: HQ, assignedDaysAgo: 40, completedDaysAgo: 38 },
  { staff: STAFF, training: FOOD_HANDLING, assignedBy: HQ, assignedDaysAgo: 14, dueIn: -5 },
  { staff: STAFF, training: GUEST_SERVICE, assignedBy: HQ, assignedDaysAgo: 28, dueIn: -14, completedDaysAgo: 20 },
  { staff: MANAGER, training: FOOD_HANDLING, assignedBy: HQ, assignedDaysAgo: 35, completedDaysAgo: 30 },
  { staff: MANAGER, training: GRILL, assignedBy: HQ2, assignedDaysAgo: 10, dueIn: 14 },
  { staff: 'lotte.peeters@example.com', training: FOOD_HANDLING, assignedBy: HQ2, assignedDaysAgo: 8, dueIn: 21 },
  { staff: 'noor.deboer@example.com', training: WELCOME, assignedBy: HQ, assignedDaysAgo: 60, completedDaysAgo: 59 },
  {
    staff: 'noor.deboer@example.com',
    training: FOOD_HANDLING,
    assignedBy: HQ,
    assignedDaysAgo: 20,
    completedDaysAgo: 15,
  },
  { staff: 'milan.smit@example.com', training: FOOD_HANDLING, assignedBy: HQ, assignedDaysAgo: 12, dueIn: -3 },
  { staff: 'milan.smit@example.com', training: HANDWASHING, assignedBy: HQ2, assignedDaysAgo: 6 },
  { staff: 'eva.mulder@example.com', training: WELCOME, assignedBy: HQ, assignedDaysAgo: 50, completedDaysAgo: 49 },
  {
    staff: 'eva.mulder@example.com',
    training: GUEST_SERVICE,
    assignedBy: HQ,
    assignedDaysAgo: 28,
    completedDaysAgo: 24,
  },
  { staff: 'jesse.vermeulen@example.com', training: GRILL, assignedBy: HQ2, assignedDaysAgo: 9, dueIn: 10 },
  { staff: 'fleur.hendriks@example.com', training: WELCOME, assignedBy: HQ, assignedDaysAgo: 80, completedDaysAgo: 78 },
  { staff: 'ruben.claes@example.com', training: WELCOME, assignedBy: HQ2, assignedDaysAgo: 5, dueIn: 7 },
  {
    staff: 'lena.wouters@example.com',
    training: HANDWASHING,
    assignedBy: HQ,
    assignedDaysAgo: 18,
    completedDaysAgo: 16,
  },
];

const KITCHEN_HYGIENE = 'Kitchen Hygiene';
const FRONT_OF_HOUSE = 'Front of House';

interface DemoTemplate {
  name: string;
  description: string;
  items: string[];
}

const TEMPLATES: DemoTemplate[] = [
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
interface DemoAudit {
  restaurant: string;
  auditedBy: string;
  daysAgo: number;
  status: 'draft' | 'completed';
  templates: string[];
  marks: (Mark | null)[];
  comments?: Record<number, string>;
}

const AUDITS: DemoAudit[] = [
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
    marks: [B, N, B, N, B, _, N, B, N, E, N, N],
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

interface DemoAnnouncement {
  title: string;
  description: string;
  createdBy: string;
  daysAgo: number;
}

const ANNOUNCEMENTS: DemoAnnouncement[] = [
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

// ---------------------------------------------------------------------------------
// The loader.
// ---------------------------------------------------------------------------------

export async function loadDemoChainIfEmpty(db: Database, auth: Auth): Promise<{ loaded: boolean; message: string }> {
  const precheck = await whyNotLoad(db);
  if (precheck) return { loaded: false, message: precheck };

  // Hashing is slow on purpose, so it is done once, outside the transaction.
  const passwordHash = await hashPassword(auth, DEMO_PASSWORD);
  const now = new Date();

  const outcome = await db.transaction(async (tx) => {
    // Checked again inside the transaction: someone may have created the first account meanwhile.
    const reason = await whyNotLoad(tx);
    if (reason) return reason;
    await loadDemoChain(tx, passwordHash, now);
    await tx.insert(appMeta).values({ key: DEMO_LOADED_KEY, value: now.toISOString() });
    return null;
  });
  return outcome ? { loaded: false, message: outcome } : { loaded: true, message: MESSAGES.loaded };
}

/** The message explaining why the demo must not be loaded, or null when it may. */
async function whyNotLoad(db: Queryable): Promise<string | null> {
  const marker = await db.select({ key: appMeta.key }).from(appMeta).where(eq(appMeta.key, DEMO_LOADED_KEY)).limit(1);
  if (marker.length > 0) return MESSAGES.alreadyLoaded;
  const anyone = await db.select({ id: users.id }).from(users).limit(1);
  if (anyone.length > 0) return MESSAGES.notEmpty;
  return null;
}

async function loadDemoChain(tx: Transaction, passwordHash: string, now: Date): Promise<void> {
  const at = (daysAgo: number) => daysBefore(now, daysAgo);
  const userIds = await insertPeople(tx, passwordHash);
  const restaurantIds = await insertRestaurants(tx, userIds);
  const trainingIds = await insertTrainings(tx, userIds, at);
  const quizzes = await insertQuizzes(tx, trainingIds);
  await insertTrainingAssignments(tx, userIds, trainingIds, at);
  await insertQuizAttempts(tx, userIds, quizzes, at);
  const templates = await insertAuditTemplates(tx, userIds);
  await insertAudits(tx, userIds, restaurantIds, templates, at);
  await insertAnnouncements(tx, userIds, at);
}

type Ids = Map<string, string>;
type When = (daysAgo: number) => Date;

/** insertUser writes one user at a time; the rest of the loader inserts whole tables at once. */
async function insertPeople(tx: Transaction, passwordHash: string): Promise<Ids> {
  const ids: Ids = new Map();
  for (const person of PEOPLE) {
    const id = await insertUser(tx, {
      name: person.name,
      email: person.email,
      role: person.role,
      passwordHash,
      isActive: person.isActive ?? true,
    });
    ids.set(person.email, id);
  }
  return ids;
}

async function insertRestaurants(tx: Transaction, userIds: Ids): Promise<Ids> {
  const rows = await tx
    .insert(restaurants)
    .values(RESTAURANTS.map((restaurant) => ({ ...restaurant, isActive: restaurant.isActive ?? true })))
    .returning({ id: restaurants.id, name: restaurants.name });
  const restaurantIds = mapBy(rows, (row) => row.name);

  await tx.insert(staffRestaurantAssignments).values(
    PEOPLE.flatMap((person) =>
      person.restaurants.map((name) => ({
        userId: must(userIds, person.email),
        restaurantId: must(restaurantIds, name),
      })),
    ),
  );
  return restaurantIds;
}

async function insertTrainings(tx: Transaction, userIds: Ids, at: When): Promise<Ids> {
  const categoryRows = await tx
    .insert(trainingCategories)
    .values(CATEGORIES.map((name) => ({ name })))
    .returning({ id: trainingCategories.id, name: trainingCategories.name });
  const categoryIds = mapBy(categoryRows, (row) => row.name);

  const trainingRows = await tx
    .insert(trainings)
    .values(
      TRAININGS.map((training) => ({
        title: training.title,
        description: training.description,
        createdBy: must(userIds, HQ),
        createdAt: at(training.daysAgo),
        updatedAt: at(training.daysAgo),
      })),
    )
    .returning({ id: trainings.id, title: trainings.title });
  const trainingIds = mapBy(trainingRows, (row) => row.title);

  await tx.insert(trainingVideos).values(
    TRAININGS.flatMap((training) =>
      training.videos.map((file, orderNum) => ({
        moduleId: must(trainingIds, training.title),
        videoUrl: SAMPLE_VIDEOS + file,
        orderNum,
        createdAt: at(training.daysAgo),
      })),
    ),
  );
  await tx.insert(trainingCategoryAssignments).values(
    TRAININGS.flatMap((training) =>
      training.categories.map((category) => ({
        trainingId: must(trainingIds, training.title),
        categoryId: must(categoryIds, category),
      })),
    ),
  );
  return trainingIds;
}

/** What the attempts need to know about a stored quiz. */
interface StoredQuiz {
  id: string;
  questions: { id: string; text: string; correct: number; options: { id: string; text: string }[] }[];
}

async function insertQuizzes(tx: Transaction, trainingIds: Ids): Promise<Map<string, StoredQuiz>> {
  const quizRows = await tx
    .insert(trainingQuizzes)
    .values(
      QUIZZES.map((quiz) => ({
        title: quiz.title,
        description: quiz.description,
        trainingId: must(trainingIds, quiz.training),
        passMark: QUIZ_PASS_MARK,
      })),
    )
    .returning({ id: trainingQuizzes.id, title: trainingQuizzes.title });
  const quizIds = mapBy(quizRows, (row) => row.title);

  await tx
    .insert(trainingQuizAssignments)
    .values(
      QUIZZES.map((quiz) => ({ trainingId: must(trainingIds, quiz.training), quizId: must(quizIds, quiz.title) })),
    );

  const questionRows = await tx
    .insert(quizQuestions)
    .values(
      QUIZZES.flatMap((quiz) =>
        quiz.questions.map((question, orderNum) => ({
          quizId: must(quizIds, quiz.title),
          questionText: question.text,
          correctOption: question.correct,
          orderNum,
        })),
      ),
    )
    .returning({ id: quizQuestions.id, quizId: quizQuestions.quizId, orderNum: quizQuestions.orderNum });
  const questionIds = mapBy(questionRows, (row) => `${row.quizId}#${row.orderNum}`);
  const questionId = (quiz: DemoQuiz, orderNum: number) =>
    must(questionIds, `${must(quizIds, quiz.title)}#${orderNum}`);

  const optionRows = await tx
    .insert(quizOptions)
    .values(
      QUIZZES.flatMap((quiz) =>
        quiz.questions.flatMap((question, questionNum) =>
          question.options.map((optionText, orderNum) => ({
            questionId: questionId(quiz, questionNum),
            optionText,
            isCorrect: orderNum === question.correct,
            orderNum,
          })),
        ),
      ),
    )
    .returning({ id: quizOptions.id, questionId: quizOptions.questionId, orderNum: quizOptions.orderNum });
  const optionIds = mapBy(optionRows, (row) => `${row.questionId}#${row.orderNum}`);

  return new Map(
    QUIZZES.map((quiz) => [
      quiz.title,
      {
        id: must(quizIds, quiz.title),
        questions: quiz.questions.map((question, questionNum) => {
          const id = questionId(quiz, questionNum);
          return {
            id,
            text: question.text,
            correct: question.correct,
            options: question.options.map((text, orderNum) => ({ id: must(optionIds, `${id}#${orderNum}`), text })),
          };
        }),
      },
    ]),
  );
}

async function insertTrainingAssignments(tx: Transaction, userIds: Ids, trainingIds: Ids, at: When): Promise<void> {
  await tx.insert(staffTrainingAssignments).values(
    TRAINING_ASSIGNMENTS.map((assignment) => ({
      staffId: must(userIds, assignment.staff),
      trainingId: must(trainingIds, assignment.training),
      assignedBy: must(userIds, assignment.assignedBy),
      assignedAt: at(assignment.assignedDaysAgo),
      dueAt: assignment.dueIn === undefined ? null : at(-assignment.dueIn),
      completedAt: assignment.completedDaysAgo === undefined ? null : at(assignment.completedDaysAgo),
    })),
  );
}

async function insertQuizAttempts(
  tx: Transaction,
  userIds: Ids,
  quizzes: Map<string, StoredQuiz>,
  at: When,
): Promise<void> {
  const scored = ATTEMPTS.map((attempt) => {
    const quiz = must(quizzes, attempt.quiz);
    const responses = quiz.questions.map((question, index) => {
      const chosen = attempt.answers[index] ?? -1;
      const option = question.options[chosen];
      if (!option) throw new Error(`Demo attempt on "${attempt.quiz}" has no valid answer for question ${index}`);
      return {
        questionId: question.id,
        selectedOptionId: option.id,
        questionText: question.text,
        selectedOptionText: option.text,
        isCorrect: chosen === question.correct,
      };
    });
    const correctCount = responses.filter((response) => response.isCorrect).length;
    const { score, passed } = scoreQuiz(correctCount, responses.length, QUIZ_PASS_MARK);
    const staffId = must(userIds, attempt.staff);
    // A few minutes to answer: started_at is a little before the submit that created the row.
    const createdAt = at(attempt.daysAgo);
    const startedAt = new Date(createdAt.getTime() - 4 * 60_000);
    return { staffId, quizId: quiz.id, createdAt, startedAt, score, passed, correctCount, responses };
  });

  const attemptRows = await tx
    .insert(quizAttempts)
    .values(
      scored.map((attempt) => ({
        quizId: attempt.quizId,
        staffId: attempt.staffId,
        startedAt: attempt.startedAt,
        createdAt: attempt.createdAt,
        score: attempt.score,
        correctCount: attempt.correctCount,
        questionCount: attempt.responses.length,
        passed: attempt.passed,
      })),
    )
    .returning({
      id: quizAttempts.id,
      quizId: quizAttempts.quizId,
      staffId: quizAttempts.staffId,
      createdAt: quizAttempts.createdAt,
    });
  const attemptKey = (row: { quizId: string; staffId: string; createdAt: Date }) =>
    `${row.quizId}#${row.staffId}#${row.createdAt.getTime()}`;
  const attemptIds = mapBy(attemptRows, attemptKey);

  await tx
    .insert(quizResponses)
    .values(
      scored.flatMap((attempt) =>
        attempt.responses.map((response) => ({ attemptId: must(attemptIds, attemptKey(attempt)), ...response })),
      ),
    );
}

interface StoredTemplate {
  id: string;
  name: string;
  items: { id: string; text: string }[];
}

async function insertAuditTemplates(tx: Transaction, userIds: Ids): Promise<Map<string, StoredTemplate>> {
  const templateRows = await tx
    .insert(auditTemplates)
    .values(
      TEMPLATES.map((template) => ({
        name: template.name,
        description: template.description,
        createdBy: must(userIds, HQ),
      })),
    )
    .returning({ id: auditTemplates.id, name: auditTemplates.name });
  const templateIds = mapBy(templateRows, (row) => row.name);

  const itemRows = await tx
    .insert(auditTemplateItems)
    .values(
      TEMPLATES.flatMap((template) =>
        template.items.map((itemText, orderNum) => ({
          templateId: must(templateIds, template.name),
          itemText,
          orderNum,
        })),
      ),
    )
    .returning({
      id: auditTemplateItems.id,
      templateId: auditTemplateItems.templateId,
      orderNum: auditTemplateItems.orderNum,
    });
  const itemIds = mapBy(itemRows, (row) => `${row.templateId}#${row.orderNum}`);

  return new Map(
    TEMPLATES.map((template) => {
      const id = must(templateIds, template.name);
      const items = template.items.map((text, orderNum) => ({ id: must(itemIds, `${id}#${orderNum}`), text }));
      return [template.name, { id, name: template.name, items }];
    }),
  );
}

async function insertAudits(
  tx: Transaction,
  userIds: Ids,
  restaurantIds: Ids,
  templates: Map<string, StoredTemplate>,
  at: When,
): Promise<void> {
  const planned = AUDITS.map((audit) => {
    const used = audit.templates.map((name) => must(templates, name));
    const items = used.flatMap((template) => template.items.map((item) => ({ template, item })));
    if (items.length !== audit.marks.length) {
      throw new Error(`Demo audit of ${audit.restaurant} has ${audit.marks.length} marks for ${items.length} items`);
    }
    const restaurantId = must(restaurantIds, audit.restaurant);
    return { audit, used, items, restaurantId, auditedAt: at(audit.daysAgo) };
  });

  const auditRows = await tx
    .insert(audits)
    .values(
      planned.map(({ audit, restaurantId, auditedAt }) => ({
        restaurantId,
        auditedBy: must(userIds, audit.auditedBy),
        auditedAt,
        status: audit.status,
        finalScore: audit.status === 'completed' ? computeFinalScore(audit.marks) : null,
        createdAt: auditedAt,
        updatedAt: auditedAt,
      })),
    )
    .returning({ id: audits.id, restaurantId: audits.restaurantId, auditedAt: audits.auditedAt });
  const auditKey = (row: { restaurantId: string; auditedAt: Date }) => `${row.restaurantId}#${row.auditedAt.getTime()}`;
  const auditIds = mapBy(auditRows, auditKey);

  await tx.insert(auditTemplateAssignments).values(
    planned.flatMap((plan) =>
      plan.used.map((template) => ({
        auditId: must(auditIds, auditKey(plan)),
        templateId: template.id,
        templateName: template.name,
      })),
    ),
  );
  await tx.insert(auditItems).values(
    planned.flatMap((plan) =>
      plan.items.map(({ template, item }, orderNum) => ({
        auditId: must(auditIds, auditKey(plan)),
        templateItemId: item.id,
        templateName: template.name,
        itemText: item.text,
        orderNum,
        mark: plan.audit.marks[orderNum] ?? null,
        comment: plan.audit.comments?.[orderNum] ?? null,
      })),
    ),
  );
}

async function insertAnnouncements(tx: Transaction, userIds: Ids, at: When): Promise<void> {
  await tx.insert(announcements).values(
    ANNOUNCEMENTS.map((announcement) => ({
      title: announcement.title,
      description: announcement.description,
      createdBy: must(userIds, announcement.createdBy),
      createdAt: at(announcement.daysAgo),
      updatedAt: at(announcement.daysAgo),
    })),
  );
}

// ---------------------------------------------------------------------------------
// Helpers.
// ---------------------------------------------------------------------------------

const DAY_MS = 24 * 60 * 60 * 1000;

/** Whole days before `now`, so the demo always looks recent; negative days lie ahead. */
function daysBefore(now: Date, days: number): Date {
  return new Date(now.getTime() - days * DAY_MS);
}

/**
 * Ids come back from `.returning()` keyed by a natural key rather than by position:
 * PostgreSQL does not promise that RETURNING follows the order of VALUES.
 */
function mapBy<Row extends { id: string }>(rows: Row[], keyOf: (row: Row) => string): Ids {
  return new Map(rows.map((row) => [keyOf(row), row.id]));
}

/** A lookup that must succeed: a miss means the demo data above refers to something it never defined. */
function must<V>(map: Map<string, V>, key: string): V {
  const value = map.get(key);
  if (value === undefined) throw new Error(`Demo data refers to unknown "${key}"`);
  return value;
}
