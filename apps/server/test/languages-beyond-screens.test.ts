import { notificationContent } from '@brigade/core/notification-texts';
import { parse } from 'csv-parse/sync';
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, test } from 'vitest';
import { notifications } from '../src/db/schema/notifications';
import { trainings } from '../src/db/schema/trainings';
import { users } from '../src/db/schema/users';
import { coreText } from '../src/http/request-language';
import { serverTexts } from '../src/i18n/server-texts';
import { sendPendingEmails } from '../src/modules/notifications/emails';
import { createNotifier } from '../src/notify/notifier';
import { startSmtpSink } from './fakes/smtp-sink';
import { PASSWORD, PUBLIC_URL, startTestApp } from './harness';

/**
 * Issue 22 beyond the screens: what the server writes on its own (notifications, their
 * emails, the password-reset email, CSV files) comes in the reader's language. A
 * notification keeps what it is made from, so the bell writes it in the language on
 * screen and its email in the person's choice; a download the browser makes itself
 * follows the web's language cookie.
 */

const sink = await startSmtpSink();
afterAll(() => sink.close());
const t = await startTestApp({ mail: { smtpUrl: sink.url, from: 'Brigade <no-reply@brigade.test>' } });
const restaurant = await t.buildRestaurant({ name: 'Brigade Gent' });
const hq = await t.signedIn('hq');

const chooseLanguage = (cookie: string, language: string | null) =>
  t.request(cookie, { method: 'PUT', url: '/api/profile/language', payload: { language } });
const bell = async (cookie: string, headers: Record<string, string> = {}) =>
  (await t.request(cookie, { method: 'GET', url: '/api/notifications', headers })).json().items as {
    kind: string;
    title: string;
    body: string;
  }[];

let addresses = 0;
const newAddress = () => ({ remoteAddress: `203.0.113.${++addresses}` });

describe('languages beyond the screens (issue 22)', () => {
  test("a notification is written in the language on screen in the bell, and in the person's choice by email", async () => {
    const staff = await t.signedIn('staff', { restaurantIds: [restaurant.id] });
    expect((await chooseLanguage(staff.cookie, 'nl')).statusCode).toBe(200);
    const [grill] = await t.db.insert(trainings).values({ title: 'Grill basics' }).returning();
    const dueOn = new Date(Date.now() + 10 * 86_400_000).toISOString().slice(0, 10);
    const assigned = await t.request(hq.cookie, {
      method: 'POST',
      url: '/api/training-assignments',
      payload: { trainingIds: [grill?.id], staffIds: [staff.id], dueAt: `${dueOn}T12:00:00.000Z` },
    });
    expect(assigned.statusCode).toBe(200);

    const dutch = serverTexts('nl').notifications.trainingAssigned('Grill basics', dueOn);
    const english = serverTexts('en').notifications.trainingAssigned('Grill basics', dueOn);
    const french = serverTexts('fr').notifications.trainingAssigned('Grill basics', dueOn);
    expect(dutch.title).toBe('Nieuwe training: Grill basics');
    expect(french.title).toBe('Nouvelle formation\u00a0: Grill basics');
    // Their choice when the request names none; the language on screen when it does.
    expect(await bell(staff.cookie)).toMatchObject([{ kind: 'trainingAssigned', ...dutch }]);
    expect(await bell(staff.cookie, { 'accept-language': 'en' })).toMatchObject([english]);
    expect(await bell(`${staff.cookie}; brigade-language=fr`)).toMatchObject([french]);
    expect(english.body).toMatch(/^Due \d{1,2} [A-Z][a-z]{2,3} \d{4}$/);
    // The row keeps the English words, days as stored, and what they are made from.
    const stored = notificationContent('trainingAssigned', 'Grill basics', dueOn);
    const [row] = await t.db.select().from(notifications).where(eq(notifications.userId, staff.id));
    expect(row).toMatchObject({ title: stored.title, body: stored.body, params: ['Grill basics', dueOn] });

    await sendPendingEmails(t.db, t.app.mailer, PUBLIC_URL);
    const mail = await sink.waitFor((received) => received.to.includes(staff.email));
    expect(mail.subject).toBe(dutch.title);
    expect(mail.text).toContain(dutch.body);
    expect(mail.text).toContain('Hallo staff');
    expect(mail.text).toContain(`Open het in Brigade: ${PUBLIC_URL}/trainings/${grill?.id}`);
    expect(mail.text).toContain(`"${coreText('nl', 'New training assigned')}"`);
    expect(mail.html).toContain('<html lang="nl">');
    expect(mail.text).not.toContain('Hello');
  });

  test('someone who follows their browser gets emails in the language it showed at their last sign-in', async () => {
    const person = await t.buildUser('staff', { restaurantIds: [restaurant.id] });
    const signIn = async (acceptLanguage: string) => {
      const response = await t.request(undefined, {
        method: 'POST',
        url: '/api/auth/sign-in/email',
        payload: { email: person.email, password: PASSWORD },
        headers: { 'accept-language': acceptLanguage },
        ...newAddress(),
      });
      expect(response.statusCode).toBe(200);
    };
    const browserLanguage = async () =>
      (await t.db.select({ value: users.browserLanguage }).from(users).where(eq(users.id, person.id)))[0]?.value;
    const notifier = createNotifier({ emailOn: true, jobs: () => null });
    /** The subject of the email about an overdue `training`. */
    const emailedAbout = async (training: string) => {
      await notifier.notify(t.db, [
        {
          userId: person.id,
          subjectKey: training,
          ...notificationContent('trainingOverdue', training, '2026-11-20'),
          link: '/my-trainings',
        },
      ]);
      await sendPendingEmails(t.db, t.app.mailer, PUBLIC_URL);
      return (await sink.waitFor((mail) => mail.to.includes(person.email) && mail.subject.includes(training))).subject;
    };

    await signIn('nl-BE, en;q=0.5');
    expect(await browserLanguage()).toBe('nl');
    expect(await emailedAbout('Frituur')).toBe('Training te laat: Frituur');
    await signIn('fr');
    expect(await browserLanguage()).toBe('fr');
    // Their choice on Profile comes first.
    await t.db.update(users).set({ language: 'en' }).where(eq(users.id, person.id));
    expect(await emailedAbout('Grill')).toBe('Training overdue: Grill');
  });

  test('CSV headers and the words in its cells follow the language on screen; English stays as it was', async () => {
    await t.buildUser('manager', { restaurantIds: [restaurant.id], name: 'Marie Manager' });
    const rows = async (headers: Record<string, string>, cookie = hq.cookie) => {
      const response = await t.request(cookie, {
        method: 'GET',
        url: '/api/users/export.csv?search=Marie',
        headers,
      });
      expect(response.statusCode).toBe(200);
      return parse(response.body, { bom: true }) as string[][];
    };
    const [englishHeader, englishRow] = await rows({});
    expect(englishHeader).toEqual([
      'Name',
      'Email',
      'Role',
      'Status',
      'Restaurants',
      'Trainings completed',
      'Trainings assigned',
    ]);
    expect(englishRow?.slice(2, 4)).toEqual(['Manager', 'Active']);

    // A download the browser makes itself carries the web's cookie, not the app's header.
    const [dutchHeader, dutchRow] = await rows({ 'accept-language': 'en' }, `${hq.cookie}; brigade-language=nl`);
    expect(dutchHeader?.slice(0, 4)).toEqual(['Naam', 'E-mail', 'Rol', 'Status']);
    expect(dutchRow?.slice(2, 4)).toEqual([coreText('nl', 'Manager'), 'Actief']);
    const [frenchHeader] = await rows({ 'accept-language': 'fr-BE, fr;q=0.9' });
    expect(frenchHeader?.slice(0, 4)).toEqual(['Nom', 'E-mail', 'Rôle', 'Statut']);
  });

  test("the password-reset email comes in the person's choice, else in the asking browser's language", async () => {
    const french = await t.buildUser('manager', { restaurantIds: [restaurant.id] });
    await t.db.update(users).set({ language: 'fr' }).where(eq(users.id, french.id));
    const unchosen = await t.buildUser('staff', { restaurantIds: [restaurant.id] });
    const ask = (email: string, headers: Record<string, string>) =>
      t.request(undefined, {
        method: 'POST',
        url: '/api/auth/request-password-reset',
        payload: { email },
        headers,
        ...newAddress(),
      });

    expect((await ask(french.email, { 'accept-language': 'nl' })).statusCode).toBe(200);
    const frenchMail = await sink.waitFor((mail) => mail.to.includes(french.email));
    expect(frenchMail.subject).toBe('Réinitialisez votre mot de passe Brigade');
    expect(frenchMail.text).toContain(serverTexts('fr').email.resetValidity(30));

    expect((await ask(unchosen.email, { 'accept-language': 'nl-NL, en;q=0.5' })).statusCode).toBe(200);
    const dutchMail = await sink.waitFor((mail) => mail.to.includes(unchosen.email));
    expect(dutchMail.subject).toBe('Stel je Brigade-wachtwoord opnieuw in');
    expect(dutchMail.text).toMatch(/reset-password\?token=/);
  });
});
