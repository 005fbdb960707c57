import { messages } from '@brigade/core/messages';
import { eq, sql } from 'drizzle-orm';
import { afterAll, describe, expect, test, vi } from 'vitest';
import { emailOutbox } from '../src/db/schema/email-outbox';
import { notifications } from '../src/db/schema/notifications';
import { trainings } from '../src/db/schema/trainings';
import { users } from '../src/db/schema/users';
import { createMailer, type Mailer } from '../src/mail/mailer';
import { EMAIL_CLAIM_TIMEOUT_MINUTES, EMAIL_SENDERS } from '../src/mail/outbox';
import { sendPendingEmails } from '../src/modules/notifications/emails';
import { type SmtpSink, startSmtpSink } from './fakes/smtp-sink';
import { PUBLIC_URL, startTestApp } from './harness';
import { freePort } from './server-process';

/**
 * Issue 31, points 1 and 4: every email (reset links included) goes through one outbox,
 * retried with growing waits for 24 hours, so nothing is lost while the mail server is
 * down; each row is claimed alone, and every try of it carries the same Message-ID. The
 * mail server is a real one (the sink), stopped and started again on the same port; time
 * moves by moving the rows' timestamps back, as the email job's next runs would see it.
 */

const port = await freePort();
const FROM = 'Brigade <no-reply@brigade.test>';
// Stopped mid-file: connections the app's pool keeps open are cut at once, not after 30 s.
let sink: SmtpSink = await startSmtpSink({ port, closeTimeout: 50 });
afterAll(() => sink.close());
const t = await startTestApp({ mail: { smtpUrl: `smtp://127.0.0.1:${port}`, from: FROM } });
const sendEmails = () => sendPendingEmails(t.db, t.app.mailer, PUBLIC_URL);
const hq = await t.signedIn('hq');
const restaurant = await t.buildRestaurant();

async function stopMailServer() {
  await sink.close();
}
async function startMailServer() {
  sink = await startSmtpSink({ port, closeTimeout: 50 });
}

let addresses = 0;
function requestReset(email: string) {
  return t.request(undefined, {
    method: 'POST',
    url: '/api/auth/request-password-reset',
    payload: { email },
    remoteAddress: `198.51.100.${++addresses}`,
  });
}

/** A training assigned to `staffIds` by hq through the API: one notification email each. */
async function assignTraining(title: string, staffIds: string[]) {
  const [training] = await t.db.insert(trainings).values({ title }).returning({ id: trainings.id });
  const assigned = await t.request(hq.cookie, {
    method: 'POST',
    url: '/api/training-assignments',
    payload: { trainingIds: [training?.id], staffIds },
  });
  expect(assigned.statusCode, assigned.body).toBe(200);
}

/** The reset email of `userId` in the outbox. */
async function resetRowOf(userId: string) {
  const [row] = await t.db.select().from(emailOutbox).where(eq(emailOutbox.userId, userId));
  if (!row) throw new Error('no reset email queued');
  return row;
}

/** The reset request's own try at once (it runs after the answer) was refused. */
const firstTryRefused = (userId: string) =>
  vi.waitFor(async () => expect(await resetRowOf(userId)).toMatchObject({ emailState: 'pending', emailAttempts: 1 }));

/**
 * `minutes` pass, as the outbox and the reset links see it: when each email was queued
 * and last tried, and when each link expires, all move back.
 */
async function minutesPass(minutes: number) {
  const back = sql`make_interval(mins => ${minutes})`;
  for (const table of ['notifications', 'email_outbox']) {
    await t.db.execute(sql`update ${sql.identifier(table)}
      set created_at = created_at - ${back}, email_claimed_at = email_claimed_at - ${back}`);
  }
  await t.db.execute(sql`update verifications set expires_at = expires_at - ${back}`);
}

const tokenIn = (mail: { text: string }) => /reset-password\?token=([A-Za-z0-9_-]+)/.exec(mail.text)?.[1] ?? '';

describe('the mail server down', () => {
  test('for 11 minutes: a reset link and two notification emails all arrive once it is back, and the link works', async () => {
    await stopMailServer();
    const asker = await t.buildUser('staff', { restaurantIds: [restaurant.id] });
    const colleague = await t.buildUser('staff', { restaurantIds: [restaurant.id] });

    const asked = await requestReset(asker.email);
    expect(asked.json()).toEqual({ status: true, message: messages.passwordResetSent });
    await firstTryRefused(asker.id);
    await assignTraining('Allergens', [asker.id, colleague.id]);

    let minutes = 0;
    for (; minutes < 11; minutes += 1) {
      expect(await sendEmails()).toMatchObject({ sent: 0, failed: 0 });
      await minutesPass(1);
    }
    expect(await resetRowOf(asker.id)).toMatchObject({ emailState: 'pending' });

    // Back: each email goes at its next try, at most one wait (here 8 minutes) later.
    await startMailServer();
    for (;;) {
      expect(await sendEmails()).toMatchObject({ failed: 0 });
      if (sink.messages.length >= 3 || minutes >= 11 + 8) break;
      await minutesPass(1);
      minutes += 1;
    }
    const arrived = sink.messages;
    expect(arrived.map((mail) => [mail.to[0], mail.subject]).sort()).toEqual(
      [
        [asker.email, 'Reset your Brigade password'],
        [asker.email, 'New training: Allergens'],
        [colleague.email, 'New training: Allergens'],
      ].sort(),
    );
    // The email says what the link has left, and the link works.
    const reset = arrived.find((mail) => mail.subject === 'Reset your Brigade password');
    expect(reset?.text).toContain(`within ${30 - minutes} minutes`);
    const used = await t.request(undefined, {
      method: 'POST',
      url: '/api/auth/reset-password',
      payload: { token: tokenIn(reset ?? { text: '' }), newPassword: 'back-in-business' },
    });
    expect(used.statusCode, used.body).toBe(200);
    // Sent, the outbox no longer holds the link.
    expect(await resetRowOf(asker.id)).toMatchObject({ emailState: 'sent', token: null });
    expect(await sendEmails()).toEqual({ sent: 0, retrying: 0, failed: 0, dropped: 0 });
  });

  test('for a day: tried with waits of 1, 2, 4 … minutes up to an hour for 24 hours, then failed; an expired link and a deactivated account get nothing', async () => {
    await stopMailServer();
    const waiting = await t.buildUser('staff', { restaurantIds: [restaurant.id] });
    const asker = await t.buildUser('staff', { restaurantIds: [restaurant.id] });
    const leaver = await t.buildUser('staff', { restaurantIds: [restaurant.id] });
    await assignTraining('Knife skills', [waiting.id]);
    await requestReset(asker.email);
    await requestReset(leaver.email);
    await firstTryRefused(asker.id);
    await firstTryRefused(leaver.id);
    await t.db.update(users).set({ isActive: false }).where(eq(users.id, leaver.id));

    const [notification] = await t.db.select().from(notifications).where(eq(notifications.userId, waiting.id));
    const attemptsOf = async () =>
      (
        await t.db
          .select()
          .from(notifications)
          .where(eq(notifications.id, notification?.id ?? ''))
      ).at(0);
    await sendEmails();
    expect(await attemptsOf()).toMatchObject({ emailState: 'pending', emailAttempts: 1 });

    // Each wait doubles: not tried again a minute before it is over, tried once it is.
    for (const wait of [1, 2, 4, 8, 16, 32, 60, 60]) {
      const before = (await attemptsOf())?.emailAttempts ?? 0;
      await minutesPass(wait - 1);
      await sendEmails();
      expect((await attemptsOf())?.emailAttempts).toBe(before);
      await minutesPass(1);
      await sendEmails();
      expect((await attemptsOf())?.emailAttempts).toBe(before + 1);
    }
    // The link had 30 minutes: not sent once it could no longer be used; the leaver's is dropped.
    expect(await resetRowOf(asker.id)).toMatchObject({ emailState: 'expired', token: null });
    expect(await resetRowOf(leaver.id)).toMatchObject({ emailState: 'dropped', token: null });

    // Until 24 hours after it was queued, still waiting; the first refusal after that gives it up.
    const queuedAgo = async () => {
      const result = (await t.db.execute(
        sql`select extract(epoch from now() - created_at) / 3600 as hours from notifications where id = ${notification?.id}`,
      )) as unknown as { rows: { hours: string }[] };
      return Number(result.rows[0]?.hours);
    };
    while ((await queuedAgo()) < 23) {
      await minutesPass(60);
      expect(await sendEmails()).toMatchObject({ retrying: 1, failed: 0 });
      expect((await attemptsOf())?.emailState).toBe('pending');
    }
    expect(await queuedAgo()).toBeLessThan(24);
    await minutesPass(60);
    expect(await sendEmails()).toMatchObject({ failed: 1 });
    expect((await attemptsOf())?.emailState).toBe('failed');

    await startMailServer();
    expect(await sendEmails()).toEqual({ sent: 0, retrying: 0, failed: 0, dropped: 0 });
    expect(sink.messages).toEqual([]);
  });
});

describe('sending', () => {
  test(`each email is claimed alone: while sends hang, only ${EMAIL_SENDERS} are marked as being sent`, async () => {
    const people = await Promise.all(
      Array.from({ length: 12 }, () => t.buildUser('staff', { restaurantIds: [restaurant.id] })),
    );
    await assignTraining(
      'Hanging sends',
      people.map((person) => person.id),
    );
    const hanging: (() => void)[] = [];
    const stuck: Mailer = {
      configured: true,
      send: () => new Promise<void>((resolve) => hanging.push(resolve)),
      close: () => {},
    };
    const run = sendPendingEmails(t.db, stuck, PUBLIC_URL);
    await vi.waitFor(() => expect(hanging).toHaveLength(EMAIL_SENDERS));
    const sending = await t.db.$count(notifications, eq(notifications.emailState, 'sending'));
    // A process killed now would leave these, and only these, to go again.
    expect(sending).toBe(EMAIL_SENDERS);

    // Released one by one, the run sends the rest.
    const releaser = setInterval(() => hanging.shift()?.(), 1);
    expect(await run).toMatchObject({ sent: 12 });
    clearInterval(releaser);
  });

  test('a send cut short by a crash goes again with the same Message-ID, after the claim timeout', async () => {
    const person = await t.buildUser('staff', { restaurantIds: [restaurant.id] });
    await assignTraining('Crash course', [person.id]);
    await requestReset(person.email);
    const first = await sink.waitFor((mail) => mail.to.includes(person.email) && mail.subject.startsWith('Reset'));
    await sendEmails();
    const firstNotice = sink.messages.find((mail) => mail.to.includes(person.email) && mail.subject.includes('Crash'));

    // As if the process died after the mail server accepted both, before marking them sent.
    const claimedAgo = sql`now() - make_interval(mins => ${EMAIL_CLAIM_TIMEOUT_MINUTES + 1})`;
    for (const table of ['notifications', 'email_outbox']) {
      await t.db.execute(sql`update ${sql.identifier(table)}
        set email_state = 'sending', email_claimed_at = ${claimedAgo} where user_id = ${person.id}`);
    }
    // The token was cleared as it was marked sent; the crash came before that.
    await t.db
      .update(emailOutbox)
      .set({ token: tokenIn(first) })
      .where(eq(emailOutbox.userId, person.id));
    expect(await sendEmails()).toMatchObject({ sent: 2 });

    const all = sink.messages.filter((mail) => mail.to.includes(person.email));
    expect(all).toHaveLength(4);
    const [notification] = await t.db.select().from(notifications).where(eq(notifications.userId, person.id));
    const host = new URL(PUBLIC_URL).hostname;
    expect(firstNotice?.messageId).toBe(`<notification-${notification?.id}@${host}>`);
    const ids = all.map((mail) => mail.messageId);
    expect(new Set(ids).size).toBe(2);
    expect(ids.filter((id) => id === firstNotice?.messageId)).toHaveLength(2);
    expect(ids.filter((id) => id === first.messageId)).toHaveLength(2);
    expect(first.messageId).toMatch(new RegExp(`^<password-reset-[0-9a-f-]{36}@${host}>$`));
  });

  test('two senders at once (as two servers) share the emails, and each goes once', async () => {
    const people = await Promise.all(
      Array.from({ length: 20 }, () => t.buildUser('staff', { restaurantIds: [restaurant.id] })),
    );
    sink.clear();
    await assignTraining(
      'Twice over',
      people.map((person) => person.id),
    );
    const other = createMailer({ smtpUrl: `smtp://127.0.0.1:${port}`, from: FROM });
    afterAll(() => other.close());
    const runs = await Promise.all([sendEmails(), sendPendingEmails(t.db, other, PUBLIC_URL)]);
    expect(runs.reduce((sum, run) => sum + run.sent, 0)).toBe(20);
    // Claimed one at a time, not a batch each: neither sender takes them all.
    for (const run of runs) expect(run.sent).toBeGreaterThan(0);
    const ids = sink.messages.map((mail) => mail.messageId);
    expect(ids).toHaveLength(20);
    expect(new Set(ids).size).toBe(20);
  });
});
