import { notificationTexts } from '@brigade/core/notification-texts';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, describe, expect, test } from 'vitest';
import { auditSchedules, auditScheduleTemplates } from '../src/db/schema/audit-schedules';
import { auditTemplates } from '../src/db/schema/audits';
import { correctiveActions } from '../src/db/schema/corrective-actions';
import { notifications } from '../src/db/schema/notifications';
import { staffTrainingAssignments } from '../src/db/schema/training-assignments';
import { trainings } from '../src/db/schema/trainings';
import { users } from '../src/db/schema/users';
import { serverTexts } from '../src/i18n/server-texts';
import { createMailer } from '../src/mail/mailer';
import { EMAIL_CLAIM_TIMEOUT_MINUTES, EMAIL_RETRY_HOURS } from '../src/mail/outbox';
import { refreshDueEntries } from '../src/modules/audit-schedules/due-entries';
import { isoWeek, makeWeeklyDigests } from '../src/modules/notifications/digest';
import { sendPendingEmails } from '../src/modules/notifications/emails';
import { makeReminders } from '../src/modules/notifications/reminders';
import { createNotifier } from '../src/notify/notifier';
import { startSmtpSink } from './fakes/smtp-sink';
import { PUBLIC_URL, startTestApp } from './harness';
import { freePort } from './server-process';

/**
 * Issue 20, notifications: each producer (assigned training, assigned action, audit
 * due), the reminders and the weekly digest make each notification once; emails go by
 * the person's choice, plain and HTML with a link, through a real SMTP server (the
 * sink); failed sends are retried for 24 hours, then given up. The jobs are called
 * as their handlers call them, so no test waits for a clock.
 */

const sink = await startSmtpSink();
afterAll(() => sink.close());
const t = await startTestApp({ mail: { smtpUrl: sink.url, from: 'Brigade <no-reply@brigade.test>' } });
const notifier = createNotifier({ emailOn: true, jobs: () => null });
const sendEmails = () => sendPendingEmails(t.db, t.app.mailer, PUBLIC_URL);

const mine = await t.buildRestaurant({ name: 'Brigade Mine' });
const other = await t.buildRestaurant({ name: 'Brigade Other' });
const hq = await t.signedIn('hq');
const manager = await t.signedIn('manager', { restaurantIds: [mine.id] });
const otherManager = await t.signedIn('manager', { restaurantIds: [other.id] });
const staff = await t.signedIn('staff', { restaurantIds: [mine.id] });
const quiet = await t.signedIn('staff', { restaurantIds: [mine.id] });
const otherStaff = await t.signedIn('staff', { restaurantIds: [other.id] });

type Json = Record<string, unknown>;
const call = (cookie: string | undefined, method: 'GET' | 'POST' | 'PUT', url: string, payload?: Json) =>
  t.request(cookie, { method, url, payload });

async function training(title: string) {
  const [row] = await t.db.insert(trainings).values({ title }).returning({ id: trainings.id });
  if (!row) throw new Error('no training');
  return row;
}

const notificationsOf = (userId: string, kind?: string) =>
  t.db
    .select()
    .from(notifications)
    .where(and(eq(notifications.userId, userId), kind ? eq(notifications.kind, kind) : undefined))
    .orderBy(notifications.createdAt);

const mailsTo = (email: string) => sink.messages.filter((mail) => mail.to.includes(email));

describe('producers', () => {
  test('assigning a training notifies each new assignee once, with an email in plain text and HTML linking to it', async () => {
    const grill = await training('Grill basics');
    const due = new Date(Date.now() + 10 * 86_400_000).toISOString();
    const assign = () =>
      call(hq.cookie, 'POST', '/api/training-assignments', {
        trainingIds: [grill.id],
        staffIds: [staff.id],
        dueAt: due,
      });
    expect((await assign()).statusCode).toBe(200);
    expect((await assign()).json()).toEqual({ created: 0, skipped: 1 });

    const made = await notificationsOf(staff.id, 'trainingAssigned');
    const texts = notificationTexts.trainingAssigned('Grill basics', due.slice(0, 10));
    expect(made).toMatchObject([
      { title: texts.title, body: texts.body, link: `/trainings/${grill.id}`, emailState: 'pending' },
    ]);
    const list = (await call(staff.cookie, 'GET', '/api/notifications')).json();
    expect(list.items.map((item: { title: string }) => item.title)).toContain(texts.title);

    expect(await sendEmails()).toMatchObject({ sent: 1, failed: 0 });
    const [mail, ...more] = mailsTo(staff.email);
    expect(more).toEqual([]);
    expect(mail?.subject).toBe(texts.title);
    expect(mail?.from).toBe('no-reply@brigade.test');
    // The email writes the day as the screens do ("Due 7 Dec 2026"), not as it is stored.
    expect(mail?.text).toContain(
      serverTexts('en').notifications.trainingAssigned('Grill basics', due.slice(0, 10)).body,
    );
    expect(mail?.text).not.toContain(due.slice(0, 10));
    expect(mail?.text).toContain(`${PUBLIC_URL}/trainings/${grill.id}`);
    expect(mail?.html).toContain(`href="${PUBLIC_URL}/trainings/${grill.id}"`);
    expect(mail?.html).toContain('<strong>New training: Grill basics</strong>');
    const [sent] = await notificationsOf(staff.id, 'trainingAssigned');
    expect(sent?.emailState).toBe('sent');
    expect(sent?.emailedAt).toBeInstanceOf(Date);
    // Sent once: another run finds nothing to send.
    expect(await sendEmails()).toEqual({ sent: 0, retrying: 0, failed: 0, dropped: 0 });
  });

  test('someone who chose in-app only for a kind gets the notification and no email', async () => {
    const saved = await call(quiet.cookie, 'PUT', '/api/profile/notification-preferences', {
      preferences: [{ kind: 'trainingAssigned', email: false }],
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const fries = await training('Fryer safety');
    await call(hq.cookie, 'POST', '/api/training-assignments', { trainingIds: [fries.id], staffIds: [quiet.id] });
    expect(await notificationsOf(quiet.id, 'trainingAssigned')).toMatchObject([{ emailState: 'none' }]);
    await sendEmails();
    expect(mailsTo(quiet.email)).toEqual([]);
  });

  test('a submitted audit tells the owners of its new actions (not the auditor), and a reassign tells the new owner', async () => {
    const template = (
      await call(hq.cookie, 'POST', '/api/audit-templates', { name: 'Kitchen', items: [{ text: 'Fridge below 7°C' }] })
    ).json();
    const created = (
      await call(hq.cookie, 'POST', '/api/audits', {
        restaurantId: mine.id,
        templateIds: [template.id],
        auditorId: hq.id,
      })
    ).json();
    const draft = (await call(hq.cookie, 'GET', `/api/audits/${created.id}`)).json();
    const submitted = await call(hq.cookie, 'POST', `/api/audits/${draft.id}/submit`, {
      version: draft.version,
      items: [{ id: draft.items[0].id, mark: 'bad', comment: null }],
    });
    expect(submitted.statusCode, submitted.body).toBe(200);
    const action = submitted.json().items[0].actions[0];
    const texts = notificationTexts.actionAssigned('Fridge below 7°C', 'Brigade Mine', action.dueOn);
    expect(await notificationsOf(manager.id, 'actionAssigned')).toMatchObject([
      { subjectKey: action.id, title: texts.title, body: texts.body, link: `/actions/${action.id}` },
    ]);
    expect(await notificationsOf(hq.id, 'actionAssigned')).toEqual([]);

    const colleague = await t.buildUser('manager', { restaurantIds: [mine.id] });
    const reassigned = await call(hq.cookie, 'PUT', `/api/actions/${action.id}/owners`, {
      ownerIds: [colleague.id],
      version: 1,
    });
    expect(reassigned.statusCode, reassigned.body).toBe(200);
    expect(await notificationsOf(colleague.id, 'actionAssigned')).toHaveLength(1);
    expect(await notificationsOf(manager.id, 'actionAssigned')).toHaveLength(1);
  });

  test('an audit becoming due tells the restaurant’s active managers once, nobody else', async () => {
    const [template] = await t.db.insert(auditTemplates).values({ name: 'Weekly walk' }).returning();
    const [schedule] = await t.db
      .insert(auditSchedules)
      .values({ name: 'Weekly walk', cadence: 'weekly', startsOn: '2026-01-05', allRestaurants: true })
      .returning();
    if (!template || !schedule) throw new Error('no rows');
    await t.db.insert(auditScheduleTemplates).values({ scheduleId: schedule.id, templateId: template.id });
    await refreshDueEntries(t.db, undefined, { emailOn: true });
    await refreshDueEntries(t.db, undefined, { emailOn: true });
    const [due] = await notificationsOf(manager.id, 'auditDue');
    expect(await notificationsOf(manager.id, 'auditDue')).toHaveLength(1);
    expect(due?.title).toBe('Audit due: Brigade Mine');
    expect(due?.body).toMatch(/^Weekly walk · before \d{4}-\d{2}-\d{2}$/);
    // Audit due is in-app only until the person asks for email (its default).
    expect(due?.emailState).toBe('none');
    expect(await notificationsOf(otherManager.id, 'auditDue')).toMatchObject([{ title: 'Audit due: Brigade Other' }]);
    expect(await notificationsOf(staff.id, 'auditDue')).toEqual([]);
    expect(await notificationsOf(hq.id, 'auditDue')).toEqual([]);
  });

  test('a schedule hq saves makes its audits due at once, by email for a manager who chose it', async () => {
    const chooser = await t.signedIn('manager', { restaurantIds: [mine.id] });
    const chosen = await call(chooser.cookie, 'PUT', '/api/profile/notification-preferences', {
      preferences: [{ kind: 'auditDue', email: true }],
    });
    expect(chosen.statusCode, chosen.body).toBe(200);
    const [template] = await t.db.insert(auditTemplates).values({ name: 'Opening checks' }).returning();
    if (!template) throw new Error('no template');
    const saved = await call(hq.cookie, 'POST', '/api/audit-schedules', {
      name: 'Opening checks',
      templateIds: [template.id],
      allRestaurants: false,
      restaurantIds: [mine.id],
      cadence: 'weekly',
      startsOn: '2026-01-05',
    });
    expect(saved.statusCode, saved.body).toBe(201);
    expect(await notificationsOf(chooser.id, 'auditDue')).toMatchObject([
      { title: 'Audit due: Brigade Mine', emailState: 'pending' },
    ]);
    // The manager who kept the default hears of it in the app only.
    expect(await notificationsOf(manager.id, 'auditDue')).toContainEqual(
      expect.objectContaining({ body: expect.stringMatching(/^Opening checks/), emailState: 'none' }),
    );
  });
});

describe('reminders', () => {
  test('due soon, overdue and overdue actions are made once each, however often the job runs', async () => {
    const soonTraining = await training('Due soon');
    const lateTraining = await training('Late');
    const laterTraining = await training('Far away');
    const doneTraining = await training('Done');
    const day = 86_400_000;
    await t.db.insert(staffTrainingAssignments).values([
      { staffId: otherStaff.id, trainingId: soonTraining.id, dueAt: new Date(Date.now() + 2 * day) },
      { staffId: otherStaff.id, trainingId: lateTraining.id, dueAt: new Date(Date.now() - day) },
      { staffId: otherStaff.id, trainingId: laterTraining.id, dueAt: new Date(Date.now() + 10 * day) },
      {
        staffId: otherStaff.id,
        trainingId: doneTraining.id,
        dueAt: new Date(Date.now() - day),
        completedAt: new Date(),
      },
    ]);
    const [action] = await t.db.select().from(correctiveActions).limit(1);
    if (!action) throw new Error('the action test made none');
    await t.db.update(correctiveActions).set({ dueOn: '2026-01-02' }).where(eq(correctiveActions.id, action.id));

    const first = await makeReminders(t.db, true);
    expect(first.trainingDueSoon).toBeGreaterThanOrEqual(1);
    expect(await makeReminders(t.db, true)).toEqual({ trainingDueSoon: 0, trainingOverdue: 0, actionOverdue: 0 });

    const mineNow = await notificationsOf(otherStaff.id);
    expect(mineNow.map((row) => [row.kind, row.title])).toEqual(
      expect.arrayContaining([
        ['trainingDueSoon', 'Training due soon: Due soon'],
        ['trainingOverdue', 'Training overdue: Late'],
      ]),
    );
    expect(mineNow.filter((row) => row.kind.startsWith('training'))).toHaveLength(2);
    const [soon] = mineNow.filter((row) => row.kind === 'trainingDueSoon');
    expect(soon).toMatchObject({
      link: `/trainings/${soonTraining.id}`,
      body: notificationTexts.trainingDueSoon('', new Date(Date.now() + 2 * day).toISOString().slice(0, 10)).body,
      emailState: 'pending',
    });
    // The action's owner (the reassigned colleague) is told it is overdue, with the words of core.
    const overdue = await t.db.select().from(notifications).where(eq(notifications.kind, 'actionOverdue'));
    expect(overdue).toMatchObject([
      {
        subjectKey: action.id,
        title: notificationTexts.actionOverdue(action.itemText, 'Brigade Mine', '2026-01-02').title,
        body: notificationTexts.actionOverdue(action.itemText, 'Brigade Mine', '2026-01-02').body,
      },
    ]);
  });

  test('inactive people get no reminder, and pending emails of someone deactivated are dropped', async () => {
    const leaver = await t.buildUser('staff', { restaurantIds: [mine.id], isActive: false });
    const lateTraining = await training('Leaver training');
    await t.db
      .insert(staffTrainingAssignments)
      .values({ staffId: leaver.id, trainingId: lateTraining.id, dueAt: new Date(Date.now() - 86_400_000) });
    await makeReminders(t.db, true);
    expect(await notificationsOf(leaver.id)).toEqual([]);

    const goner = await t.buildUser('staff', { restaurantIds: [mine.id] });
    await notifier.notify(t.db, [
      {
        userId: goner.id,
        kind: 'trainingOverdue',
        subjectKey: 'x',
        title: 'Gone',
        params: null,
        link: '/my-trainings',
      },
    ]);
    await t.db.update(users).set({ isActive: false }).where(eq(users.id, goner.id));
    await sendEmails();
    expect(mailsTo(goner.email)).toEqual([]);
    expect(await notificationsOf(goner.id)).toMatchObject([{ emailState: 'none' }]);
  });
});

describe('sending', () => {
  test('a refused email is retried with growing waits, and given up at the first refusal 24 hours after it was made', async () => {
    const closed = await freePort();
    const broken = createMailer({ smtpUrl: `smtp://127.0.0.1:${closed}`, from: 'Brigade <no-reply@brigade.test>' });
    afterAll(() => broken.close());
    const person = await t.buildUser('staff', { restaurantIds: [mine.id] });
    await notifier.notify(t.db, [
      {
        userId: person.id,
        kind: 'trainingOverdue',
        subjectKey: 'retry',
        title: 'Retry me',
        params: null,
        link: '/my-trainings',
      },
    ]);
    // Earlier tests' emails are out of the way.
    await sendEmails();
    await notifier.notify(t.db, [
      {
        userId: person.id,
        kind: 'trainingOverdue',
        subjectKey: 'retry-2',
        title: 'Retry me too',
        params: null,
        link: '/my-trainings',
      },
    ]);
    const stateOf = async () => (await notificationsOf(person.id)).find((row) => row.subjectKey === 'retry-2');
    const refused = { sent: 0, retrying: 1, failed: 0, dropped: 0 };
    const nothing = { sent: 0, retrying: 0, failed: 0, dropped: 0 };
    // Ten refusals (the old rule gave up at five), each followed by its wait: 1, 2, 4 … minutes, at most an hour.
    for (let attempt = 1; attempt <= 10; attempt += 1) {
      expect(await sendPendingEmails(t.db, broken, PUBLIC_URL)).toEqual(refused);
      expect(await stateOf()).toMatchObject({ emailState: 'pending', emailAttempts: attempt });
      expect(await sendPendingEmails(t.db, broken, PUBLIC_URL)).toEqual(nothing);
      await t.db.execute(
        sql`update notifications set email_claimed_at = now() - interval '1 hour' where subject_key = 'retry-2'`,
      );
    }
    // Made just over 24 hours ago: this refusal is the last.
    await t.db.execute(sql`update notifications
      set created_at = now() - make_interval(hours => ${EMAIL_RETRY_HOURS}, secs => 1) where subject_key = 'retry-2'`);
    expect(await sendPendingEmails(t.db, broken, PUBLIC_URL)).toEqual({ ...nothing, failed: 1 });
    expect(await stateOf()).toMatchObject({ emailState: 'failed', emailAttempts: 11 });
    await sendEmails();
    expect(mailsTo(person.email).map((mail) => mail.subject)).toEqual(['Retry me']);
  });

  test('a claim left by a worker that stopped mid-send is taken over after five minutes, not before', async () => {
    const person = await t.buildUser('staff', { restaurantIds: [mine.id] });
    await notifier.notify(t.db, [
      {
        userId: person.id,
        kind: 'trainingOverdue',
        subjectKey: 'stuck',
        title: 'Stuck',
        params: null,
        link: '/my-trainings',
      },
      {
        userId: person.id,
        kind: 'trainingOverdue',
        subjectKey: 'busy',
        title: 'Busy',
        params: null,
        link: '/my-trainings',
      },
    ]);
    await t.db.execute(sql`update notifications set email_state = 'sending',
      email_claimed_at = case subject_key
        when 'stuck' then now() - make_interval(mins => ${EMAIL_CLAIM_TIMEOUT_MINUTES + 1})
        else now() - make_interval(mins => ${EMAIL_CLAIM_TIMEOUT_MINUTES - 1}) end
      where user_id = ${person.id}`);
    expect(await sendEmails()).toMatchObject({ sent: 1 });
    expect(mailsTo(person.email).map((mail) => mail.subject)).toEqual(['Stuck']);
  });
});

describe('weekly digest', () => {
  test('one email per manager with their restaurant’s overdue trainings and open actions; a second run makes none', async () => {
    sink.clear();
    const made = await makeWeeklyDigests(t.db, notifier);
    expect(made).toBeGreaterThanOrEqual(1);
    expect(await makeWeeklyDigests(t.db, notifier)).toBe(0);

    const [digest, ...more] = await notificationsOf(manager.id, 'weeklyDigest');
    expect(more).toEqual([]);
    expect(digest?.subjectKey).toBe(isoWeek(new Date()));
    const overdueMine = await t.db.execute(sql`select count(*)::int as n from staff_training_assignments sta
      join staff_restaurant_assignments sra on sra.user_id = sta.staff_id and sra.restaurant_id = ${mine.id}
      join users u on u.id = sta.staff_id and u.role = 'staff' and u.is_active
      where sta.completed_at is null and sta.due_at < now()`);
    const openMine = await t.db.execute(
      sql`select count(*)::int as n from corrective_actions where restaurant_id = ${mine.id} and status = 'open'`,
    );
    const counts = [overdueMine, openMine].map(
      (result) => (result as unknown as { rows: { n: number }[] }).rows[0]?.n ?? 0,
    );
    const texts = notificationTexts.weeklyDigest('Brigade Mine', counts[0] ?? 0, counts[1] ?? 0);
    expect(digest?.title).toBe(texts.title);
    expect(digest?.body.split('\n')[0]).toBe(texts.body);
    expect(digest?.body).toContain('Open corrective actions:');
    expect(digest?.body).toContain('Fridge below 7°C at Brigade Mine');

    await sendEmails();
    const digests = sink.messages.filter((mail) => mail.subject.startsWith('Weekly digest'));
    expect(digests.filter((mail) => mail.to.includes(manager.email))).toHaveLength(1);
    // Other restaurant: its manager's digest names only its own (here: the overdue training of its staff).
    const otherDigest = digests.find((mail) => mail.to.includes(otherManager.email));
    expect(otherDigest?.subject).toBe('Weekly digest: Brigade Other');
    expect(otherDigest?.text).toContain('Overdue trainings:');
    expect(otherDigest?.text).not.toContain('Fridge below 7°C');
    expect(otherDigest?.html).toContain(`href="${PUBLIC_URL}/dashboard-manager"`);
    expect(new Set(digests.map((mail) => mail.to.join()))).toHaveProperty('size', digests.length);
  });

  test('isoWeek names the ISO week, across a year’s turn', () => {
    expect(isoWeek(new Date('2026-11-23T07:00:00Z'))).toBe('2026-W48');
    expect(isoWeek(new Date('2027-01-01T07:00:00Z'))).toBe('2026-W53');
    expect(isoWeek(new Date('2024-12-30T07:00:00Z'))).toBe('2025-W01');
  });
});

describe('refusals of the notifications API', () => {
  test('nobody marks another person’s notification read: 404, and it stays unread', async () => {
    const [theirs] = await notificationsOf(staff.id);
    if (!theirs) throw new Error('staff has no notification');
    const refused = await call(otherStaff.cookie, 'POST', `/api/notifications/${theirs.id}/read`, {});
    expect(refused.statusCode).toBe(404);
    const [after] = await t.db.select().from(notifications).where(eq(notifications.id, theirs.id));
    expect(after?.readAt).toBeNull();
    expect((await call(undefined, 'GET', '/api/notifications')).statusCode).toBe(401);
  });
});
