import { messages } from '@brigade/core/messages';
import { describe, expect, test } from 'vitest';
import { startTestApp } from './harness';

const t = await startTestApp();

const put = (cookie: string, payload: Record<string, unknown>) =>
  t.request(cookie, { method: 'PUT', url: '/api/profile', payload });
const profileOf = async (cookie: string) => (await t.request(cookie, { method: 'GET', url: '/api/profile' })).json();

describe('profile', () => {
  test('every role reads its own profile', async () => {
    for (const role of ['hq', 'manager', 'staff'] as const) {
      const user = await t.signedIn(role);
      const response = await t.request(user.cookie, { method: 'GET', url: '/api/profile' });
      expect(response.json()).toEqual({
        id: user.id,
        name: `${role} ${user.email.match(/\d+/)?.[0]}`,
        email: user.email,
      });
    }
  });

  test('name and email change; a blank password keeps the current one', async () => {
    const user = await t.signedIn('staff');
    const response = await put(user.cookie, { name: ' Sam Bakker ', email: 'SAM.B@example.com', password: '' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ name: 'Sam Bakker', email: 'sam.b@example.com' });
    expect((await t.signIn('sam.b@example.com')).response.statusCode).toBe(200);
  });

  test('the spec messages come back per field and nothing changes', async () => {
    const user = await t.signedIn('manager');
    const before = await t.tableDigests();
    const response = await put(user.cookie, { name: '', email: '', password: '123' });
    expect(response.statusCode).toBe(400);
    expect(response.json().fields).toEqual({
      name: messages.nameRequired,
      email: messages.emailRequired,
      password: messages.passwordTooShort,
    });
    expect(await t.tableDigests()).toEqual(before);
    expect((await profileOf(user.cookie)).email).toBe(user.email);
  });

  test('an invalid email format is refused and nothing changes', async () => {
    const user = await t.signedIn('staff');
    const before = await profileOf(user.cookie);
    const response = await put(user.cookie, { name: 'A', email: 'a@b' });
    expect(response.statusCode).toBe(400);
    expect(response.json().fields).toEqual({ email: messages.invalidEmail });
    expect(await profileOf(user.cookie)).toEqual(before);
  });

  test("another person's email is a 409 on the email field", async () => {
    const taken = await t.buildUser('staff');
    const user = await t.signedIn('staff');
    const before = await t.tableDigests();
    const response = await put(user.cookie, { name: 'Me', email: taken.email.toUpperCase() });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ message: messages.userExists, fields: { email: messages.userExists } });
    expect(await t.tableDigests()).toEqual(before);
    expect(await profileOf(user.cookie)).toMatchObject({ name: expect.stringMatching(/^staff /), email: user.email });
  });

  test('a new password replaces the old one and signs out other sessions, not this one', async () => {
    const user = await t.signedIn('hq');
    const { cookie: otherDevice } = await t.signIn(user.email);
    const response = await put(user.cookie, { name: 'Hq', email: user.email, password: 'new-secret' });
    expect(response.statusCode).toBe(200);
    expect((await t.signIn(user.email)).response.statusCode).toBe(401);
    expect((await t.signIn(user.email, 'new-secret')).response.statusCode).toBe(200);
    expect((await t.request(user.cookie, { method: 'GET', url: '/api/me' })).statusCode).toBe(200);
    expect((await t.request(otherDevice, { method: 'GET', url: '/api/me' })).statusCode).toBe(401);
  });

  test('a role cannot be changed through the profile: the rest of the form is saved, the role ignored', async () => {
    const user = await t.signedIn('staff');
    const response = await put(user.cookie, { name: 'Sneaky', email: user.email, role: 'hq' });
    expect(response.statusCode).toBe(200);
    expect(await profileOf(user.cookie)).toMatchObject({ name: 'Sneaky' });
    expect((await t.request(user.cookie, { method: 'GET', url: '/api/me' })).json().role).toBe('staff');
  });
});
