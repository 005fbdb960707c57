import { sql } from 'drizzle-orm';
import { describe, expect, test } from 'vitest';
import { verifyActivityLog } from '../src/activity/chain';
import { insertChecklist, insertRun, minutesFromNow } from './checklist-run-fixtures';
import { PASSWORD, startTestApp } from './harness';

/**
 * What the activity log records (issue 36): who, what, the object, before→after for
 * changed fields (never a secret), the address and user agent; and an entry exists
 * exactly when its change does (same transaction).
 */
const t = await startTestApp();
const hq = await t.signedIn('hq');
const restaurant = await t.buildRestaurant({ name: 'Brigade Utrecht' });

interface Entry {
  kind: string;
  actor_id: string | null;
  actor_label: string | null;
  restaurant_id: string | null;
  object_type: string | null;
  object_id: string | null;
  object_label: string | null;
  changes: Record<string, { from: unknown; to: unknown }> | null;
  details: Record<string, unknown> | null;
  address: string | null;
  user_agent: string | null;
}

async function entries(where: ReturnType<typeof sql>): Promise<Entry[]> {
  const { rows } = (await t.db.execute(
    sql`select kind, actor_id, actor_label, restaurant_id, object_type, object_id, object_label, changes, details,
      address, user_agent from activity_log where ${where} order by at, seq`,
  )) as unknown as { rows: Entry[] };
  return rows;
}

const browser = { 'user-agent': 'Brigade-Test/1.0' };

describe('signing in and out', () => {
  test('a password sign-in is recorded with its method, address and user agent', async () => {
    const person = await t.buildUser('staff', { name: 'Sam Signin' });
    const response = await t.request(undefined, {
      method: 'POST',
      url: '/api/auth/sign-in/email',
      payload: { email: person.email, password: PASSWORD },
      headers: browser,
      remoteAddress: '198.51.100.7',
    });
    expect(response.statusCode).toBe(200);
    expect(await entries(sql`kind = 'auth.signIn' and actor_id = ${person.id}`)).toEqual([
      expect.objectContaining({
        object_type: 'user',
        object_id: person.id,
        object_label: 'Sam Signin',
        details: { method: 'password' },
        address: '198.51.100.7',
        user_agent: 'Brigade-Test/1.0',
      }),
    ]);
  });

  test('a failed sign-in is recorded with the email tried, and no one as actor', async () => {
    const response = await t.request(undefined, {
      method: 'POST',
      url: '/api/auth/sign-in/email',
      payload: { email: 'Nobody@Example.com', password: 'wrong-password' },
      headers: browser,
      remoteAddress: '198.51.100.8',
    });
    expect(response.statusCode).toBe(401);
    expect(await entries(sql`kind = 'auth.signInFailed' and actor_label = 'nobody@example.com'`)).toEqual([
      expect.objectContaining({
        actor_id: null,
        details: { method: 'password', reason: 'wrong-credentials' },
        address: '198.51.100.8',
      }),
    ]);
  });

  test('a deactivated person signing in is recorded as refused', async () => {
    const person = await t.buildUser('staff', { isActive: false });
    const response = await t.signIn(person.email);
    expect(response.response.statusCode).toBe(403);
    expect(await entries(sql`kind = 'auth.signInFailed' and actor_label = ${person.email}`)).toEqual([
      expect.objectContaining({ details: { method: 'password', reason: 'deactivated' } }),
    ]);
  });

  test('a password sign-in refused because SSO switched passwords off for the domain says so', async () => {
    const provider = await t.request(hq.cookie, {
      method: 'POST',
      url: '/api/identity-providers',
      payload: {
        name: 'Contoso',
        issuer: 'https://login.contoso.example/tenant/v2.0',
        clientId: 'brigade',
        clientSecret: 'client-secret-never-logged',
        allowedDomains: ['contoso.example'],
        jit: false,
        groupRoles: [],
        passwordSignIn: false,
        enabled: true,
      },
    });
    expect(provider.statusCode, provider.body).toBe(201);
    const made = await t.request(hq.cookie, {
      method: 'POST',
      url: '/api/users',
      payload: {
        name: 'Sso Only',
        email: 'sso.only@contoso.example',
        password: 'secret-sso',
        role: 'staff',
        selectedRestaurants: [restaurant.id],
      },
    });
    expect(made.statusCode, made.body).toBe(201);
    expect((await t.signIn('sso.only@contoso.example', 'secret-sso')).response.statusCode).toBe(403);
    expect(await entries(sql`kind = 'auth.signInFailed' and actor_label = 'sso.only@contoso.example'`)).toEqual([
      expect.objectContaining({ details: { method: 'password', reason: 'passwordSignInOff' } }),
    ]);
    expect(JSON.stringify(await entries(sql`true`))).not.toContain('client-secret-never-logged');
  });

  test('signing out is recorded for the person', async () => {
    const person = await t.signedIn('staff');
    const response = await t.request(person.cookie, { method: 'POST', url: '/api/auth/sign-out', payload: {} });
    expect(response.statusCode).toBe(200);
    expect(await entries(sql`kind = 'auth.signOut' and actor_id = ${person.id}`)).toHaveLength(1);
  });

  test('a password changed in Profile is recorded, never the password', async () => {
    const person = await t.signedIn('staff');
    const response = await t.request(person.cookie, {
      method: 'PUT',
      url: '/api/profile',
      payload: { name: 'New Name', email: person.email, password: 'another-secret' },
    });
    expect(response.statusCode).toBe(200);
    const recorded = await entries(sql`object_id = ${person.id} and kind in ('auth.passwordChanged', 'user.updated')`);
    expect(recorded.map((entry) => entry.kind).sort()).toEqual(['auth.passwordChanged', 'user.updated']);
    expect(recorded.find((entry) => entry.kind === 'user.updated')?.changes).toEqual({
      name: { from: expect.any(String), to: 'New Name' },
    });
    expect(JSON.stringify(recorded)).not.toContain('another-secret');
  });
});

describe('people', () => {
  test('creating, editing, deactivating and deleting a person are recorded with before→after', async () => {
    const created = await t.request(hq.cookie, {
      method: 'POST',
      url: '/api/users',
      payload: {
        name: 'Pia Person',
        email: 'pia@example.com',
        password: 'secret-pia',
        role: 'staff',
        selectedRestaurants: [restaurant.id],
      },
      headers: browser,
    });
    expect(created.statusCode).toBe(201);
    const id = created.json().id as string;
    const edited = await t.request(hq.cookie, {
      method: 'POST',
      url: '/api/users',
      payload: {
        id,
        name: 'Pia Person',
        email: 'pia@example.com',
        role: 'manager',
        selectedRestaurants: [restaurant.id],
      },
    });
    expect(edited.statusCode).toBe(200);
    expect(
      (await t.request(hq.cookie, { method: 'PATCH', url: `/api/users/${id}/active`, payload: { isActive: false } }))
        .statusCode,
    ).toBe(200);
    expect((await t.request(hq.cookie, { method: 'DELETE', url: `/api/users/${id}` })).statusCode).toBe(204);

    const recorded = await entries(sql`object_id = ${id}`);
    expect(recorded).toEqual([
      expect.objectContaining({
        kind: 'user.created',
        actor_id: hq.id,
        restaurant_id: restaurant.id,
        object_label: 'Pia Person',
        changes: {
          name: { from: null, to: 'Pia Person' },
          email: { from: null, to: 'pia@example.com' },
          role: { from: null, to: 'staff' },
          restaurantIds: { from: [], to: [restaurant.id] },
        },
        user_agent: 'Brigade-Test/1.0',
      }),
      expect.objectContaining({ kind: 'user.updated', changes: { role: { from: 'staff', to: 'manager' } } }),
      expect.objectContaining({ kind: 'user.updated', changes: { isActive: { from: true, to: false } } }),
      expect.objectContaining({ kind: 'user.deleted', object_label: 'Pia Person' }),
    ]);
    expect(JSON.stringify(recorded)).not.toContain('secret-pia');
  });

  test('a change that is refused leaves no entry', async () => {
    const before = await entries(sql`true`);
    const taken = await t.request(hq.cookie, {
      method: 'POST',
      url: '/api/users',
      payload: {
        name: 'Twin',
        email: hq.email,
        password: 'secret-twin',
        role: 'staff',
        selectedRestaurants: [restaurant.id],
      },
    });
    expect(taken.statusCode).toBe(409);
    const lastHq = await t.request(hq.cookie, { method: 'DELETE', url: `/api/users/${hq.id}` });
    expect(lastHq.statusCode).toBe(409);
    expect(await entries(sql`true`)).toHaveLength(before.length);
  });
});

describe('restaurants', () => {
  test('create, update, deactivate and delete are recorded with the changed fields only', async () => {
    const created = await t.request(hq.cookie, {
      method: 'POST',
      url: '/api/restaurants',
      payload: { name: 'Brigade Gouda', city: 'Gouda', country: 'Netherlands', address: 'Markt 1' },
    });
    expect(created.statusCode).toBe(201);
    const id = created.json().id as string;
    const updated = await t.request(hq.cookie, {
      method: 'PUT',
      url: `/api/restaurants/${id}`,
      payload: { name: 'Brigade Gouda Centrum', city: 'Gouda', country: 'Netherlands', address: 'Markt 1' },
    });
    expect(updated.statusCode).toBe(200);
    const unchanged = await t.request(hq.cookie, {
      method: 'PUT',
      url: `/api/restaurants/${id}`,
      payload: { name: 'Brigade Gouda Centrum', city: 'Gouda', country: 'Netherlands', address: 'Markt 1' },
    });
    expect(unchanged.statusCode).toBe(200);
    expect((await t.request(hq.cookie, { method: 'DELETE', url: `/api/restaurants/${id}` })).statusCode).toBe(204);
    const recorded = await entries(sql`object_id = ${id}`);
    expect(recorded.map((entry) => entry.kind)).toEqual([
      'restaurant.created',
      'restaurant.updated',
      'restaurant.deleted',
    ]);
    expect(recorded[1]?.changes).toEqual({ name: { from: 'Brigade Gouda', to: 'Brigade Gouda Centrum' } });
    expect(recorded.every((entry) => entry.restaurant_id === id && entry.actor_id === hq.id)).toBe(true);
  });
});

describe('records', () => {
  type AuditJson = {
    id: string;
    version: number;
    items: { id: string; actions: { id: string }[] }[];
  };
  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: Record<string, unknown>) =>
    t.request(hq.cookie, { method, url, payload });

  async function submittedAudit() {
    const template = await call('POST', '/api/audit-templates', {
      name: `Kitchen ${Math.random()}`,
      items: [{ text: 'Fridge below 7°C' }, { text: 'Floors clean' }],
    });
    expect(template.statusCode, template.body).toBe(201);
    const created = await call('POST', '/api/audits', {
      restaurantId: restaurant.id,
      templateIds: [template.json().id],
      auditorId: hq.id,
    });
    expect(created.statusCode, created.body).toBe(201);
    const draft = (await call('GET', `/api/audits/${created.json().id}`)).json() as AuditJson;
    const submitted = await call('POST', `/api/audits/${draft.id}/submit`, {
      version: draft.version,
      items: draft.items.map((item, index) => ({ id: item.id, mark: index === 0 ? 'bad' : 'good', comment: null })),
    });
    expect(submitted.statusCode, submitted.body).toBe(200);
    return submitted.json() as AuditJson;
  }

  test('an audit submitted and deleted, and the action its finding opened', async () => {
    const audit = await submittedAudit();
    const [submitted] = await entries(sql`kind = 'audit.submitted' and object_id = ${audit.id}`);
    expect(submitted).toMatchObject({
      actor_id: hq.id,
      restaurant_id: restaurant.id,
      object_type: 'audit',
      object_label: expect.stringContaining('Brigade Utrecht'),
      changes: { status: { from: 'draft', to: 'completed' }, finalScore: { from: null, to: expect.any(Number) } },
    });
    const actionId = audit.items[0]?.actions[0]?.id as string;
    expect(await entries(sql`kind = 'correctiveAction.created' and object_id = ${actionId}`)).toEqual([
      expect.objectContaining({ restaurant_id: restaurant.id, object_label: 'Fridge below 7°C' }),
    ]);

    const due = await call('PUT', `/api/actions/${actionId}/due`, { dueOn: '2030-05-01', version: 1 });
    expect(due.statusCode, due.body).toBe(200);
    const resolved = await call('POST', `/api/actions/${actionId}/resolve`, { note: 'Fixed the seal', version: 2 });
    expect(resolved.statusCode, resolved.body).toBe(200);
    const changes = (await entries(sql`kind = 'correctiveAction.updated' and object_id = ${actionId}`)).map(
      (entry) => entry.changes,
    );
    expect(changes).toEqual([
      { dueOn: { from: expect.any(String), to: '2030-05-01' } },
      { status: { from: 'open', to: 'resolved' }, resolutionNote: { from: null, to: 'Fixed the seal' } },
    ]);

    expect((await call('DELETE', `/api/audits/${audit.id}`)).statusCode).toBe(204);
    expect(await entries(sql`kind = 'audit.deleted' and object_id = ${audit.id}`)).toEqual([
      expect.objectContaining({
        restaurant_id: restaurant.id,
        details: { status: 'completed', finalScore: expect.any(Number) },
      }),
    ]);
  });

  test('a checklist correction records the value before and after, and the reason', async () => {
    const log = await insertChecklist(t.db, { name: 'Temperature log', allRestaurants: false, windows: [] });
    const runId = await insertRun(t.db, log, restaurant.id, { opensAt: minutesFromNow(-90), windowId: null });
    await t.db.execute(sql`insert into checklist_values (run_id, item_id, value, failed, entered_by, received_at)
      values (${runId}, 'chlorine', '100'::jsonb, false, ${hq.id}, now())`);
    await t.db.execute(sql`update checklist_runs set status = 'submitted', submitted_at = now() where id = ${runId}`);
    const response = await call('POST', `/api/checklist-runs/${runId}/corrections`, {
      itemId: 'chlorine',
      value: 120,
      reason: 'Misread the strip',
    });
    expect(response.statusCode, response.body).toBe(201);
    expect(await entries(sql`kind = 'checklistRun.corrected' and object_id = ${runId}`)).toEqual([
      expect.objectContaining({
        actor_id: hq.id,
        restaurant_id: restaurant.id,
        object_label: 'Sanitiser strength',
        changes: { chlorine: { from: 100, to: 120 } },
        details: { itemId: 'chlorine', item: 'Sanitiser strength', reason: 'Misread the strip', failed: false },
      }),
    ]);
  });
});

test('after all of it the chain verifies', async () => {
  expect(await verifyActivityLog(t.db)).toMatchObject({ ok: true });
});
