import { messages } from '@brigade/core/messages';
import { signOffMessages } from '@brigade/core/schemas/audit-sign-offs';
import type { AuditDetail } from '@brigade/core/schemas/audits';
import { count, eq } from 'drizzle-orm';
import { describe, expect, test } from 'vitest';
import { ACCOUNT_SIGN_IN_LIMIT } from '../src/auth/account-sign-in-limit';
import { auditSignOffs } from '../src/db/schema/checklists';
import { sessions, users } from '../src/db/schema/users';
import { PASSWORD, startTestApp } from './harness';
import { readPdf } from './pdf-reader';

// Sign-off on the spot (issue 33): the restaurant's manager on duty signs a submitted audit
// off with their own email and password on the auditor's phone, or later from their account.

const t = await startTestApp();
const restaurant = await t.buildRestaurant({ name: 'Brigade Haarlem' });
const other = await t.buildRestaurant({ name: 'Brigade Leiden' });
const hq = await t.signedIn('hq');
const manager = await t.signedIn('manager', { restaurantIds: [restaurant.id] });
const sam = await t.buildUser('manager', { restaurantIds: [restaurant.id], name: 'Sam Manager' });
const staff = await t.signedIn('staff', { restaurantIds: [restaurant.id] });
const managerOfOther = await t.signedIn('manager', { restaurantIds: [other.id] });

const template = (
  await t.request(hq.cookie, {
    method: 'POST',
    url: '/api/audit-templates',
    payload: { name: 'Kitchen hygiene', items: [{ text: 'Fridge below 7 degrees' }] },
  })
).json() as { id: string };

/** A draft of the restaurant, or submitted (completed) by hq. */
async function audit({ submit = true, at = restaurant.id } = {}) {
  const created = await t.request(hq.cookie, {
    method: 'POST',
    url: '/api/audits',
    payload: { restaurantId: at, templateIds: [template.id], auditorId: hq.id },
  });
  const id = created.json().id as string;
  const draft = (await t.request(hq.cookie, { method: 'GET', url: `/api/audits/${id}` })).json() as AuditDetail;
  if (!submit) return draft;
  const submitted = await t.request(hq.cookie, {
    method: 'POST',
    url: `/api/audits/${id}/submit`,
    payload: {
      version: draft.version,
      items: draft.items.map((item) => ({ id: item.id, mark: 'good', comment: null })),
    },
  });
  expect(submitted.statusCode, submitted.body).toBe(200);
  return submitted.json() as AuditDetail;
}

/** Every test signs from an address of its own, so failures counted in one do not limit another. */
let addresses = 0;
const nextAddress = () => `203.0.113.${++addresses}`;

function signOff(cookie: string | undefined, id: string, payload: object, remoteAddress = nextAddress()) {
  return t.request(cookie, { method: 'POST', url: `/api/audits/${id}/sign-off`, payload, remoteAddress });
}

const sessionsOf = async (userId: string) =>
  (await t.db.select({ n: count() }).from(sessions).where(eq(sessions.userId, userId)))[0]?.n ?? 0;

describe('on the auditor’s phone: the manager’s own email and password', () => {
  test('hq submits, Sam types his email and password with a comment: signed off by Sam, no session made for him', async () => {
    const submitted = await audit();
    expect(submitted.signOff).toBeNull();
    const samSessions = await sessionsOf(sam.id);
    const response = await signOff(hq.cookie, submitted.id, {
      email: ` ${sam.email.toUpperCase()} `,
      password: PASSWORD,
      comment: '  Fridge fixed tonight ',
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['set-cookie']).toBeUndefined();
    const signed = response.json() as AuditDetail;
    expect(signed.signOff).toMatchObject({ name: 'Sam Manager', comment: 'Fridge fixed tonight' });
    expect(Math.abs(Date.parse(signed.signOff?.signedAt ?? '') - Date.now())).toBeLessThan(60_000);
    // Nobody was signed in: Sam has no new session, and hq still is who they were.
    expect(await sessionsOf(sam.id)).toBe(samSessions);
    const [row] = await t.db.select().from(auditSignOffs).where(eq(auditSignOffs.auditId, submitted.id));
    expect(row).toMatchObject({ signedBy: sam.id, signedByName: 'Sam Manager' });
    // Everyone who reads the audit sees it, and the PDF says it.
    const read = await t.request(staff.cookie, { method: 'GET', url: `/api/audits/${submitted.id}` });
    expect((read.json() as AuditDetail).signOff?.name).toBe('Sam Manager');
    const pdf = await t.request(hq.cookie, { method: 'GET', url: `/api/audits/${submitted.id}/report.pdf` });
    const text = (await readPdf(pdf.rawPayload)).text.replace(/\s+/g, '');
    expect(text).toContain('SignedoffbySamManagerat');
    expect(text).toContain("Manager'scomment:Fridgefixedtonight");
  });

  test('once: a second sign-off is 409, the first stays', async () => {
    const submitted = await audit();
    expect((await signOff(hq.cookie, submitted.id, { email: sam.email, password: PASSWORD })).statusCode).toBe(200);
    const again = await signOff(manager.cookie, submitted.id, { comment: 'Me too' });
    expect([again.statusCode, again.json().message]).toEqual([409, signOffMessages.signOffAlreadySigned]);
    const [row] = await t.db.select().from(auditSignOffs).where(eq(auditSignOffs.auditId, submitted.id));
    expect(row?.signedBy).toBe(sam.id);
  });

  test('two at once: one signs, the other gets 409', async () => {
    const submitted = await audit();
    const answers = await Promise.all([
      signOff(hq.cookie, submitted.id, { email: sam.email, password: PASSWORD }),
      signOff(manager.cookie, submitted.id, {}),
    ]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
  });

  test('a wrong password or an unknown email: 400 on the password field (not 401, which would end the phone’s own session)', async () => {
    const submitted = await audit();
    for (const payload of [
      { email: sam.email, password: 'wrong-password' },
      { email: 'nobody@example.com', password: PASSWORD },
    ]) {
      const response = await signOff(hq.cookie, submitted.id, payload);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({
        message: signOffMessages.signOffWrongCredentials,
        fields: { password: signOffMessages.signOffWrongCredentials },
      });
    }
    const inDutch = await signOff(`${hq.cookie}; brigade-language=nl`, submitted.id, {
      email: sam.email,
      password: 'wrong-password',
    });
    expect(inDutch.json().message).toBe('Onjuist e-mailadres of wachtwoord');
    // The phone holder is still signed in, and nothing was signed.
    expect((await t.request(hq.cookie, { method: 'GET', url: '/api/me' })).statusCode).toBe(200);
    expect(await t.db.select().from(auditSignOffs).where(eq(auditSignOffs.auditId, submitted.id))).toEqual([]);
  });

  test('the right password of someone who is not an active manager of the restaurant: 403', async () => {
    const submitted = await audit();
    const deactivated = await t.buildUser('manager', { restaurantIds: [restaurant.id], isActive: false });
    const hqToo = await t.buildUser('hq');
    for (const person of [staff, managerOfOther, deactivated, hqToo]) {
      const response = await signOff(hq.cookie, submitted.id, { email: person.email, password: PASSWORD });
      expect([response.statusCode, response.json().message], person.email).toEqual([
        403,
        signOffMessages.signOffNotManager,
      ]);
    }
    expect(await t.db.select().from(auditSignOffs).where(eq(auditSignOffs.auditId, submitted.id))).toEqual([]);
  });

  test('a manager still on the temporary password hq set cannot sign with it (hq knows it): 403', async () => {
    const submitted = await audit();
    const fresh = await t.buildUser('manager', { restaurantIds: [restaurant.id] });
    await t.db.update(users).set({ mustChangePassword: true }).where(eq(users.id, fresh.id));
    const response = await signOff(hq.cookie, submitted.id, { email: fresh.email, password: PASSWORD });
    expect([response.statusCode, response.json().message]).toEqual([403, signOffMessages.signOffTemporaryPassword]);
  });

  test('without credentials hq is asked for them (400 on both fields); one of the pair alone names the other', async () => {
    const submitted = await audit();
    const none = await signOff(hq.cookie, submitted.id, { comment: 'All good' });
    expect(none.statusCode).toBe(400);
    expect(none.json()).toMatchObject({
      message: signOffMessages.signOffCredentialsRequired,
      fields: { email: messages.emailRequired, password: messages.passwordRequired },
    });
    const emailOnly = await signOff(hq.cookie, submitted.id, { email: sam.email });
    expect([emailOnly.statusCode, emailOnly.json().fields]).toEqual([400, { password: messages.passwordRequired }]);
    const badEmail = await signOff(hq.cookie, submitted.id, { email: 'sam', password: PASSWORD });
    expect([badEmail.statusCode, badEmail.json().fields]).toEqual([400, { email: messages.invalidEmail }]);
    const long = await signOff(hq.cookie, submitted.id, {
      email: sam.email,
      password: PASSWORD,
      comment: 'x'.repeat(2001),
    });
    expect([long.statusCode, long.json().fields]).toEqual([
      400,
      { comment: 'A comment must be at most 2000 characters' },
    ]);
  });
});

describe("later, from the manager's own account", () => {
  test('a manager of the restaurant signs with a comment, without a password', async () => {
    const submitted = await audit();
    const response = await signOff(manager.cookie, submitted.id, { comment: 'Seen and agreed' });
    expect(response.statusCode, response.body).toBe(200);
    const [me] = await t.db.select({ name: users.name }).from(users).where(eq(users.id, manager.id));
    expect((response.json() as AuditDetail).signOff).toMatchObject({ name: me?.name, comment: 'Seen and agreed' });
  });

  test('the comment is optional', async () => {
    const submitted = await audit();
    const response = await signOff(manager.cookie, submitted.id, {});
    expect(response.statusCode).toBe(200);
    expect((response.json() as AuditDetail).signOff?.comment).toBeNull();
  });

  test('a manager of another restaurant is refused the audit (403); staff may not sign at all (403)', async () => {
    const submitted = await audit();
    const theirs = await signOff(managerOfOther.cookie, submitted.id, {});
    expect([theirs.statusCode, theirs.json().message]).toEqual([403, messages.restaurantForbidden]);
    const byStaff = await signOff(staff.cookie, submitted.id, {});
    expect(byStaff.statusCode).toBe(403);
    // Even naming their manager's credentials: staff hold no permission to sign off.
    expect((await signOff(staff.cookie, submitted.id, { email: sam.email, password: PASSWORD })).statusCode).toBe(403);
  });

  test('signed out: 401', async () => {
    const submitted = await audit();
    const response = await signOff(undefined, submitted.id, { email: sam.email, password: PASSWORD });
    expect(response.statusCode).toBe(401);
  });
});

describe('only a submitted audit', () => {
  test('a draft: 409 for hq, and does not exist for a manager (404)', async () => {
    const draft = await audit({ submit: false });
    const byHq = await signOff(hq.cookie, draft.id, { email: sam.email, password: PASSWORD });
    expect([byHq.statusCode, byHq.json().message]).toEqual([409, signOffMessages.signOffNeedsCompleted]);
    const byManager = await signOff(manager.cookie, draft.id, {});
    expect([byManager.statusCode, byManager.json().message]).toEqual([404, messages.auditNotFound]);
  });

  test('an unknown audit: 404; an id that is not one: 400', async () => {
    expect((await signOff(hq.cookie, '00000000-0000-4000-8000-000000000000', {})).statusCode).toBe(404);
    expect((await signOff(hq.cookie, 'not-an-id', {})).statusCode).toBe(400);
  });
});

describe('the sign-in limits (decision 028) count these attempts too', () => {
  const { maxFailures } = ACCOUNT_SIGN_IN_LIMIT.perAddress;

  test(`after ${maxFailures} wrong passwords from one address the account is refused there (429), the right password too, and so is signing in`, async () => {
    const victim = await t.buildUser('manager', { restaurantIds: [restaurant.id], name: 'Victor Manager' });
    const submitted = await audit();
    const from = '198.51.100.77';
    for (let attempt = 1; attempt <= maxFailures; attempt += 1) {
      const wrong = await signOff(hq.cookie, submitted.id, { email: victim.email, password: `wrong-${attempt}` }, from);
      expect(wrong.statusCode, `attempt ${attempt}`).toBe(400);
    }
    const limited = await signOff(hq.cookie, submitted.id, { email: victim.email, password: PASSWORD }, from);
    expect([limited.statusCode, limited.json().message]).toEqual([429, messages.tooManyAccountAttempts]);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    // The same count as sign-in's: signing in from there is refused as well.
    const signIn = await t.signIn(victim.email, PASSWORD, { remoteAddress: from });
    expect(signIn.response.statusCode).toBe(429);
    // From another address the manager signs off at once.
    const elsewhere = await signOff(hq.cookie, submitted.id, { email: victim.email, password: PASSWORD });
    expect(elsewhere.statusCode, elsewhere.body).toBe(200);
  });

  test('failed sign-ins and failed sign-offs add up to the one limit', async () => {
    const victim = await t.buildUser('manager', { restaurantIds: [restaurant.id] });
    const submitted = await audit();
    const from = '198.51.100.78';
    for (let attempt = 1; attempt < maxFailures; attempt += 1) {
      await t.signIn(victim.email, `wrong-${attempt}`, { remoteAddress: from });
    }
    const last = await signOff(hq.cookie, submitted.id, { email: victim.email, password: 'wrong-again' }, from);
    expect(last.statusCode).toBe(400);
    const limited = await signOff(hq.cookie, submitted.id, { email: victim.email, password: PASSWORD }, from);
    expect(limited.statusCode).toBe(429);
  });

  test("a right password clears the address's count, as a sign-in does", async () => {
    const person = await t.buildUser('manager', { restaurantIds: [restaurant.id] });
    const from = '198.51.100.79';
    const first = await audit();
    for (let attempt = 1; attempt < maxFailures; attempt += 1) {
      await signOff(hq.cookie, first.id, { email: person.email, password: `wrong-${attempt}` }, from);
    }
    expect((await signOff(hq.cookie, first.id, { email: person.email, password: PASSWORD }, from)).statusCode).toBe(
      200,
    );
    const second = await audit();
    for (let attempt = 1; attempt < maxFailures; attempt += 1) {
      expect(
        (await signOff(hq.cookie, second.id, { email: person.email, password: `wrong-${attempt}` }, from)).statusCode,
      ).toBe(400);
    }
    expect((await signOff(hq.cookie, second.id, { email: person.email, password: PASSWORD }, from)).statusCode).toBe(
      200,
    );
  });
});
