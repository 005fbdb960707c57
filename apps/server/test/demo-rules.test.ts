import fs from 'node:fs';
import path from 'node:path';
import { type ChecklistValue, failureOf, itemsOf, valueSchemaFor } from '@brigade/core/checklist-items';
import { LATE_SUBMIT_HOURS, runStateOf } from '@brigade/core/checklist-runs';
import { clockTime, localDay, windowOf } from '@brigade/core/restaurant-time';
import { AnnouncementInput } from '@brigade/core/schemas/announcements';
import { AuditTemplateInput } from '@brigade/core/schemas/audit-templates';
import { ChecklistInput } from '@brigade/core/schemas/checklists';
import { QuizInput } from '@brigade/core/schemas/quizzes';
import { RestaurantInput } from '@brigade/core/schemas/restaurants';
import { CreateFirstAccount } from '@brigade/core/schemas/session';
import { CategoryInput, TrainingInput } from '@brigade/core/schemas/trainings';
import { SaveUser } from '@brigade/core/schemas/users';
import { type AuditMark, computeFinalScore, scoreQuiz } from '@brigade/core/scoring';
import { isTrainingComplete } from '@brigade/core/training-completion';
import { isNull } from 'drizzle-orm';
import { describe, expect, test } from 'vitest';
import type { z } from 'zod';
import * as schema from '../src/db/schema/index';
import { DEMO_PASSWORD } from '../src/demo/demo-chain';
import { DEMO_CHECKLIST_DAYS } from '../src/demo/demo-checklists';
import { loadDemoChainIfEmpty } from '../src/demo/load-demo';
import { ensureRuns } from '../src/modules/checklists/service';
import { LocalStorage } from '../src/storage/local-storage';
import { startTestApp } from './harness';

/**
 * The demo chain is what a newcomer sees first: everything in it must be something the
 * app itself could have produced. The chain is loaded as `npm run demo` loads it, then
 * read back and held to the rules the forms, the server and packages/core enforce.
 */
const t = await startTestApp();
const storage = new LocalStorage(t.dataDir);
const outcome = await loadDemoChainIfEmpty(t.db, t.app.auth, storage);
if (!outcome.loaded) throw new Error(outcome.message);

const db = t.db;
const [
  people,
  workplaces,
  restaurants,
  categories,
  trainings,
  videos,
  trainingCategories,
  progress,
  assignments,
  quizzes,
  quizOfTraining,
  questions,
  options,
  attempts,
  responses,
  templates,
  templateItems,
  audits,
  auditTemplates,
  auditItems,
  announcements,
  uploads,
] = await Promise.all([
  db.select().from(schema.users),
  db.select().from(schema.staffRestaurantAssignments),
  db.select().from(schema.restaurants),
  db.select().from(schema.trainingCategories),
  db.select().from(schema.trainings),
  db.select().from(schema.trainingVideos),
  db.select().from(schema.trainingCategoryAssignments),
  db.select().from(schema.trainingVideoProgress),
  db.select().from(schema.staffTrainingAssignments),
  db.select().from(schema.trainingQuizzes),
  db.select().from(schema.trainingQuizAssignments),
  db.select().from(schema.quizQuestions),
  db.select().from(schema.quizOptions),
  db.select().from(schema.quizAttempts),
  db.select().from(schema.quizResponses),
  db.select().from(schema.auditTemplates),
  db.select().from(schema.auditTemplateItems),
  db.select().from(schema.audits),
  db.select().from(schema.auditTemplateAssignments),
  db.select().from(schema.auditItems),
  db.select().from(schema.announcements),
  db.select().from(schema.uploads),
]);

/** The first account is the one the first-run screen makes; everyone else comes from the staff form. */
const FIRST_ACCOUNT = 'hq@example.com';

const byOrder = <Row extends { orderNum: number }>(rows: Row[]) => [...rows].sort((a, b) => a.orderNum - b.orderNum);
const personOf = (id: string | null) => people.find((person) => person.id === id);
const restaurantsOf = (userId: string) =>
  workplaces.filter((workplace) => workplace.userId === userId).map((workplace) => workplace.restaurantId);

/** The messages a schema gives for `input`, prefixed by what was checked; none when it passes. */
function problemsOf(what: string, zodSchema: z.ZodType, input: unknown): string[] {
  const result = zodSchema.safeParse(input);
  return result.success ? [] : result.error.issues.map((issue) => `${what}: ${issue.path.join('.')} ${issue.message}`);
}

describe('the demo chain obeys the rules the app enforces', () => {
  test('is the full demo: people, restaurants, trainings with videos, quizzes, attempts and audits', () => {
    expect(people.length).toBeGreaterThanOrEqual(10);
    expect(restaurants.length).toBeGreaterThanOrEqual(5);
    expect(videos.length).toBeGreaterThanOrEqual(5);
    expect(attempts.length).toBeGreaterThanOrEqual(5);
    expect(assignments.filter((assignment) => assignment.completedAt).length).toBeGreaterThanOrEqual(5);
    expect(audits.filter((audit) => audit.status === 'completed').length).toBeGreaterThanOrEqual(4);
  });

  test('every person could have been saved by the staff form with the demo password (the first account by the first-run form)', () => {
    const problems = people.flatMap((person) => {
      const what = person.email;
      const fields = { name: person.name, email: person.email, password: DEMO_PASSWORD };
      if (person.email === FIRST_ACCOUNT) {
        return [...problemsOf(what, CreateFirstAccount, fields), ...(person.role === 'hq' ? [] : [`${what}: not hq`])];
      }
      return problemsOf(what, SaveUser, {
        ...fields,
        role: person.role,
        selectedRestaurants: restaurantsOf(person.id),
      });
    });
    expect(problems).toEqual([]);
    // Stored as the schema leaves them: trimmed and lower-cased, so sign-in finds them.
    for (const person of people) expect(person.email).toBe(person.email.trim().toLowerCase());
  });

  test('every restaurant could have been saved by the restaurant form', () => {
    const problems = restaurants.flatMap((restaurant) => problemsOf(restaurant.name, RestaurantInput, restaurant));
    expect(problems).toEqual([]);
  });

  test('every category, training, quiz, audit template and announcement could have been saved by its form', () => {
    const problems = [
      ...categories.flatMap((category) => problemsOf(category.name, CategoryInput, category)),
      ...trainings.flatMap((training) =>
        problemsOf(training.title, TrainingInput, {
          title: training.title,
          description: training.description,
          categoryIds: trainingCategories.filter((row) => row.trainingId === training.id).map((row) => row.categoryId),
          quizId: quizOfTraining.find((row) => row.trainingId === training.id)?.quizId ?? null,
          videos: byOrder(videos.filter((video) => video.moduleId === training.id)).map((video) =>
            video.uploadId ? { id: video.id, uploadId: video.uploadId } : { id: video.id, url: video.videoUrl ?? '' },
          ),
        }),
      ),
      ...quizzes.flatMap((quiz) =>
        problemsOf(quiz.title, QuizInput, {
          title: quiz.title,
          description: quiz.description,
          passMark: quiz.passMark,
          questions: byOrder(questions.filter((question) => question.quizId === quiz.id)).map((question) => ({
            text: question.questionText,
            options: byOrder(options.filter((option) => option.questionId === question.id)).map((option) => ({
              text: option.optionText,
            })),
            correctIndex: question.correctOption,
          })),
        }),
      ),
      ...templates.flatMap((template) =>
        problemsOf(template.name, AuditTemplateInput, {
          name: template.name,
          description: template.description,
          items: byOrder(templateItems.filter((item) => item.templateId === template.id)).map((item) => ({
            id: item.id,
            text: item.itemText,
          })),
        }),
      ),
      ...announcements.flatMap((announcement) => problemsOf(announcement.title, AnnouncementInput, announcement)),
    ];
    expect(problems).toEqual([]);
  });

  test('every quiz question has exactly one correct option, the one its correct index names', () => {
    for (const question of questions) {
      const own = byOrder(options.filter((option) => option.questionId === question.id));
      expect(own.filter((option) => option.isCorrect).map((option) => option.orderNum)).toEqual([
        question.correctOption,
      ]);
    }
  });

  test('every training video is a file shipped with the demo and kept in file storage, not a link to the internet', () => {
    for (const video of videos) {
      expect(video.videoUrl, `video ${video.orderNum} of training ${video.moduleId}`).toBeNull();
      const upload = uploads.find((row) => row.id === video.uploadId);
      expect(upload?.contentType).toBe('video/mp4');
      // The bytes the upload row describes are in storage, as an uploaded file's would be.
      const stored = path.join(storage.root, upload?.storageKey ?? '');
      expect(fs.statSync(stored).size).toBe(upload?.size);
    }
  });

  test('every quiz attempt answers every question once and is scored by scoreQuiz against the pass mark', () => {
    for (const attempt of attempts) {
      const quiz = quizzes.find((row) => row.id === attempt.quizId);
      const quizQuestions = questions.filter((question) => question.quizId === attempt.quizId);
      const own = responses.filter((response) => response.attemptId === attempt.id);
      expect(own.map((response) => response.questionId).sort()).toEqual(
        quizQuestions.map((question) => question.id).sort(),
      );
      for (const response of own) {
        const question = quizQuestions.find((row) => row.id === response.questionId);
        const option = options.find((row) => row.id === response.selectedOptionId);
        expect(option?.questionId).toBe(response.questionId);
        expect(response.isCorrect).toBe(option?.isCorrect);
        expect(response.questionText).toBe(question?.questionText);
        expect(response.selectedOptionText).toBe(option?.optionText);
      }
      const correctCount = own.filter((response) => response.isCorrect).length;
      expect(attempt.questionCount).toBe(quizQuestions.length);
      expect(attempt.correctCount).toBe(correctCount);
      expect({ score: attempt.score, passed: attempt.passed }).toEqual(
        scoreQuiz(correctCount, quizQuestions.length, quiz?.passMark),
      );
      expect(attempt.startedAt.getTime()).toBeLessThanOrEqual(attempt.createdAt.getTime());
    }
  });

  test('every completed audit has all its items assessed and the score computeFinalScore gives; drafts have none', () => {
    for (const audit of audits) {
      const items = byOrder(auditItems.filter((item) => item.auditId === audit.id));
      const label = `audit of ${restaurants.find((row) => row.id === audit.restaurantId)?.name} (${audit.status})`;
      expect(items.length, label).toBeGreaterThan(0);
      if (audit.status === 'completed') {
        const assessed = items.filter((item) => item.mark !== null).length;
        expect(`${assessed} of ${items.length} assessed`, label).toBe(`${items.length} of ${items.length} assessed`);
        expect(audit.finalScore, label).toBe(computeFinalScore(items.map((item) => item.mark as AuditMark)));
      } else {
        expect(audit.finalScore, label).toBeNull();
      }
      // Auditors are active-at-the-time hq users (core §6); here, hq users.
      expect(personOf(audit.auditedBy)?.role, label).toBe('hq');
    }
  });

  test('every audit holds each of its templates’ items once, template by template in item order, with their text', () => {
    for (const audit of audits) {
      const used = auditTemplates.filter((row) => row.auditId === audit.id);
      const itemsOf = (row: (typeof used)[number]) =>
        byOrder(templateItems.filter((item) => item.templateId === row.templateId)).map((item) => ({
          templateItemId: item.id,
          templateName: row.templateName,
          itemText: item.itemText,
        }));
      const items = byOrder(auditItems.filter((item) => item.auditId === audit.id));
      // The templates follow each other in the order they were chosen (not stored), each one whole.
      const chosen = [...new Set(items.map((item) => item.templateName))];
      expect([...chosen].sort()).toEqual(used.map((row) => row.templateName).sort());
      const expected = chosen.flatMap((name) => used.filter((row) => row.templateName === name).flatMap(itemsOf));
      expect(
        items.map(({ templateItemId, templateName, itemText }) => ({ templateItemId, templateName, itemText })),
      ).toEqual(expected);
      expect(items.map((item) => item.orderNum)).toEqual(items.map((_, index) => index));
    }
  });

  test('trainings go to people the assigning screens offer, from someone allowed to assign them, due no earlier than assigned', () => {
    for (const assignment of assignments) {
      const person = personOf(assignment.staffId);
      const assigner = personOf(assignment.assignedBy);
      const label = `${person?.email} / ${trainings.find((row) => row.id === assignment.trainingId)?.title}`;
      // Assignable people: role staff (hq: staff or manager) with a restaurant.
      expect(['staff', 'manager'], label).toContain(person?.role);
      expect(restaurantsOf(assignment.staffId).length, label).toBeGreaterThan(0);
      if (assigner?.role === 'manager') {
        expect(person?.role, label).toBe('staff');
        const shared = restaurantsOf(assigner.id).filter((id) => restaurantsOf(assignment.staffId).includes(id));
        expect(shared.length, label).toBeGreaterThan(0);
      } else {
        expect(assigner?.role, label).toBe('hq');
      }
      if (assignment.dueAt)
        expect(assignment.dueAt.getTime(), label).toBeGreaterThanOrEqual(assignment.assignedAt.getTime());
      if (assignment.completedAt) {
        expect(assignment.completedAt.getTime(), label).toBeGreaterThanOrEqual(assignment.assignedAt.getTime());
      }
    }
  });

  test('a training is Completed exactly when every video is watched and its quiz, if any, passed, from that moment on', () => {
    const problems: string[] = [];
    for (const assignment of assignments) {
      const training = trainings.find((row) => row.id === assignment.trainingId);
      const label = `${personOf(assignment.staffId)?.email} / ${training?.title}`;
      const own = videos.filter((video) => video.moduleId === assignment.trainingId);
      const watched = progress.filter(
        (row) => row.staffId === assignment.staffId && own.some((video) => video.id === row.videoId),
      );
      const quizId = quizOfTraining.find((row) => row.trainingId === assignment.trainingId)?.quizId;
      const passes = attempts
        .filter((attempt) => attempt.staffId === assignment.staffId && attempt.quizId === quizId && attempt.passed)
        .map((attempt) => attempt.createdAt.getTime());
      const quizPassed = !quizId || passes.length > 0;
      const complete = isTrainingComplete({
        videos: { watched: watched.length, total: own.length },
        quizPassed: quizId ? passes.length > 0 : null,
      });
      const shown = assignment.completedAt ? 'Completed' : 'In Progress';
      const state = `${shown}, videos watched ${watched.length} of ${own.length}${quizId ? `, quiz ${quizPassed ? 'passed' : 'not passed'}` : ''}`;
      if (Boolean(assignment.completedAt) !== complete) problems.push(`${label}: ${state}`);
      if (assignment.completedAt && complete) {
        // Completed when the last condition was met: the last video, or the first pass.
        const metAt = Math.max(
          ...watched.map((row) => row.watchedAt.getTime()),
          passes.length ? Math.min(...passes) : 0,
        );
        if (assignment.completedAt.getTime() !== metAt)
          problems.push(`${label}: completed at another moment than ${state}`);
      }
    }
    expect(problems).toEqual([]);
  });
});

describe('the demo videos play without the internet', () => {
  test('staff opens a demo training and its first video streams from the server, with ranges for seeking', async () => {
    const { cookie } = await t.signIn('staff@example.com', DEMO_PASSWORD);
    const training = trainings.find((row) => row.title === 'Welcome to Brigade');
    const detail = await t.request(cookie, { method: 'GET', url: `/api/trainings/${training?.id}` });
    expect(detail.statusCode).toBe(200);
    const [first] = detail.json().videos as { src: string; kind: string; fileName: string }[];
    expect(first?.kind).toBe('upload');
    expect(first?.src).toMatch(/^\/api\/uploads\/[0-9a-f-]+\/content$/);

    const upload = uploads.find((row) => first?.src.includes(row.id));
    const head = await t.request(cookie, { method: 'GET', url: first?.src ?? '', headers: { range: 'bytes=0-99' } });
    expect(head.statusCode).toBe(206);
    expect(head.headers['content-type']).toBe('video/mp4');
    expect(head.headers['content-range']).toBe(`bytes 0-99/${upload?.size}`);
    expect(head.rawPayload).toHaveLength(100);
    // An MP4 starts with its file-type box, and faststart puts the index (moov) before the data.
    expect(head.rawPayload.subarray(4, 8).toString('latin1')).toBe('ftyp');
    expect(head.rawPayload.includes(Buffer.from('moov'))).toBe(true);

    const whole = await t.request(cookie, { method: 'GET', url: first?.src ?? '' });
    expect(whole.statusCode).toBe(200);
    expect(whole.rawPayload).toHaveLength(upload?.size ?? -1);
  });
});

describe('the demo shows the inspection loop (issue 19)', () => {
  test('open, overdue and resolved actions, each from a finding of a completed audit, with a history that matches', async () => {
    const [actions, events, owners] = await Promise.all([
      // The audits' actions; the checklists' failures have theirs (issue 33, below).
      db.select().from(schema.correctiveActions).where(isNull(schema.correctiveActions.checklistRunId)),
      db.select().from(schema.correctiveActionEvents),
      db.select().from(schema.correctiveActionOwners),
    ]);
    const today = new Date().toISOString().slice(0, 10);
    const open = actions.filter((action) => action.status === 'open');
    expect(open.filter((action) => action.dueOn < today).length).toBeGreaterThan(0);
    expect(open.filter((action) => action.dueOn >= today).length).toBeGreaterThan(0);
    expect(actions.filter((action) => action.status === 'resolved').length).toBeGreaterThan(0);
    const completedIds = new Set(audits.filter((audit) => audit.status === 'completed').map((audit) => audit.id));
    const problems: string[] = [];
    for (const action of actions) {
      const item = auditItems.find((row) => row.id === action.auditItemId);
      if (!item || !completedIds.has(item.auditId)) problems.push(`${action.itemText}: not from a completed audit`);
      if (item && (item.itemText !== action.itemText || item.mark !== action.mark)) {
        problems.push(`${action.itemText}: text or mark differs from its item`);
      }
      const history = events
        .filter((event) => event.actionId === action.id)
        .sort((a, b) => a.at.getTime() - b.at.getTime());
      if (history[0]?.kind !== 'created') problems.push(`${action.itemText}: history does not start with created`);
      const last = [...history].reverse().find((event) => event.kind === 'resolved' || event.kind === 'reopened');
      if ((last?.kind === 'resolved') !== (action.status === 'resolved')) {
        problems.push(`${action.itemText}: status ${action.status} but last change ${last?.kind ?? 'none'}`);
      }
      if (!owners.some((owner) => owner.actionId === action.id)) problems.push(`${action.itemText}: no owner`);
    }
    expect(problems).toEqual([]);
    // Findings marked Bad or Needs improvement on completed audits each have their action.
    const findings = auditItems.filter(
      (item) => completedIds.has(item.auditId) && (item.mark === 'bad' || item.mark === 'needs_improvement'),
    );
    expect(findings.every((item) => actions.some((action) => action.auditItemId === item.id))).toBe(true);
  });
});

// Issue 33: the checklists' templates, records, corrections and actions, read once.
const [checklists, versions, windows, runs, values, corrections, dayCounts, actions, owners, events, photos, marker] =
  await Promise.all([
    db.select().from(schema.checklists),
    db.select().from(schema.checklistVersions),
    db.select().from(schema.checklistWindows),
    db.select().from(schema.checklistRuns),
    db.select().from(schema.checklistValues),
    db.select().from(schema.checklistCorrections),
    db.select().from(schema.checklistDayCounts),
    db.select().from(schema.correctiveActions),
    db.select().from(schema.correctiveActionOwners),
    db.select().from(schema.correctiveActionEvents),
    db.select().from(schema.photos),
    db.select().from(schema.appMeta),
  ]);
/** The moment the demo was loaded: its "now". */
const loadedAt = new Date(marker.find((row) => row.key === 'demo_loaded')?.value ?? Number.NaN);
const active = restaurants.filter((restaurant) => restaurant.isActive);
const versionOf = (run: (typeof runs)[number]) => versions.find((version) => version.id === run.versionId);
const itemOf = (run: (typeof runs)[number], itemId: string) =>
  itemsOf(versionOf(run)?.content ?? { sections: [] }).find((item) => item.id === itemId);
const restaurantOf = (id: string) => restaurants.find((restaurant) => restaurant.id === id);
const managersOf = (restaurantId: string) =>
  people
    .filter((person) => person.role === 'manager' && person.isActive && restaurantsOf(person.id).includes(restaurantId))
    .map((person) => person.id);
const closed = runs.filter((run) => run.closesAt.getTime() <= loadedAt.getTime());
const stateOf = (run: (typeof runs)[number]) =>
  runStateOf({ ...run, status: run.status as 'open' | 'submitted' | 'missed' }, loadedAt);
const daysBefore = (day: string, days: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) - days * 86_400_000).toISOString().slice(0, 10);

describe('the demo keeps checklists on the clock (issue 33)', () => {
  test('three chain templates for all restaurants, each one the template form could have saved', () => {
    const window = (start: string, end: string) => ({ weekdays: [1, 2, 3, 4, 5, 6, 7], start, end });
    const expected: Record<string, { start: string; end: string }[]> = {
      'Opening checklist': [window('06:00', '09:00')],
      'Temperature log': [
        window('08:00', '09:00'),
        window('12:00', '13:00'),
        window('16:00', '17:00'),
        window('20:00', '21:00'),
      ],
      'Closing checklist': [window('22:00', '00:30')],
    };
    expect(checklists.map((checklist) => checklist.name).sort()).toEqual(Object.keys(expected).sort());
    const problems = checklists.flatMap((checklist) => {
      const version = versions.find((row) => row.id === checklist.currentVersionId);
      const own = windows
        .filter((row) => row.checklistId === checklist.id)
        .sort((a, b) => a.startsAt - b.startsAt)
        .map((row) => ({
          weekdays: row.weekdays,
          start: clockTime(row.startsAt),
          end: clockTime(row.startsAt + row.minutes),
        }));
      expect(own, checklist.name).toEqual(expected[checklist.name]);
      expect(version?.itemCount, checklist.name).toBe(itemsOf(version?.content ?? { sections: [] }).length);
      expect({
        restaurantId: checklist.restaurantId,
        allRestaurants: checklist.allRestaurants,
        isActive: checklist.isActive,
      }).toEqual({ restaurantId: null, allRestaurants: true, isActive: true });
      return problemsOf(checklist.name, ChecklistInput, {
        name: checklist.name,
        restaurantId: null,
        allRestaurants: checklist.allRestaurants,
        locked: checklist.locked,
        content: version?.content,
        windows: own,
      });
    });
    expect(problems).toEqual([]);
    // The temperatures have their ranges and say what to do when one is out of range.
    const temperatures = versions
      .flatMap((version) => itemsOf(version.content))
      .filter((item) => item.kind === 'temperature');
    expect(temperatures.map((item) => [item.label, item.min, item.max])).toEqual(
      expect.arrayContaining([
        ['Walk-in cooler', 0, 4],
        ['Freezer', -25, -18],
        ['Hot holding cabinet', 63, null],
      ]),
    );
    expect(temperatures.every((item) => item.failInstruction && item.failNeedsNote)).toBe(true);
    expect(temperatures.some((item) => item.failNeedsPhoto)).toBe(true);
  });

  test(`every active restaurant has one record of every window on each of the last ${DEMO_CHECKLIST_DAYS} days and today, in its own zone`, () => {
    expect(new Set(active.map((restaurant) => restaurant.timeZone)).size).toBeGreaterThan(1);
    const problems: string[] = [];
    for (const restaurant of active) {
      const today = localDay(loadedAt, restaurant.timeZone);
      for (let back = 0; back <= DEMO_CHECKLIST_DAYS; back += 1) {
        const day = daysBefore(today, back);
        for (const window of windows) {
          const found = runs.filter(
            (run) => run.windowId === window.id && run.restaurantId === restaurant.id && run.localDay === day,
          );
          const expected = windowOf(day, window.startsAt, window.minutes, restaurant.timeZone);
          const label = `${restaurant.name} ${day} ${clockTime(window.startsAt)}`;
          if (found.length !== 1) problems.push(`${label}: ${found.length} records`);
          else if (
            found[0]?.opensAt.getTime() !== expected.opensAt.getTime() ||
            found[0]?.closesAt.getTime() !== expected.closesAt.getTime()
          ) {
            problems.push(`${label}: opens ${found[0]?.opensAt.toISOString()}, not ${expected.opensAt.toISOString()}`);
          }
        }
      }
    }
    expect(problems).toEqual([]);
    expect(runs).toHaveLength(active.length * (DEMO_CHECKLIST_DAYS + 1) * windows.length);
    // The same local window opens at different instants where the zone differs (London an hour later).
    // Amsterdam's yesterday: London has it at any hour (in Amsterdam's first hour, London's today is still that day).
    const bothHave = daysBefore(localDay(loadedAt, 'Europe/Amsterdam'), 1);
    const openings = new Set(
      runs.filter((run) => run.localDay === bothHave && run.startsAt === 360).map((run) => run.opensAt.getTime()),
    );
    expect(openings.size).toBeGreaterThan(1);
    for (const run of runs) {
      const checklist = checklists.find((row) => row.id === run.checklistId);
      expect(run.versionId).toBe(checklist?.currentVersionId);
    }
  });

  test('the records are the ones ensureRuns makes: run again at the load, it makes, moves and drops nothing', async () => {
    const back = Array.from({ length: DEMO_CHECKLIST_DAYS + 1 }, (_, days) => -days);
    expect(await ensureRuns(db, { now: loadedAt, dayOffsets: back })).toEqual({ made: 0, moved: 0, dropped: 0 });
  });

  test("today's windows are live: those not closed when the demo loaded are open and empty", () => {
    const live = runs.filter((run) => run.closesAt.getTime() > loadedAt.getTime());
    expect(live.length).toBeGreaterThan(0);
    for (const run of live) {
      expect(run.status).toBe('open');
      expect(values.filter((value) => value.runId === run.id)).toEqual([]);
      expect(run.openNotified).toBe(run.opensAt.getTime() <= loadedAt.getTime());
    }
    // Each active restaurant has records for its today, made from the current time.
    for (const restaurant of active) {
      const today = localDay(loadedAt, restaurant.timeZone);
      expect(runs.filter((run) => run.restaurantId === restaurant.id && run.localDay === today)).toHaveLength(
        windows.length,
      );
    }
    // Nothing closed is left open: the missed-window job finds nothing of the history to do.
    expect(closed.filter((run) => run.status === 'open')).toEqual([]);
  });

  test('the history is mostly on time, with some late, a few missed, failures and two corrections', () => {
    const count = (state: string) => closed.filter((run) => stateOf(run) === state).length;
    expect(count('done') / closed.length).toBeGreaterThan(0.75);
    expect(count('late')).toBeGreaterThanOrEqual(5);
    expect(count('missed')).toBeGreaterThanOrEqual(3);
    expect(count('missed')).toBeLessThan(count('late'));
    expect(closed.filter((run) => run.failures > 0).length).toBeGreaterThanOrEqual(4);
    expect(corrections).toHaveLength(2);
    for (const run of closed) {
      const label = `${restaurantOf(run.restaurantId)?.name} ${run.localDay} ${clockTime(run.startsAt)}`;
      if (run.status === 'missed') {
        expect(run.submittedAt, label).toBeNull();
        continue;
      }
      const submittedAt = run.submittedAt?.getTime() ?? Number.NaN;
      expect(submittedAt, label).toBeGreaterThan(run.opensAt.getTime());
      expect(submittedAt, label).toBeLessThanOrEqual(loadedAt.getTime());
      // Late is allowed until a day after the window closed.
      expect(submittedAt, label).toBeLessThan(run.closesAt.getTime() + LATE_SUBMIT_HOURS * 3_600_000);
    }
  });

  test('every submitted record holds a valid value of each item, entered before the submit by someone of its restaurant', () => {
    const problems: string[] = [];
    for (const run of runs) {
      const label = `${restaurantOf(run.restaurantId)?.name} ${run.localDay} ${clockTime(run.startsAt)}`;
      const own = values.filter((value) => value.runId === run.id);
      if (run.status !== 'submitted') {
        if (own.length) problems.push(`${label}: ${run.status} with values`);
        continue;
      }
      const items = itemsOf(versionOf(run)?.content ?? { sections: [] });
      if (
        own
          .map((value) => value.itemId)
          .sort()
          .join() !==
        items
          .map((item) => item.id)
          .sort()
          .join()
      ) {
        problems.push(`${label}: values ${own.map((value) => value.itemId).join()}`);
      }
      const submitter = people.find((person) => person.id === run.submittedBy);
      if (!submitter?.isActive || submitter.role === 'hq' || !restaurantsOf(submitter.id).includes(run.restaurantId)) {
        problems.push(`${label}: submitted by ${submitter?.email ?? 'nobody'}`);
      }
      for (const value of own) {
        const item = itemOf(run, value.itemId);
        if (!item) continue;
        const what = `${label} ${item.label}`;
        const parsed = valueSchemaFor(item).safeParse(value.value);
        if (!parsed.success || value.value === null)
          problems.push(`${what}: ${JSON.stringify(value.value)} is not a value`);
        if (value.failed !== failureOf(item, value.value as ChecklistValue))
          problems.push(`${what}: failed ${value.failed}`);
        if (value.failed && item.failNeedsNote && !value.note) problems.push(`${what}: failed without a note`);
        const photographed = photos.some(
          (photo) => photo.checklistRunId === run.id && photo.checklistItemId === item.id,
        );
        if (value.failed && item.failNeedsPhoto && !photographed) problems.push(`${what}: failed without a photo`);
        if (value.enteredBy !== run.submittedBy) problems.push(`${what}: entered by someone else`);
        const received = value.receivedAt.getTime();
        if (received < run.opensAt.getTime() || received > (run.submittedAt?.getTime() ?? 0)) {
          problems.push(`${what}: received ${value.receivedAt.toISOString()}`);
        }
      }
      if (run.failures !== own.filter((value) => value.failed).length)
        problems.push(`${label}: failures ${run.failures}`);
    }
    expect(problems).toEqual([]);
  });

  test("every failure opened a corrective action owned by its restaurant's managers, the older ones resolved", () => {
    const failed = values.filter((value) => value.failed);
    const fromChecklists = actions.filter((action) => action.checklistRunId !== null);
    expect(fromChecklists).toHaveLength(failed.length);
    const problems: string[] = [];
    for (const value of failed) {
      const run = runs.find((row) => row.id === value.runId);
      const item = run && itemOf(run, value.itemId);
      const action = fromChecklists.find(
        (row) => row.checklistRunId === value.runId && row.checklistItemId === value.itemId,
      );
      const label = `${item?.label} at ${run && restaurantOf(run.restaurantId)?.name} ${run?.localDay}`;
      if (!run || !item || !action) {
        problems.push(`${label}: no action`);
        continue;
      }
      if (action.restaurantId !== run.restaurantId || action.itemText !== item.label)
        problems.push(`${label}: action differs`);
      if (!action.comment?.includes(String(value.value)) || !action.comment.includes(item.failInstruction ?? '')) {
        problems.push(`${label}: the action does not show the value and the instruction`);
      }
      const ownerIds = owners
        .filter((owner) => owner.actionId === action.id)
        .map((owner) => owner.userId)
        .sort();
      if (ownerIds.length === 0 || ownerIds.join() !== managersOf(run.restaurantId).sort().join()) {
        problems.push(`${label}: owners ${ownerIds.join()}`);
      }
      const history = events
        .filter((event) => event.actionId === action.id)
        .sort((a, b) => a.at.getTime() - b.at.getTime());
      const kinds = history.map((event) => event.kind).join();
      if (kinds !== (action.status === 'resolved' ? 'created,resolved' : 'created'))
        problems.push(`${label}: history ${kinds}`);
      if (action.createdAt.getTime() !== run.submittedAt?.getTime())
        problems.push(`${label}: made at another moment than the submit`);
      if (action.resolvedAt && action.resolvedAt.getTime() > loadedAt.getTime())
        problems.push(`${label}: resolved in the future`);
    }
    expect(problems).toEqual([]);
    expect(fromChecklists.filter((action) => action.status === 'resolved').length).toBeGreaterThan(0);
    expect(fromChecklists.filter((action) => action.status === 'open').length).toBeGreaterThan(0);
  });

  test('each correction keeps the original beside a valid new value, with a reason, by a manager of the restaurant after the submit', () => {
    for (const correction of corrections) {
      const run = runs.find((row) => row.id === correction.runId);
      const item = run && itemOf(run, correction.itemId);
      const original = values.find((value) => value.runId === correction.runId && value.itemId === correction.itemId);
      expect(run?.status).toBe('submitted');
      if (!run || !item || !original) throw new Error('a correction of nothing');
      expect(valueSchemaFor(item).safeParse(correction.value).success).toBe(true);
      expect(correction.failed).toBe(failureOf(item, correction.value as ChecklistValue));
      expect(correction.value).not.toEqual(original.value);
      expect(correction.reason.trim().length).toBeGreaterThan(10);
      expect(managersOf(run.restaurantId)).toContain(correction.correctedBy);
      expect(correction.correctedAt.getTime()).toBeGreaterThan(run.submittedAt?.getTime() ?? Number.NaN);
      expect(correction.correctedAt.getTime()).toBeLessThanOrEqual(loadedAt.getTime());
    }
  });

  test("the day counters agree with the records (the triggers' work)", () => {
    const key = (restaurantId: string, day: string) => `${restaurantId}|${day}`;
    const expected = new Map<string, { total: number; onTime: number; late: number; missed: number; failed: number }>();
    for (const run of runs) {
      const counts = expected.get(key(run.restaurantId, run.localDay)) ?? {
        total: 0,
        onTime: 0,
        late: 0,
        missed: 0,
        failed: 0,
      };
      const state = run.status === 'open' ? 'open' : stateOf(run);
      counts.total += 1;
      if (state === 'done') counts.onTime += 1;
      if (state === 'late') counts.late += 1;
      if (state === 'missed') counts.missed += 1;
      if (run.status === 'submitted' && run.failures > 0) counts.failed += 1;
      expected.set(key(run.restaurantId, run.localDay), counts);
    }
    const stored = new Map(
      dayCounts.map((row) => [
        key(row.restaurantId, row.localDay),
        { total: row.total, onTime: row.onTime, late: row.late, missed: row.missed, failed: row.failed },
      ]),
    );
    expect(stored).toEqual(expected);
  });
});
