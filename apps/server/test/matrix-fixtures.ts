import { randomUUID } from 'node:crypto';
import type { Announcement } from '@brigade/core/schemas/announcements';
import type { AuditTemplateDetail } from '@brigade/core/schemas/audit-templates';
import type { AuditDetail } from '@brigade/core/schemas/audits';
import type { QuizDetail, QuizForTaker } from '@brigade/core/schemas/quizzes';
import type { TrainingCategory, TrainingDetail, Upload } from '@brigade/core/schemas/trainings';
import { and, eq } from 'drizzle-orm';
import type { HTTPMethods } from 'fastify';
import { staffTrainingAssignments } from '../src/db/schema/training-assignments';
import { checklistRunFixtures } from './checklist-matrix-fixtures';
import { PASSWORD, PUBLIC_URL, type startTestApp } from './harness';
import { softwareAuthenticator } from './passkey-authenticator';
import { photoFixtures } from './photo-matrix-fixtures';
import type { Caller, RouteExample } from './route-example';
import { sensorFixtures } from './sensor-matrix-fixtures';
import { videoBytes } from './video-bytes';

type TestApp = Awaited<ReturnType<typeof startTestApp>>;

/**
 * Restaurants A and B, a caller of each role in A (and staff in B), a training with a
 * video and a quiz, an audit template, an audit in each restaurant, an upload and an
 * assignment for staff of each restaurant; and a valid call of every route that needs
 * parameters or a body, keyed like the OpenAPI document ("METHOD /path/{param}").
 */
export async function buildMatrixFixtures(t: TestApp) {
  const a = await t.buildRestaurant({ name: 'Brigade Utrecht' });
  const b = await t.buildRestaurant({ name: 'Brigade Rotterdam' });
  const hq = await t.signedIn('hq');
  const manager = await t.signedIn('manager', { restaurantIds: [a.id] });
  const staff = await t.signedIn('staff', { restaurantIds: [a.id] });
  const staffOfB = await t.buildUser('staff', { restaurantIds: [b.id] });

  const callers: Caller[] = [
    { label: 'signed out', role: null, cookie: undefined, email: 'nobody@example.com' },
    { label: 'staff', role: 'staff', cookie: staff.cookie, email: staff.email },
    { label: 'manager', role: 'manager', cookie: manager.cookie, email: manager.email },
    { label: 'hq', role: 'hq', cookie: hq.cookie, email: hq.email },
  ];

  /** A request as hq that must succeed: how the fixtures are made. */
  async function asHq<T>(method: HTTPMethods, url: string, payload?: object): Promise<T> {
    const response = await t.request(hq.cookie, { method, url, payload });
    if (response.statusCode >= 300)
      throw new Error(`fixture ${method} ${url}: ${response.statusCode} ${response.body}`);
    return response.json() as T;
  }

  let sequence = 0;
  const unique = (word: string) => `${word} ${++sequence}`;

  const restaurantBody = () => ({
    name: unique('Brigade'),
    city: 'Utrecht',
    country: 'Netherlands',
    address: 'Oudegracht 1',
  });
  const staffBody = (restaurantId: string) => ({
    name: unique('New staff'),
    email: `new-staff-${++sequence}@example.com`,
    password: PASSWORD,
    role: 'staff',
    selectedRestaurants: [restaurantId],
  });
  const templateBody = () => ({ name: unique('Kitchen check'), items: [{ text: 'Floors are clean' }] });
  const quizBody = () => ({
    title: unique('Hygiene quiz'),
    passMark: 50,
    questions: [{ text: 'Wash hands before service?', options: [{ text: 'Yes' }, { text: 'No' }], correctIndex: 0 }],
  });
  const identityProviderBody = () => ({
    name: unique('Contoso'),
    issuer: 'https://login.example.com/tenant/v2.0',
    clientId: 'brigade',
    clientSecret: 'a-client-secret',
    allowedDomains: ['contoso.example'],
    jit: false,
    groupRoles: [],
    passwordSignIn: true,
    enabled: true,
  });
  const announcementBody = () => ({ title: unique('Notice'), description: 'The kitchen closes early on Friday.' });

  const category = await asHq<TrainingCategory>('POST', '/api/training-categories', { name: 'Safety' });
  const trainingBody = (quizId: string | null = null) => ({
    title: unique('Fryer safety'),
    categoryIds: [category.id],
    quizId,
    videos: [{ url: 'https://videos.example.com/fryer.mp4' }],
  });

  const newTemplate = () => asHq<AuditTemplateDetail>('POST', '/api/audit-templates', templateBody());
  const newQuiz = () => asHq<QuizDetail>('POST', '/api/quizzes', quizBody());
  const newTraining = (quizId: string | null = null) =>
    asHq<TrainingDetail>('POST', '/api/trainings', trainingBody(quizId));
  const newAnnouncement = () => asHq<Announcement>('POST', '/api/announcements', announcementBody());
  const newAckAnnouncement = () =>
    asHq<Announcement>('POST', '/api/announcements', { ...announcementBody(), requiresAck: true });
  const newStaff = (restaurantId: string) => t.buildUser('staff', { restaurantIds: [restaurantId] });
  const template = await newTemplate();
  const scheduleBody = () => ({
    name: unique('Weekly check'),
    templateIds: [template.id],
    allRestaurants: true,
    restaurantIds: [],
    cadence: 'weekly',
    startsOn: '2026-01-05',
  });
  const newSchedule = () => asHq<{ id: string }>('POST', '/api/audit-schedules', scheduleBody());
  /** A due entry of the restaurant (a schedule for all restaurants makes one at each). */
  async function dueEntryOf(restaurantId: string) {
    await newSchedule();
    const page = await asHq<{ items: { id: string }[] }>('GET', `/api/audit-due?restaurantId=${restaurantId}`);
    const entry = page.items[0];
    if (!entry) throw new Error('fixture: no due entry');
    return entry.id;
  }
  /** Issue 33: a checklist body; `restaurantId` null is a chain template for every restaurant. */
  const checklistBody = (restaurantId: string | null) => ({
    name: unique('Fridge check'),
    restaurantId,
    content: {
      sections: [
        {
          id: randomUUID(),
          title: 'Fridge',
          items: [{ id: randomUUID(), label: 'Fridge at 7 °C or below', kind: 'tick' }],
        },
      ],
    },
    windows: [{ weekdays: [1, 2, 3, 4, 5, 6, 7], start: '08:00', end: '09:00' }],
  });
  const newChecklist = (restaurantId: string | null) =>
    asHq<{ id: string }>('POST', '/api/checklists', checklistBody(restaurantId));
  async function newAudit(restaurantId: string) {
    const { id } = await asHq<{ id: string }>('POST', '/api/audits', {
      restaurantId,
      templateIds: [template.id],
      auditorId: hq.id,
    });
    return asHq<AuditDetail>('GET', `/api/audits/${id}`);
  }
  /** Every item of the audit marked good, at the version read. */
  const markedGood = (audit: AuditDetail) => ({
    version: audit.version,
    items: audit.items.map((item) => ({ id: item.id, mark: 'good', comment: null })),
  });
  /** Managers and staff read an audit only once it is completed (a draft is hq's alone). */
  async function completedAudit(restaurantId: string) {
    const audit = await newAudit(restaurantId);
    return asHq<AuditDetail>('POST', `/api/audits/${audit.id}/submit`, markedGood(audit));
  }
  async function assign(trainingId: string, staffId: string) {
    await asHq('POST', '/api/training-assignments', { trainingIds: [trainingId], staffIds: [staffId] });
    const [row] = await t.db
      .select({ id: staffTrainingAssignments.id })
      .from(staffTrainingAssignments)
      .where(and(eq(staffTrainingAssignments.trainingId, trainingId), eq(staffTrainingAssignments.staffId, staffId)));
    if (!row) throw new Error('assignment not made');
    return row.id;
  }
  const newAssignment = async (staffId: string) => assign((await newTraining()).id, staffId);

  const quiz = await newQuiz();
  const training = await newTraining(quiz.id);
  const video = training.videos[0];
  if (!video) throw new Error('training without its video');
  const quizToTake = await asHq<QuizForTaker>('GET', `/api/trainings/${training.id}/quiz`);
  const answers = quizToTake.questions.map((question) => ({
    questionId: question.id,
    optionId: question.options[0]?.id,
  }));
  const auditOfA = await completedAudit(a.id);
  const auditOfB = await completedAudit(b.id);
  const assignmentOfA = await assign(training.id, staff.id);
  const assignmentOfB = await assign(training.id, staffOfB.id);
  const videoFile = multipart('clip.mp4', 'video/mp4', videoBytes(1024));
  const upload = await t
    .request(hq.cookie, {
      method: 'POST',
      url: '/api/uploads',
      payload: videoFile.payload,
      headers: { 'content-type': videoFile.contentType },
    })
    .then((response) => response.json() as Upload);

  const photoExamples = await photoFixtures(t, { a: a.id, b: b.id, newAudit, markedGood, asHq, hqCookie: hq.cookie });
  const checklistRunExamples = await checklistRunFixtures(t, { a: a.id, b: b.id, hqCookie: hq.cookie });
  const sensorExamples = await sensorFixtures(t, { a: a.id, b: b.id, hqCookie: hq.cookie });
  /** A fresh open action on the first item of a completed audit (issue 19). */
  const newAction = async (audit: AuditDetail) =>
    asHq<{ id: string }>('POST', '/api/actions', { auditItemId: audit.items[0]?.id });
  const resolvedAction = async (audit: AuditDetail) => {
    const { id } = await newAction(audit);
    await asHq('POST', `/api/actions/${id}/resolve`, { note: 'Fixed', version: 1 });
    return id;
  };
  const actionOfA = await newAction(auditOfA);
  const actionOfB = await newAction(auditOfB);
  /** A fresh open training suggestion of the restaurant: a Bad finding on an item linked to the training (issue 20). */
  const linkedTemplate = await asHq<AuditTemplateDetail>('POST', '/api/audit-templates', {
    name: unique('Hand wash check'),
    items: [{ text: 'Hand wash stocked', trainingId: training.id }],
  });
  async function newSuggestion(restaurantId: string) {
    const { id } = await asHq<{ id: string }>('POST', '/api/audits', {
      restaurantId,
      templateIds: [linkedTemplate.id],
      auditorId: hq.id,
    });
    const audit = await asHq<AuditDetail>('GET', `/api/audits/${id}`);
    const submitted = await asHq<AuditDetail>('POST', `/api/audits/${id}/submit`, {
      version: audit.version,
      items: audit.items.map((item) => ({ id: item.id, mark: 'bad', comment: null })),
    });
    const suggestion = submitted.items[0]?.trainingSuggestion;
    if (!suggestion) throw new Error('fixture: no suggestion made');
    return suggestion.id;
  }

  const examples: Record<string, RouteExample> = {
    ...photoExamples,
    ...checklistRunExamples,
    ...sensorExamples,
    // Single sign-on (issue 36): hq's identity providers; adding one does not contact it.
    'POST /api/identity-providers': { call: () => ({ body: identityProviderBody() }) },
    'PUT /api/identity-providers/{id}': {
      call: async () => ({
        params: { id: (await asHq<{ id: string }>('POST', '/api/identity-providers', identityProviderBody())).id },
        body: { ...identityProviderBody(), clientSecret: undefined },
      }),
    },
    'DELETE /api/identity-providers/{id}': {
      call: async () => ({
        params: { id: (await asHq<{ id: string }>('POST', '/api/identity-providers', identityProviderBody())).id },
      }),
    },
    'PUT /api/profile': { call: (caller) => ({ body: { name: `${caller.label} caller`, email: caller.email } }) },

    'GET /api/restaurants/{id}': {
      call: () => ({ params: { id: a.id } }),
      otherRestaurant: [() => ({ params: { id: b.id } })],
    },
    'POST /api/restaurants': { call: () => ({ body: restaurantBody() }) },
    'PUT /api/restaurants/{id}': {
      call: async () => ({ params: { id: (await t.buildRestaurant()).id }, body: restaurantBody() }),
    },
    'PATCH /api/restaurants/{id}/active': {
      call: async () => ({ params: { id: (await t.buildRestaurant()).id }, body: { isActive: false } }),
    },
    'DELETE /api/restaurants/{id}': { call: async () => ({ params: { id: (await t.buildRestaurant()).id } }) },

    'GET /api/users': {
      call: () => ({ query: { restaurantId: a.id } }),
      otherRestaurant: [() => ({ query: { restaurantId: b.id } })],
    },
    'GET /api/users/export.csv': {
      call: () => ({ query: { restaurantId: a.id } }),
      otherRestaurant: [() => ({ query: { restaurantId: b.id } })],
    },
    'POST /api/users': {
      call: () => ({ body: staffBody(a.id) }),
      otherRestaurant: [
        () => ({ body: staffBody(b.id) }),
        // Moving restaurant B's staff member into A.
        () => ({
          body: { id: staffOfB.id, name: 'Poached', email: staffOfB.email, role: 'staff', selectedRestaurants: [a.id] },
        }),
      ],
    },
    'PATCH /api/users/{id}/active': {
      call: async () => ({ params: { id: (await newStaff(a.id)).id }, body: { isActive: false } }),
      otherRestaurant: [async () => ({ params: { id: (await newStaff(b.id)).id }, body: { isActive: false } })],
    },
    'DELETE /api/users/{id}': {
      call: async () => ({ params: { id: (await newStaff(a.id)).id } }),
      otherRestaurant: [async () => ({ params: { id: (await newStaff(b.id)).id } })],
    },

    'GET /api/audit-templates/{id}': { call: () => ({ params: { id: template.id } }) },
    'POST /api/audit-templates': { call: () => ({ body: templateBody() }) },
    'PUT /api/audit-templates/{id}': {
      call: async () => ({ params: { id: (await newTemplate()).id }, body: templateBody() }),
    },
    'DELETE /api/audit-templates/{id}': { call: async () => ({ params: { id: (await newTemplate()).id } }) },

    'GET /api/audit-schedules/{id}': { call: async () => ({ params: { id: (await newSchedule()).id } }) },
    'POST /api/audit-schedules': { call: () => ({ body: scheduleBody() }) },
    'PUT /api/audit-schedules/{id}': {
      call: async () => ({ params: { id: (await newSchedule()).id }, body: scheduleBody() }),
    },
    'PUT /api/audit-schedules/{id}/active': {
      call: async () => ({ params: { id: (await newSchedule()).id }, body: { isActive: false } }),
    },
    'DELETE /api/audit-schedules/{id}': { call: async () => ({ params: { id: (await newSchedule()).id } }) },
    'POST /api/audit-due/refresh': { call: () => ({ body: {} }) },
    'GET /api/audit-due': {
      call: () => ({ query: { restaurantId: a.id } }),
      otherRestaurant: [() => ({ query: { restaurantId: b.id } })],
    },
    'GET /api/audit-due/{id}': {
      call: async () => ({ params: { id: await dueEntryOf(a.id) } }),
      otherRestaurant: [async () => ({ params: { id: await dueEntryOf(b.id) } })],
    },

    'GET /api/checklists': {
      call: () => ({ query: { restaurantId: a.id } }),
      otherRestaurant: [() => ({ query: { restaurantId: b.id } })],
    },
    'GET /api/checklists/{id}': {
      call: async () => ({ params: { id: (await newChecklist(a.id)).id } }),
      otherRestaurant: [async () => ({ params: { id: (await newChecklist(b.id)).id } })],
    },
    'POST /api/checklists': {
      call: () => ({ body: checklistBody(a.id) }),
      otherRestaurant: [() => ({ body: checklistBody(b.id) })],
    },
    'PUT /api/checklists/{id}': {
      call: async () => ({ params: { id: (await newChecklist(a.id)).id }, body: checklistBody(a.id) }),
      otherRestaurant: [async () => ({ params: { id: (await newChecklist(b.id)).id }, body: checklistBody(b.id) })],
    },
    'PUT /api/checklists/{id}/active': {
      call: async () => ({ params: { id: (await newChecklist(a.id)).id }, body: { isActive: false } }),
      otherRestaurant: [async () => ({ params: { id: (await newChecklist(b.id)).id }, body: { isActive: false } })],
    },
    'DELETE /api/checklists/{id}': {
      call: async () => ({ params: { id: (await newChecklist(a.id)).id } }),
      otherRestaurant: [async () => ({ params: { id: (await newChecklist(b.id)).id } })],
    },
    // An unlocked chain template for every restaurant, switched off or copied at A (or B).
    'PUT /api/checklists/{id}/opt-out': {
      call: async () => ({
        params: { id: (await newChecklist(null)).id },
        body: { restaurantId: a.id, optedOut: true },
      }),
      otherRestaurant: [
        async () => ({ params: { id: (await newChecklist(null)).id }, body: { restaurantId: b.id, optedOut: true } }),
      ],
    },
    'POST /api/checklists/{id}/copy': {
      call: async () => ({ params: { id: (await newChecklist(null)).id }, body: { restaurantId: a.id } }),
      otherRestaurant: [async () => ({ params: { id: (await newChecklist(null)).id }, body: { restaurantId: b.id } })],
    },

    'GET /api/audits': {
      call: () => ({ query: { restaurantId: a.id } }),
      otherRestaurant: [() => ({ query: { restaurantId: b.id } })],
    },
    'GET /api/audits/export.csv': {
      call: () => ({ query: { restaurantId: a.id } }),
      otherRestaurant: [() => ({ query: { restaurantId: b.id } })],
    },
    'POST /api/audits': {
      call: () => ({ body: { restaurantId: a.id, templateIds: [template.id], auditorId: hq.id } }),
    },
    'GET /api/audits/{id}': {
      call: () => ({ params: { id: auditOfA.id } }),
      otherRestaurant: [() => ({ params: { id: auditOfB.id } })],
    },
    'GET /api/audits/{id}/report.pdf': {
      call: () => ({ params: { id: auditOfA.id } }),
      otherRestaurant: [() => ({ params: { id: auditOfB.id } })],
    },
    'PUT /api/audits/{id}/draft': {
      call: async () => {
        const audit = await newAudit(a.id);
        return { params: { id: audit.id }, body: markedGood(audit) };
      },
    },
    'POST /api/audits/{id}/submit': {
      call: async () => {
        const audit = await newAudit(a.id);
        return { params: { id: audit.id }, body: markedGood(audit) };
      },
    },
    'DELETE /api/audits/{id}': { call: async () => ({ params: { id: (await newAudit(a.id)).id } }) },
    // Issue 33: a manager of A signs as themselves; hq holds the phone and types that manager's password.
    'POST /api/audits/{id}/sign-off': {
      call: async (caller) => ({
        params: { id: (await completedAudit(a.id)).id },
        body: caller.role === 'manager' ? { comment: 'Seen' } : { email: manager.email, password: PASSWORD },
      }),
      otherRestaurant: [async () => ({ params: { id: (await completedAudit(b.id)).id }, body: {} })],
    },

    'GET /api/actions': {
      call: () => ({ query: { restaurantId: a.id } }),
      otherRestaurant: [() => ({ query: { restaurantId: b.id } })],
    },
    'GET /api/actions/export.csv': {
      call: () => ({ query: { restaurantId: a.id } }),
      otherRestaurant: [() => ({ query: { restaurantId: b.id } })],
    },
    'GET /api/actions/owner-choices': { call: () => ({ query: { restaurantId: a.id } }) },
    'POST /api/actions': { call: () => ({ body: { auditItemId: auditOfA.items[0]?.id } }) },
    'GET /api/actions/{id}': {
      call: () => ({ params: { id: actionOfA.id } }),
      otherRestaurant: [() => ({ params: { id: actionOfB.id } })],
    },
    'POST /api/actions/{id}/resolve': {
      call: async () => ({ params: { id: (await newAction(auditOfA)).id }, body: { note: 'Fixed', version: 1 } }),
      otherRestaurant: [
        async () => ({ params: { id: (await newAction(auditOfB)).id }, body: { note: 'Fixed', version: 1 } }),
      ],
    },
    'POST /api/actions/{id}/reopen': {
      call: async () => ({ params: { id: await resolvedAction(auditOfA) }, body: { reason: 'Not fixed', version: 2 } }),
    },
    'PUT /api/actions/{id}/owners': {
      call: async () => ({ params: { id: (await newAction(auditOfA)).id }, body: { ownerIds: [hq.id], version: 1 } }),
    },
    'PUT /api/actions/{id}/due': {
      call: async () => ({
        params: { id: (await newAction(auditOfA)).id },
        body: { dueOn: '2031-01-01', version: 1 },
      }),
    },

    'POST /api/uploads': { call: () => ({ raw: videoFile }) },
    'GET /api/uploads/{id}/content': { call: () => ({ params: { id: upload.id } }) },

    'POST /api/training-categories': { call: () => ({ body: { name: unique('Category') } }) },
    'GET /api/trainings/{id}': { call: () => ({ params: { id: training.id } }) },
    'POST /api/trainings': { call: () => ({ body: trainingBody() }) },
    'PUT /api/trainings/{id}': {
      call: async () => ({ params: { id: (await newTraining()).id }, body: trainingBody() }),
    },
    'DELETE /api/trainings/{id}': { call: async () => ({ params: { id: (await newTraining()).id } }) },
    'POST /api/trainings/{id}/videos/{videoId}/watched': {
      call: () => ({ params: { id: training.id, videoId: video.id } }),
    },

    'GET /api/quizzes/{id}': { call: () => ({ params: { id: quiz.id } }) },
    'POST /api/quizzes': { call: () => ({ body: quizBody() }) },
    'PUT /api/quizzes/{id}': { call: async () => ({ params: { id: (await newQuiz()).id }, body: quizBody() }) },
    'DELETE /api/quizzes/{id}': { call: async () => ({ params: { id: (await newQuiz()).id } }) },
    'GET /api/trainings/{id}/quiz': { call: () => ({ params: { id: training.id } }) },
    'POST /api/trainings/{id}/quiz/attempts': {
      call: () => ({ params: { id: training.id }, body: { attemptId: randomUUID(), answers } }),
    },

    'GET /api/training-assignments': {
      call: () => ({ query: { restaurantId: a.id } }),
      otherRestaurant: [() => ({ query: { restaurantId: b.id } })],
    },
    'GET /api/training-assignments/export.csv': {
      call: () => ({ query: { restaurantId: a.id } }),
      otherRestaurant: [() => ({ query: { restaurantId: b.id } })],
    },
    'GET /api/training-assignments/people/{id}': {
      call: () => ({ params: { id: staff.id }, query: { restaurantId: a.id } }),
      otherRestaurant: [
        () => ({ params: { id: staffOfB.id }, query: { restaurantId: b.id } }),
        // Naming their own restaurant does not open someone of another.
        () => ({ params: { id: staffOfB.id }, query: { restaurantId: a.id } }),
      ],
    },
    'GET /api/training-assignments/assignable': {
      call: () => ({ query: { restaurantId: a.id } }),
      otherRestaurant: [() => ({ query: { restaurantId: b.id } })],
    },
    'POST /api/training-assignments': {
      call: () => ({ body: { trainingIds: [training.id], staffIds: [staff.id] } }),
      otherRestaurant: [() => ({ body: { trainingIds: [training.id], staffIds: [staffOfB.id] } })],
    },
    'DELETE /api/training-assignments/{id}': {
      call: async () => ({ params: { id: await newAssignment(staff.id) } }),
      otherRestaurant: [async () => ({ params: { id: await newAssignment(staffOfB.id) } })],
    },
    'POST /api/training-assignments/{id}/reset-quiz': {
      call: () => ({ params: { id: assignmentOfA } }),
      otherRestaurant: [() => ({ params: { id: assignmentOfB } })],
    },

    'GET /api/training-suggestions': {
      call: () => ({ query: { restaurantId: a.id } }),
      otherRestaurant: [() => ({ query: { restaurantId: b.id } })],
    },
    'POST /api/training-suggestions/{id}/assign': {
      call: async () => ({ params: { id: await newSuggestion(a.id) }, body: {} }),
      otherRestaurant: [async () => ({ params: { id: await newSuggestion(b.id) }, body: {} })],
    },
    'POST /api/training-suggestions/{id}/dismiss': {
      call: async () => ({ params: { id: await newSuggestion(a.id) } }),
      otherRestaurant: [async () => ({ params: { id: await newSuggestion(b.id) } })],
    },

    'POST /api/announcements': { call: () => ({ body: announcementBody() }) },
    'PUT /api/announcements/{id}': {
      call: async () => ({ params: { id: (await newAnnouncement()).id }, body: announcementBody() }),
    },
    'DELETE /api/announcements/{id}': { call: async () => ({ params: { id: (await newAnnouncement()).id } }) },
    'GET /api/announcements/pinned': { call: () => ({}) },
    'GET /api/announcements/{id}': { call: async () => ({ params: { id: (await newAnnouncement()).id } }) },
    'POST /api/announcements/{id}/acknowledge': {
      call: async () => ({ params: { id: (await newAckAnnouncement()).id } }),
    },
    'GET /api/announcements/{id}/acknowledgement-counts': {
      call: async () => ({ params: { id: (await newAckAnnouncement()).id }, query: { restaurantId: a.id } }),
      otherRestaurant: [
        async () => ({ params: { id: (await newAckAnnouncement()).id }, query: { restaurantId: b.id } }),
      ],
    },
    'GET /api/announcements/{id}/acknowledgements': {
      call: async () => ({ params: { id: (await newAckAnnouncement()).id }, query: { restaurantId: a.id } }),
      otherRestaurant: [
        async () => ({ params: { id: (await newAckAnnouncement()).id }, query: { restaurantId: b.id } }),
      ],
    },

    'POST /api/notifications/read-all': { call: () => ({ body: {} }) },
    'POST /api/notifications/{id}/read': {
      call: () => ({ params: { id: randomUUID() } }),
      allowed: {
        status: 404,
        because: "a notification is only ever read by its own person; another's id is not found",
      },
    },
    // The same password again: the caller's later calls (and sign-ins) are unaffected.
    'PUT /api/password': { call: () => ({ body: { password: PASSWORD } }) },
    'POST /api/users/{id}/temporary-password': {
      call: async () => ({ params: { id: (await newStaff(a.id)).id }, body: { password: 'temporary-1' } }),
    },
    'PUT /api/profile/notification-preferences': {
      call: () => ({ body: { preferences: [{ kind: 'trainingAssigned', email: false }] } }),
    },
    // Back to following the browser: the caller's later calls are unaffected.
    'PUT /api/profile/language': { call: () => ({ body: { language: null } }) },
    // Passkeys (issue 36): each caller adds one with a software authenticator; a passkey
    // id is only ever renamed or removed by its own person, so an unknown one is not found.
    'POST /api/profile/passkeys/options': { call: () => ({ body: {} }) },
    'POST /api/profile/passkeys': {
      call: async (caller) => {
        const options = await t.request(caller.cookie, {
          method: 'POST',
          url: '/api/profile/passkeys/options',
          payload: {},
        });
        if (options.statusCode !== 200) return { body: { name: 'Key', response: {} } };
        return { body: { name: 'Key', response: softwareAuthenticator().register(options.json(), PUBLIC_URL) } };
      },
    },
    'PATCH /api/profile/passkeys/{id}': {
      call: () => ({ params: { id: randomUUID() }, body: { name: 'Key' } }),
      allowed: { status: 404, because: "a passkey is only ever renamed by its own person; another's id is not found" },
    },
    'DELETE /api/profile/passkeys/{id}': {
      call: () => ({ params: { id: randomUUID() } }),
      allowed: { status: 404, because: "a passkey is only ever removed by its own person; another's id is not found" },
    },
    // Push (issue 34): each caller's own device, turned on and off; nothing is sent here.
    'POST /api/push/subscriptions': { call: () => ({ body: pushSubscriptionExample() }) },
    'DELETE /api/push/subscriptions': { call: () => ({ body: { endpoint: pushSubscriptionExample().endpoint } }) },

    'GET /api/dashboards/manager': {
      call: () => ({ query: { restaurantId: a.id } }),
      otherRestaurant: [() => ({ query: { restaurantId: b.id } })],
    },
    'GET /api/dashboards/manager/audit-scores': {
      call: () => ({ query: { restaurantId: a.id } }),
      otherRestaurant: [() => ({ query: { restaurantId: b.id } })],
    },
    'GET /api/dashboards/manager/training-progress': {
      call: () => ({ query: { restaurantId: a.id } }),
      otherRestaurant: [() => ({ query: { restaurantId: b.id } })],
    },
    'GET /api/store-performance/{restaurantId}': { call: () => ({ params: { restaurantId: a.id } }) },
    'GET /api/store-performance/{restaurantId}/visits': { call: () => ({ params: { restaurantId: a.id } }) },
    'GET /api/store-performance/{restaurantId}/score-trend': { call: () => ({ params: { restaurantId: a.id } }) },

    // The food-safety log (issue 33): each sign-off a day of its own, long past, so none is a repeat (409).
    ...Object.fromEntries(
      ['GET /api/food-safety-log', 'GET /api/food-safety-log/pdf', 'GET /api/food-safety-log/csv'].map((key) => [
        key,
        {
          call: () => ({ query: { restaurantId: a.id, period: 'week', from: '2026-03-02' } }),
          otherRestaurant: [() => ({ query: { restaurantId: b.id, period: 'week', from: '2026-03-02' } })],
        },
      ]),
    ),
    'POST /api/food-safety-log/sign-offs': {
      call: () => ({
        body: {
          restaurantId: a.id,
          period: 'day',
          startsOn: new Date(Date.UTC(2025, 0, ++sequence)).toISOString().slice(0, 10),
        },
      }),
      otherRestaurant: [() => ({ body: { restaurantId: b.id, period: 'day', startsOn: '2025-12-31' } })],
    },

    'GET /api/reports/status': { call: () => ({}) },
    'POST /api/reports/{key}/token': {
      call: () => ({ params: { key: 'sales' }, body: { restaurantId: a.id } }),
      allowed: { status: 503, because: 'Power BI is not configured here; the restaurant is checked before that' },
      otherRestaurant: [() => ({ params: { key: 'sales' }, body: { restaurantId: b.id } })],
    },

    // The activity log (issue 36): a manager reads their restaurants' entries, never B's.
    ...Object.fromEntries(
      ['GET /api/activity', 'GET /api/activity.csv', 'GET /api/activity/people'].map((key) => [
        key,
        {
          call: () => ({ query: { restaurantId: a.id } }),
          otherRestaurant: [() => ({ query: { restaurantId: b.id } })],
        },
      ]),
    ),
    'POST /api/activity/verify': { call: () => ({ body: {} }) },
    // Provisioning (issue 36): hq's SCIM tokens.
    'POST /api/scim/tokens': { call: () => ({ body: { name: unique('Entra ID') } }) },
    'POST /api/scim/tokens/{id}/revoke': {
      call: async () => ({
        params: { id: (await asHq<{ id: string }>('POST', '/api/scim/tokens', { name: unique('Entra ID') })).id },
        body: {},
      }),
    },
    // API tokens (issue 37): hq's tokens.
    'POST /api/api-tokens': {
      call: () => ({ body: { name: unique('Warehouse'), scopes: ['audits:read'], expiresInDays: 30 } }),
    },
    'POST /api/api-tokens/{id}/revoke': {
      call: async () => ({
        params: {
          id: (
            await asHq<{ id: string }>('POST', '/api/api-tokens', {
              name: unique('Warehouse'),
              scopes: ['audits:read'],
              expiresInDays: 30,
            })
          ).id,
        },
        body: {},
      }),
    },
    // Webhooks (issue 37): hq's endpoints. A public address literal needs no DNS; the
    // endpoint is turned off so a test event or Resend settles at once, sending nothing.
    'POST /api/webhooks': {
      call: () => ({ body: { url: 'https://93.184.216.34/hook', events: ['audit.completed'] } }),
    },
    'PATCH /api/webhooks/{id}': {
      call: async () => ({ params: { id: (await offWebhook()).id }, body: { events: ['person.created'] } }),
    },
    'DELETE /api/webhooks/{id}': { call: async () => ({ params: { id: (await offWebhook()).id } }) },
    'POST /api/webhooks/{id}/rotate-secret': {
      call: async () => ({ params: { id: (await offWebhook()).id }, body: {} }),
    },
    'POST /api/webhooks/{id}/test': { call: async () => ({ params: { id: (await offWebhook()).id }, body: {} }) },
    'GET /api/webhooks/{id}/deliveries': { call: async () => ({ params: { id: (await offWebhook()).id } }) },
    'POST /api/webhooks/{id}/deliveries/{deliveryId}/resend': {
      call: async () => {
        const { id } = await offWebhook();
        const delivery = await asHq<{ id: string }>('POST', `/api/webhooks/${id}/test`, {});
        return { params: { id, deliveryId: delivery.id }, body: {} };
      },
    },
  };

  async function offWebhook() {
    const made = await asHq<{ id: string }>('POST', '/api/webhooks', {
      url: 'https://93.184.216.34/hook',
      events: ['audit.completed'],
    });
    await asHq('PATCH', `/api/webhooks/${made.id}`, { enabled: false });
    return made;
  }

  return { callers, examples };
}

function multipart(fileName: string, contentType: string, bytes: Buffer) {
  const boundary = '----brigade-matrix-boundary';
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\nContent-Type: ${contentType}\r\n\r\n`;
  return {
    payload: Buffer.concat([Buffer.from(head), bytes, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    contentType: `multipart/form-data; boundary=${boundary}`,
  };
}

/** A browser's push subscription as PushSubscription.toJSON() gives it (keys of the right shape). */
function pushSubscriptionExample() {
  return {
    endpoint: `https://push.example.com/send/${randomUUID()}`,
    keys: { p256dh: `B${'A'.repeat(86)}`, auth: 'A'.repeat(22) },
  };
}
