/**
 * Loads the demo chain (`demo-chain.ts`) into an empty database, for `npm run demo`.
 * It never touches a database that already holds people, and loads only once.
 */
import fs from 'node:fs';
import path from 'node:path';
import { computeFinalScore, scoreQuiz } from '@brigade/core/scoring';
import { eq } from 'drizzle-orm';
import type { Auth } from '../auth/auth';
import { hashPassword } from '../auth/passwords';
import type { Database, Queryable, Transaction } from '../db/database';
import { announcementAcknowledgements, announcements } from '../db/schema/announcements';
import { auditItems, audits, auditTemplateAssignments, auditTemplateItems, auditTemplates } from '../db/schema/audits';
import { appMeta } from '../db/schema/meta';
import {
  quizAttempts,
  quizOptions,
  quizQuestions,
  quizResponses,
  trainingQuizAssignments,
  trainingQuizzes,
} from '../db/schema/quizzes';
import { restaurants, staffRestaurantAssignments } from '../db/schema/restaurants';
import { staffTrainingAssignments } from '../db/schema/training-assignments';
import {
  trainingCategories,
  trainingCategoryAssignments,
  trainings,
  trainingVideoProgress,
  trainingVideos,
} from '../db/schema/trainings';
import { uploads } from '../db/schema/uploads';
import { users } from '../db/schema/users';
import { insertUser } from '../modules/users/service';
import type { Storage, StoredFile } from '../storage/storage';
import { insertDemoActions } from './demo-actions';
import {
  ANNOUNCEMENTS,
  ATTEMPTS,
  AUDITS,
  CATEGORIES,
  DEMO_PASSWORD,
  type DemoQuiz,
  HQ,
  PEOPLE,
  QUIZ_PASS_MARK,
  QUIZZES,
  RESTAURANTS,
  TEMPLATES,
  TRAINING_ASSIGNMENTS,
  TRAININGS,
} from './demo-chain';
import { attachDemoChecklistPhotos, insertDemoChecklists } from './demo-checklists';
import { attachDemoPhotos } from './demo-photos';
import { insertDemoSchedules } from './demo-schedules';
import { insertDemoSensors } from './demo-sensors';

const DEMO_LOADED_KEY = 'demo_loaded';

const MESSAGES = {
  alreadyLoaded: 'Demo chain already loaded; starting with the existing data.',
  notEmpty: 'The database already holds data, so the demo chain was not loaded.',
  loaded: `Demo chain loaded. Sign in as hq@example.com, manager@example.com or staff@example.com with password ${DEMO_PASSWORD}.`,
};

/** The demo's video files, shipped in the repository so the demo plays without the internet. */
const VIDEOS_DIR = path.join(import.meta.dirname, 'videos');
const VIDEO_TYPE = 'video/mp4';

/**
 * Loads the demo chain when the database is empty. Its videos go into `storage` like
 * uploaded ones (local disk or the S3 bucket), so they play wherever the server runs.
 */
export async function loadDemoChainIfEmpty(
  db: Database,
  auth: Auth,
  storage: Storage,
): Promise<{ loaded: boolean; message: string }> {
  const precheck = await whyNotLoad(db);
  if (precheck) return { loaded: false, message: precheck };

  // Hashing is slow on purpose, and files are not part of a transaction: both come first.
  const passwordHash = await hashPassword(auth, DEMO_PASSWORD);
  const files = await storeVideos(storage);
  const now = new Date();

  let outcome: string | null;
  try {
    outcome = await db.transaction(async (tx) => {
      // Checked again inside the transaction: someone may have created the first account meanwhile.
      const reason = await whyNotLoad(tx);
      if (reason) return reason;
      await loadDemoChain(tx, passwordHash, files, now);
      await tx.insert(appMeta).values({ key: DEMO_LOADED_KEY, value: now.toISOString() });
      return null;
    });
  } catch (error) {
    await removeVideos(storage, files);
    throw error;
  }
  if (outcome) {
    // No rows, no files: a stored file nothing refers to would never be deleted.
    await removeVideos(storage, files);
    return { loaded: false, message: outcome };
  }
  await attachDemoPhotos(db, storage);
  await attachDemoChecklistPhotos(db, storage);
  return { loaded: true, message: MESSAGES.loaded };
}

/** Every video the demo trainings use, stored once each; keyed by file name. */
async function storeVideos(storage: Storage): Promise<Map<string, StoredFile>> {
  const stored = new Map<string, StoredFile>();
  try {
    for (const name of new Set(TRAININGS.flatMap((training) => training.videos))) {
      const source = fs.createReadStream(path.join(VIDEOS_DIR, name));
      const file = await storage.put(source, { extension: path.extname(name), contentType: VIDEO_TYPE }, () => false);
      if (!file) throw new Error(`Demo video ${name} could not be stored`);
      stored.set(name, file);
    }
  } catch (error) {
    await removeVideos(storage, stored);
    throw error;
  }
  return stored;
}

async function removeVideos(storage: Storage, files: Map<string, StoredFile>): Promise<void> {
  await Promise.all([...files.values()].map((file) => storage.remove(file.key).catch(() => {})));
}

/** The message explaining why the demo must not be loaded, or null when it may. */
async function whyNotLoad(db: Queryable): Promise<string | null> {
  const marker = await db.select({ key: appMeta.key }).from(appMeta).where(eq(appMeta.key, DEMO_LOADED_KEY)).limit(1);
  if (marker.length > 0) return MESSAGES.alreadyLoaded;
  const anyone = await db.select({ id: users.id }).from(users).limit(1);
  if (anyone.length > 0) return MESSAGES.notEmpty;
  return null;
}

async function loadDemoChain(
  tx: Transaction,
  passwordHash: string,
  files: Map<string, StoredFile>,
  now: Date,
): Promise<void> {
  const at = (daysAgo: number) => daysBefore(now, daysAgo);
  const userIds = await insertPeople(tx, passwordHash);
  const restaurantIds = await insertRestaurants(tx, userIds, at);
  const { trainingIds, videoIds } = await insertTrainings(tx, userIds, files, at);
  const quizzes = await insertQuizzes(tx, trainingIds);
  await insertTrainingAssignments(tx, userIds, trainingIds, videoIds, at);
  await insertQuizAttempts(tx, userIds, quizzes, at);
  const templates = await insertAuditTemplates(tx, userIds, trainingIds);
  await insertAudits(tx, userIds, restaurantIds, templates, at);
  await insertDemoActions(tx, now);
  await insertAnnouncements(tx, userIds, at);
  await insertDemoSchedules(tx, now, HQ);
  await insertDemoChecklists(tx, now, HQ);
  await insertDemoSensors(tx, HQ);
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

async function insertRestaurants(tx: Transaction, userIds: Ids, at: When): Promise<Ids> {
  // Open for a year: older than everything else in the demo (checklist records are made only after it opened).
  const opened = at(365);
  const rows = await tx
    .insert(restaurants)
    .values(
      RESTAURANTS.map((restaurant) => ({
        ...restaurant,
        isActive: restaurant.isActive ?? true,
        createdAt: opened,
        updatedAt: opened,
      })),
    )
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

/** The trainings with their categories and videos; video ids are keyed by `title#orderNum`. */
async function insertTrainings(
  tx: Transaction,
  userIds: Ids,
  files: Map<string, StoredFile>,
  at: When,
): Promise<{ trainingIds: Ids; videoIds: Ids }> {
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

  // Each file as an upload by the person who made the training, as the training form does it.
  const uploadRows = await tx
    .insert(uploads)
    .values(
      TRAININGS.flatMap((training) =>
        training.videos.map((fileName) => {
          const file = must(files, fileName);
          return {
            storageKey: file.key,
            fileName,
            contentType: VIDEO_TYPE,
            size: file.size,
            createdBy: must(userIds, HQ),
            createdAt: at(training.daysAgo),
          };
        }),
      ),
    )
    .returning({ id: uploads.id, fileName: uploads.fileName });
  const uploadIds = mapBy(uploadRows, (row) => row.fileName);

  const videoRows = await tx
    .insert(trainingVideos)
    .values(
      TRAININGS.flatMap((training) =>
        training.videos.map((fileName, orderNum) => ({
          moduleId: must(trainingIds, training.title),
          uploadId: must(uploadIds, fileName),
          orderNum,
          createdAt: at(training.daysAgo),
        })),
      ),
    )
    .returning({ id: trainingVideos.id, moduleId: trainingVideos.moduleId, orderNum: trainingVideos.orderNum });
  const titleOf = new Map([...trainingIds].map(([title, id]) => [id, title]));
  const videoIds = mapBy(videoRows, (row) => `${must(titleOf, row.moduleId)}#${row.orderNum}`);
  await tx.insert(trainingCategoryAssignments).values(
    TRAININGS.flatMap((training) =>
      training.categories.map((category) => ({
        trainingId: must(trainingIds, training.title),
        categoryId: must(categoryIds, category),
      })),
    ),
  );
  return { trainingIds, videoIds };
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

async function insertTrainingAssignments(
  tx: Transaction,
  userIds: Ids,
  trainingIds: Ids,
  videoIds: Ids,
  at: When,
): Promise<void> {
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
  const watched = TRAINING_ASSIGNMENTS.flatMap((assignment) =>
    assignment.watchedDaysAgo.map((daysAgo, orderNum) => ({
      staffId: must(userIds, assignment.staff),
      videoId: must(videoIds, `${assignment.training}#${orderNum}`),
      watchedAt: at(daysAgo),
    })),
  );
  if (watched.length) await tx.insert(trainingVideoProgress).values(watched);
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

async function insertAuditTemplates(
  tx: Transaction,
  userIds: Ids,
  trainingIds: Ids,
): Promise<Map<string, StoredTemplate>> {
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
          trainingId: template.itemTrainings?.[orderNum] ? must(trainingIds, template.itemTrainings[orderNum]) : null,
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
  const rows = await tx
    .insert(announcements)
    .values(
      ANNOUNCEMENTS.map((announcement) => ({
        title: announcement.title,
        description: announcement.description,
        createdBy: must(userIds, announcement.createdBy),
        requiresAck: announcement.acknowledgedBy !== undefined,
        createdAt: at(announcement.daysAgo),
        updatedAt: at(announcement.daysAgo),
      })),
    )
    .returning({ id: announcements.id, title: announcements.title });
  const idsByTitle = new Map(rows.map((row) => [row.title, row.id]));
  const acknowledgements = ANNOUNCEMENTS.flatMap((announcement) =>
    (announcement.acknowledgedBy ?? []).map((email) => ({
      announcementId: must(idsByTitle, announcement.title),
      userId: must(userIds, email),
      version: 1,
      acknowledgedAt: at(announcement.daysAgo - 1),
    })),
  );
  if (acknowledgements.length > 0) await tx.insert(announcementAcknowledgements).values(acknowledgements);
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
