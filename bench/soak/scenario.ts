/**
 * What the simulated people do. `setUpWorld` signs in as hq, looks up the demo chain
 * and creates extra staff, managers and hq (POST /api/users) so sessions spread over
 * many accounts; `runPeople` then runs one loop per person until told to stop:
 *
 *   mixed   (load, db-restart, shutdown): sign in, then dashboards, lists, audits
 *           (create, draft, submit), quiz attempts, bulk assignments, new trainings
 *   writes  (crash phases): audit submissions, quiz attempts, training and quiz saves,
 *           bulk assignments, back to back, riding out the server going away
 *
 * Every acknowledged write goes into the ledger.
 */
import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import {
  type Account,
  pick,
  type Recorder,
  type Response,
  randomInt,
  Session,
  sample,
  sleep,
  type Upstream,
} from './http';
import type { Ledger, QuizRevision, TrainingRevision } from './ledger';

const DEMO_PASSWORD = 'demo1234';
const SOAK_PASSWORD = 'soak-password-1234';
const MARKS = ['bad', 'needs_improvement', 'good', 'excellent'] as const;

interface Ref {
  id: string;
  name: string;
}

interface StaffMember {
  id: string;
  name: string;
  email: string;
  role: Account['role'];
  isActive: boolean;
  restaurants: Ref[];
}

interface Editable {
  trainingId: string;
  quizId: string;
  label: string;
  trainingRev: number;
  quizRev: number;
}

export interface World {
  /** One server's base URL, or the balancer in front of several (multi phase). */
  baseUrl: string | Upstream;
  restaurants: Ref[];
  templateIds: string[];
  categoryIds: string[];
  auditorIds: string[];
  /** Every training, growing as hq adds some; newest last. */
  trainingIds: string[];
  quizTrainingIds: string[];
  accounts: Record<Account['role'], Account[]>;
  /** People hq may assign to (active staff and managers with a restaurant). */
  assignable: string[];
  staffByRestaurant: Map<string, string[]>;
  editables: Editable[];
}

async function must<T>(response: Promise<Response<T>>, what: string): Promise<T> {
  const result = await response;
  if (!result.ok) throw new Error(`${what}: ${result.status} ${JSON.stringify(result.body)}`);
  return result.body;
}

export interface WorldOptions {
  extraStaff: number;
  extraManagers: number;
  extraHq: number;
  /** Trainings and quizzes of their own for the crash phases' editors. */
  editables: number;
}

export async function setUpWorld(
  baseUrl: string | Upstream,
  recorder: Recorder,
  ledger: Ledger,
  options: WorldOptions,
): Promise<World> {
  const hq = new Session(baseUrl, recorder);
  if (!(await hq.signIn({ email: 'hq@example.com', password: DEMO_PASSWORD }))) {
    throw new Error('hq@example.com could not sign in: is the demo chain loaded?');
  }
  const restaurants = await must(hq.get<Ref[]>('setup', '/api/restaurants/options'), 'restaurant options');
  const templates = await must(
    hq.get<{ id: string; itemCount: number }[]>('setup', '/api/audit-templates'),
    'audit templates',
  );
  const categories = await must(hq.get<Ref[]>('setup', '/api/training-categories'), 'categories');
  const trainings = await must(hq.get<{ id: string; quizId: string | null }[]>('setup', '/api/trainings'), 'trainings');
  const auditors = await must(hq.get<Ref[]>('setup', '/api/audits/auditors'), 'auditors');
  if (!restaurants.length || !templates.length || !categories.length) throw new Error('the demo chain is incomplete');

  const stamp = Date.now().toString(36);
  const create = async (role: Account['role'], index: number, restaurantIds: string[]) => {
    const member = await must(
      hq.post<StaffMember>('setup', '/api/users', {
        name: `Soak ${role} ${index}`,
        email: `soak.${role}.${index}.${stamp}@example.com`,
        password: SOAK_PASSWORD,
        role,
        selectedRestaurants: restaurantIds,
      }),
      `create ${role} ${index}`,
    );
    ledger.users.add(member.id);
  };
  for (let i = 0; i < options.extraStaff; i++) {
    const first = restaurants[i % restaurants.length];
    const second = restaurants[(i + 1) % restaurants.length];
    if (!first || !second) continue;
    await create('staff', i, i % 5 === 0 ? [first.id, second.id] : [first.id]);
  }
  for (let i = 0; i < options.extraManagers; i++) {
    const first = restaurants[i % restaurants.length];
    if (first) await create('manager', i, [first.id]);
  }
  for (let i = 0; i < options.extraHq; i++) {
    const first = restaurants[0];
    if (first) await create('hq', i, [first.id]);
  }

  const people = (await must(hq.get<{ items: StaffMember[] }>('setup', '/api/users?pageSize=100'), 'users')).items;
  const active = new Set(restaurants.map((restaurant) => restaurant.id));
  const accounts: World['accounts'] = { hq: [], manager: [], staff: [] };
  for (const person of people) {
    if (!person.isActive) continue;
    const password = person.email.startsWith('soak.') ? SOAK_PASSWORD : DEMO_PASSWORD;
    const restaurantIds = person.restaurants.map((restaurant) => restaurant.id).filter((id) => active.has(id));
    if (person.role !== 'hq' && restaurantIds.length === 0) continue;
    accounts[person.role].push({ email: person.email, password, role: person.role, id: person.id, restaurantIds });
  }
  const staffByRestaurant = new Map<string, string[]>();
  for (const staff of accounts.staff) {
    for (const id of staff.restaurantIds) staffByRestaurant.set(id, [...(staffByRestaurant.get(id) ?? []), staff.id]);
  }

  const editables: Editable[] = [];
  for (let i = 0; i < options.editables; i++) {
    const label = `Soak ${stamp} editor ${i}`;
    const quizRevision = quizRevisionOf(label, 0);
    const quiz = await must(hq.post<{ id: string }>('setup', '/api/quizzes', quizBody(quizRevision)), 'quiz');
    const categoryIds = categories.map((category) => category.id);
    const trainingRevision = trainingRevisionOf(label, 0, categoryIds, quiz.id);
    const training = await must(
      hq.post<{ id: string }>('setup', '/api/trainings', trainingBody(trainingRevision)),
      'training',
    );
    ledger.trainings.set(training.id, trainingRevision.title);
    ledger.trainingSaves.set(training.id, { acked: 0, ackCount: 0, sent: new Map([[0, trainingRevision]]) });
    ledger.quizSaves.set(quiz.id, { acked: 0, ackCount: 0, sent: new Map([[0, quizRevision]]) });
    editables.push({ trainingId: training.id, quizId: quiz.id, label, trainingRev: 0, quizRev: 0 });
  }

  return {
    baseUrl,
    restaurants,
    templateIds: templates.filter((template) => template.itemCount > 0).map((template) => template.id),
    categoryIds: categories.map((category) => category.id),
    auditorIds: auditors.map((auditor) => auditor.id),
    trainingIds: trainings.map((training) => training.id),
    quizTrainingIds: trainings.filter((training) => training.quizId).map((training) => training.id),
    accounts,
    assignable: [...accounts.staff, ...accounts.manager].map((account) => account.id),
    staffByRestaurant,
    editables,
  };
}

function trainingRevisionOf(label: string, rev: number, categoryIds: string[], quizId: string): TrainingRevision {
  return {
    title: `${label} r${rev}`,
    description: `Revision ${rev} of a soak training`,
    categoryId: categoryIds[rev % categoryIds.length] ?? '',
    quizId: rev % 2 === 1 ? quizId : null,
    videoUrls: Array.from({ length: 1 + (rev % 4) }, (_, k) => `https://example.com/soak/${rev}/${k}.mp4`),
  };
}

const trainingBody = (revision: TrainingRevision) => ({
  title: revision.title,
  description: revision.description,
  categoryIds: [revision.categoryId],
  quizId: revision.quizId,
  videos: revision.videoUrls.map((url) => ({ url })),
});

function quizRevisionOf(label: string, rev: number): QuizRevision {
  return {
    title: `${label} quiz r${rev}`,
    options: Array.from({ length: 1 + (rev % 3) }, (_, k) => 2 + ((k + rev) % 2)),
  };
}

const quizBody = (revision: QuizRevision) => ({
  title: revision.title,
  description: '',
  passMark: 50,
  questions: revision.options.map((count, k) => ({
    text: `Question ${k + 1} (${revision.title})`,
    options: Array.from({ length: count }, (_, j) => ({ text: `Option ${j + 1}` })),
    correctIndex: 0,
  })),
});

export interface RunOptions {
  world: World;
  recorder: Recorder;
  ledger: Ledger;
  people: number;
  kind: 'mixed' | 'writes';
  /** Longest pause between two steps of one person, in ms (a random share of it). */
  thinkMs: number;
  stop: () => boolean;
}

type Role = Account['role'];

/** Starts one loop per person; resolves when every loop has seen stop() and finished its step. */
export async function runPeople(options: RunOptions): Promise<void> {
  const { people, kind, world } = options;
  const loops: Promise<void>[] = [];
  // Writers keep to one kind of write each, so the crash always cuts into all of them.
  const hqJobs = ['audit', 'edit', 'assign'] as const;
  let hqCount = 0;
  let editCount = 0;
  for (let i = 0; i < people; i++) {
    // Mixed: 15% hq, 20% managers, 65% staff. Writers: 40% hq (audits, training and
    // quiz saves, bulk assignments), 20% managers (assignments), 40% staff (quiz attempts).
    const role: Role =
      kind === 'mixed'
        ? ((['hq', 'hq', 'hq', 'manager', 'manager', 'manager', 'manager'] as const)[i % 20] ?? 'staff')
        : ((['hq', 'staff', 'manager', 'hq', 'staff', 'hq', 'staff', 'manager', 'hq', 'staff'] as const)[i % 10] ??
          'staff');
    const accounts = world.accounts[role];
    const account = accounts[i % accounts.length];
    if (!account) continue;
    if (kind === 'mixed') {
      loops.push(mixedLoop(options, account, i));
      continue;
    }
    let job: WriteJob = role === 'staff' ? 'quiz' : 'assign';
    let editable: Editable | undefined;
    if (role === 'hq') {
      job = hqJobs[hqCount++ % hqJobs.length] ?? 'audit';
      if (job === 'edit') {
        editable = world.editables[editCount++];
        if (!editable) job = 'audit';
      }
    }
    loops.push(writesLoop(options, account, job, editable));
  }
  await Promise.all(loops);
}

type WriteJob = 'audit' | 'edit' | 'assign' | 'quiz';

async function think(options: RunOptions) {
  if (options.thinkMs > 0) await sleep(Math.random() * options.thinkMs);
}

/** After a refused or reset request: the server is away; wait a little before trying again. */
async function backOff(response: Response) {
  if (response.status === 0 || response.status >= 500) await sleep(150 + Math.random() * 150);
}

async function mixedLoop(options: RunOptions, account: Account, index: number) {
  const { world, stop } = options;
  // Spread the first sign-ins over a second so 200 scrypt hashes do not start at once.
  await sleep((index * 1000) / Math.max(1, options.people));
  while (!stop()) {
    const session = new Session(world.baseUrl, options.recorder);
    const signedIn = await session.signIn(account);
    if (!signedIn) {
      await sleep(300);
      continue;
    }
    const steps = randomInt(10, 20);
    for (let step = 0; step < steps && !stop(); step++) {
      await think(options);
      const response = await mixedStep(options, session, account);
      if (response?.status === 401) break;
      if (response) await backOff(response);
    }
  }
}

async function mixedStep(options: RunOptions, session: Session, account: Account): Promise<Response | undefined> {
  const roll = Math.random();
  if (account.role === 'hq') {
    if (roll < 0.1) return session.get('me', '/api/me');
    if (roll < 0.25) return session.get('dashboard.hq', '/api/dashboards/hq');
    if (roll < 0.35) return session.get('users.list', `/api/users?page=${randomInt(1, 2)}`);
    if (roll < 0.45) return session.get('assignments.list', '/api/training-assignments?page=1');
    if (roll < 0.55) return session.get('audits.list', '/api/audits?page=1');
    if (roll < 0.6) return session.get('announcements.list', '/api/announcements?page=1');
    if (roll < 0.8) return auditFlow(options, session);
    if (roll < 0.95) return assignBulk(options, session, account);
    return createTraining(options, session);
  }
  if (account.role === 'manager') {
    const restaurantId = pick(account.restaurantIds);
    if (roll < 0.1) return session.get('me', '/api/me');
    if (roll < 0.3) return session.get('dashboard.manager', `/api/dashboards/manager?restaurantId=${restaurantId}`);
    if (roll < 0.45) return session.get('users.list', `/api/users?page=1&restaurantId=${restaurantId}`);
    if (roll < 0.6) {
      return session.get('assignments.list', `/api/training-assignments?page=1&restaurantId=${restaurantId}`);
    }
    if (roll < 0.7) return session.get('audits.list', '/api/audits?page=1');
    if (roll < 0.8) return session.get('announcements.list', '/api/announcements?page=1');
    return assignBulk(options, session, account);
  }
  if (roll < 0.1) return session.get('me', '/api/me');
  if (roll < 0.35) return session.get('dashboard.staff', '/api/dashboards/staff');
  if (roll < 0.5) return session.get('my-trainings', '/api/my-trainings');
  if (roll < 0.6) return session.get('announcements.list', '/api/announcements?page=1');
  if (roll < 0.7) return session.get('audits.list', '/api/audits?page=1');
  return quizAttempt(options, session, account);
}

async function writesLoop(options: RunOptions, account: Account, job: WriteJob, editable?: Editable) {
  const { world, stop } = options;
  const session = new Session(world.baseUrl, options.recorder);
  while (!stop()) {
    if (!session.signedIn) {
      const signIn = await session.signIn(account);
      if (!signIn) {
        await sleep(200);
        continue;
      }
    }
    let response: Response | undefined;
    if (job === 'audit') response = await auditFlow(options, session);
    else if (job === 'edit' && editable) response = await editFlow(options, session, editable);
    else if (job === 'quiz') response = await quizAttempt(options, session, account);
    else response = await assignBulk(options, session, account);
    if (response?.status === 401) await session.signIn(account);
    if (response) await backOff(response);
    await think(options);
  }
}

/** hq: a new audit from one or two templates, a draft with half the marks, then submit with all. */
async function auditFlow(options: RunOptions, session: Session): Promise<Response> {
  const { world, ledger } = options;
  const templateIds = sample(world.templateIds, randomInt(1, 2));
  const created = await session.post<{ id: string }>('audit.create', '/api/audits', {
    restaurantId: pick(world.restaurants).id,
    templateIds,
    auditorId: pick(world.auditorIds),
  });
  if (!created.ok) return created;
  const id = created.body.id;
  ledger.auditCreated(id, templateIds);
  const detail = await session.get<{ version: number; items: { id: string }[] }>('audit.get', `/api/audits/${id}`);
  if (!detail.ok) return detail;
  ledger.auditRead(id, detail.body.items.length);
  const draftItems = detail.body.items.map((item, i) => ({
    id: item.id,
    mark: i % 2 === 0 ? pick(MARKS) : null,
    comment: i === 0 ? 'Soak draft comment' : null,
  }));
  type Detail = { version: number; finalScore: number | null; items: { id: string; mark: string | null }[] };
  const marksOf = (items: { id: string; mark: string | null }[]) =>
    Object.fromEntries(items.map((item) => [item.id, item.mark]));
  const draft = await session.put<Detail>('audit.draft', `/api/audits/${id}/draft`, {
    version: detail.body.version,
    items: draftItems,
  });
  if (!draft.ok) return draft;
  ledger.auditDraft(id, draft.body.version, marksOf(draft.body.items));
  const submitItems = draftItems.map((item) => ({ ...item, mark: item.mark ?? pick(MARKS) }));
  ledger.auditSubmitSent(id, marksOf(submitItems));
  const submitted = await session.post<Detail>('audit.submit', `/api/audits/${id}/submit`, {
    version: draft.body.version,
    items: submitItems,
  });
  if (submitted.ok && submitted.body.finalScore !== null) {
    ledger.auditSubmitted(id, submitted.body.version, submitted.body.finalScore, marksOf(submitted.body.items));
  }
  return submitted;
}

/** staff: read a training's quiz, answer at random, submit. */
async function quizAttempt(options: RunOptions, session: Session, account: Account): Promise<Response> {
  const { world, ledger } = options;
  const trainingId = pick(world.quizTrainingIds);
  const quiz = await session.get<{ questions: { id: string; options: { id: string }[] }[] }>(
    'quiz.get',
    `/api/trainings/${trainingId}/quiz`,
  );
  if (!quiz.ok) return quiz;
  const answers = quiz.body.questions.map((question) => ({
    questionId: question.id,
    optionId: pick(question.options).id,
  }));
  const result = await session.post<{ attemptId: string; score: number; questionCount: number }>(
    'quiz.submit',
    `/api/trainings/${trainingId}/quiz/attempts`,
    { attemptId: randomUUID(), answers },
  );
  if (result.ok) {
    ledger.attempts.set(result.body.attemptId, {
      staffId: account.id,
      score: result.body.score,
      questionCount: result.body.questionCount,
    });
  }
  return result;
}

/** hq: several people × trainings; a manager: staff of one of their restaurants. */
async function assignBulk(options: RunOptions, session: Session, account: Account): Promise<Response> {
  const { world, ledger } = options;
  const staffIds =
    account.role === 'hq'
      ? sample(world.assignable, randomInt(3, 8))
      : sample(world.staffByRestaurant.get(pick(account.restaurantIds)) ?? [], randomInt(2, 5));
  // Mostly the newest trainings, so that pairs are still being created, not only skipped.
  const recent = world.trainingIds.slice(-8);
  const trainingIds = [...new Set([...sample(recent, randomInt(1, 2)), ...sample(world.trainingIds, 1)])];
  const response = await session.post('assignments.create', '/api/training-assignments', { trainingIds, staffIds });
  if (response.ok) ledger.assigned(staffIds, trainingIds);
  return response;
}

/** hq: a new training (two videos, one category), which later bulk assignments pick up. */
async function createTraining(options: RunOptions, session: Session): Promise<Response> {
  const { world, ledger } = options;
  const title = `Soak training ${performance.now().toFixed(0)}-${Math.random().toString(36).slice(2, 8)}`;
  const response = await session.post<{ id: string }>('training.create', '/api/trainings', {
    title,
    description: 'Created by the soak run',
    categoryIds: [pick(world.categoryIds)],
    videos: [{ url: 'https://example.com/soak/a.mp4' }, { url: 'https://example.com/soak/b.mp4' }],
  });
  if (response.ok) {
    ledger.trainings.set(response.body.id, title);
    world.trainingIds.push(response.body.id);
  }
  return response;
}

/** hq: the next revision of this writer's own training, then of its own quiz. */
async function editFlow(options: RunOptions, session: Session, editable: Editable): Promise<Response> {
  const { world, ledger } = options;
  const trainingSaves = ledger.trainingSaves.get(editable.trainingId);
  const quizSaves = ledger.quizSaves.get(editable.quizId);
  if (!trainingSaves || !quizSaves) throw new Error('an editable without its ledger entry');

  const trainingRev = ++editable.trainingRev;
  const revision = trainingRevisionOf(editable.label, trainingRev, world.categoryIds, editable.quizId);
  trainingSaves.sent.set(trainingRev, revision);
  const saved = await session.put('training.save', `/api/trainings/${editable.trainingId}`, trainingBody(revision));
  if (!saved.ok) return saved;
  trainingSaves.acked = trainingRev;
  trainingSaves.ackCount += 1;

  const quizRev = ++editable.quizRev;
  const quizRevision = quizRevisionOf(editable.label, quizRev);
  quizSaves.sent.set(quizRev, quizRevision);
  const quizSaved = await session.put('quiz.save', `/api/quizzes/${editable.quizId}`, quizBody(quizRevision));
  if (quizSaved.ok) {
    quizSaves.acked = quizRev;
    quizSaves.ackCount += 1;
  }
  return quizSaved;
}
