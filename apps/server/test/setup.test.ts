import { messages } from '@brigade/core/messages';
import { describe, expect, test } from 'vitest';
import { users } from '../src/db/schema/users';
import { startTestApp } from './harness';

const t = await startTestApp();

describe('first run', () => {
  test('an empty database asks for the head office account', async () => {
    const response = await t.request(undefined, { method: 'GET', url: '/api/setup' });
    expect(response.json()).toEqual({ needed: true });
  });

  test('invalid details are refused field by field and create nothing', async () => {
    const response = await t.request(undefined, {
      method: 'POST',
      url: '/api/setup',
      payload: { name: ' ', email: 'not-an-email', password: '12345' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().fields).toEqual({
      name: messages.nameRequired,
      email: messages.invalidEmail,
      password: messages.passwordTooShort,
    });
    expect(await t.db.select().from(users)).toHaveLength(0);
  });

  test('creates an hq account that can sign in, with the email trimmed and lower-cased', async () => {
    const response = await t.request(undefined, {
      method: 'POST',
      url: '/api/setup',
      payload: { name: 'Hannah Quist', email: '  Hannah@Example.COM ', password: 'secret1' },
    });
    expect(response.statusCode).toBe(201);
    const [created] = await t.db.select().from(users);
    expect(created).toMatchObject({ email: 'hannah@example.com', role: 'hq', isActive: true });
    const { cookie } = await t.signIn('hannah@example.com', 'secret1');
    const me = await t.request(cookie, { method: 'GET', url: '/api/me' });
    expect(me.json()).toMatchObject({ name: 'Hannah Quist', role: 'hq' });
  });

  test('is offered only once: afterwards it is closed and refused', async () => {
    expect((await t.request(undefined, { method: 'GET', url: '/api/setup' })).json()).toEqual({ needed: false });
    const again = await t.request(undefined, {
      method: 'POST',
      url: '/api/setup',
      payload: { name: 'Intruder', email: 'intruder@example.com', password: 'secret1' },
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(messages.firstRunClosed);
    expect(await t.db.select().from(users)).toHaveLength(1);
  });
});
