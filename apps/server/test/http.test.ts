import { describe, expect, test } from 'vitest';
import { BODY_LIMIT } from '../src/app';
import { startTestApp } from './harness';

const t = await startTestApp();

describe('HTTP behaviour', () => {
  test('health reports the database as up', async () => {
    const response = await t.request(undefined, { method: 'GET', url: '/api/health' });
    expect(response.json()).toEqual({ status: 'ok', database: 'up' });
  });

  test('an unknown API path is a JSON 404', async () => {
    const response = await t.request(undefined, { method: 'GET', url: '/api/nothing-here' });
    expect(response.statusCode).toBe(404);
    expect(response.json().message).toBe('No such endpoint: GET /api/nothing-here');
  });

  test('malformed JSON is a 400 with a readable message, never a stack trace', async () => {
    const user = await t.signedIn('staff');
    const response = await t.request(user.cookie, {
      method: 'PUT',
      url: '/api/profile',
      payload: '{"name": ',
      headers: { 'content-type': 'application/json' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: 'The request body is not valid JSON.' });
  });

  test('a body over the limit is refused with 413 and changes nothing', async () => {
    const response = await t.request(undefined, {
      method: 'POST',
      url: '/api/setup',
      payload: { name: 'x'.repeat(BODY_LIMIT), email: 'a@b.co', password: 'secret1' },
    });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({ message: 'The request is too large.' });
    // A profile edit that would be saved but for its size.
    const user = await t.signedIn('staff');
    const before = await t.tableDigests();
    const edit = await t.request(user.cookie, {
      method: 'PUT',
      url: '/api/profile',
      payload: { name: 'Renamed', email: user.email, padding: 'x'.repeat(BODY_LIMIT) },
    });
    expect(edit.statusCode).toBe(413);
    expect(edit.json()).toEqual({ message: 'The request is too large.' });
    expect(await t.tableDigests()).toEqual(before);
  });

  test('security headers are set', async () => {
    const response = await t.request(undefined, { method: 'GET', url: '/api/health' });
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['content-security-policy']).toContain("frame-ancestors 'none'");
  });

  test('the OpenAPI document lists the API', async () => {
    const response = await t.request(undefined, { method: 'GET', url: '/api/docs/json' });
    expect(Object.keys(response.json().paths)).toEqual(
      expect.arrayContaining(['/api/me', '/api/profile', '/api/setup', '/api/restaurants', '/api/restaurants/{id}']),
    );
  });
});

describe('content security policy', () => {
  test('allows training videos from https hosts and Power BI frames, nothing else framed', async () => {
    const policy = String(
      (await t.request(undefined, { method: 'GET', url: '/api/health' })).headers['content-security-policy'],
    );
    expect(policy).toContain("media-src 'self' https: blob:");
    expect(policy).toContain('frame-src https://app.powerbi.com https://*.powerbi.com');
    expect(policy).toContain("default-src 'self'");
  });
});
