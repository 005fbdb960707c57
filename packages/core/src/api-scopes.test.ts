import { describe, expect, test } from 'vitest';
import { API_AREAS, API_SCOPES, actionScopes, isApiScope, scopeForAction, tokenAllows } from './api-scopes';
import { type Action, permissions } from './permissions';

describe('API token scopes (issue 37)', () => {
  test('a read and a write scope per area', () => {
    expect(API_SCOPES).toHaveLength(API_AREAS.length * 2);
    expect(isApiScope('audits:read')).toBe(true);
    expect(isApiScope('audits:admin')).toBe(false);
  });

  test('every area has an action for each of its scopes, and every mapped action exists', () => {
    const used = new Set(Object.values(actionScopes));
    expect(API_SCOPES.filter((scope) => !used.has(scope))).toEqual([]);
    expect(Object.keys(actionScopes).filter((action) => !(action in permissions))).toEqual([]);
  });

  test('only actions hq may take are mapped: a token acts as an hq person', () => {
    const notHq = (Object.keys(actionScopes) as Action[]).filter(
      (action) => !(permissions[action].roles as readonly string[]).includes('hq'),
    );
    expect(notHq).toEqual([]);
  });

  test("one's own account and the settings behind tokens take no token", () => {
    for (const action of [
      'session.read',
      'profile.update',
      'password.change',
      'passkeys.manage',
      'notifications.use',
      'quizzes.take',
      'announcements.acknowledge',
      'scim.manage',
      'identityProviders.manage',
      'apiTokens.manage',
      'activityLog.read',
      'users.temporaryPassword',
    ] as const) {
      expect(scopeForAction(action), action).toBeNull();
      expect(tokenAllows(API_SCOPES, action), action).toBe(false);
    }
  });

  test('write includes read; read does not include write; areas stay apart', () => {
    expect(tokenAllows(['audits:write'], 'audits.read')).toBe(true);
    expect(tokenAllows(['audits:write'], 'audits.conduct')).toBe(true);
    expect(tokenAllows(['audits:read'], 'audits.read')).toBe(true);
    expect(tokenAllows(['audits:read'], 'audits.conduct')).toBe(false);
    expect(tokenAllows(['people:write'], 'audits.read')).toBe(false);
    expect(tokenAllows([], 'restaurants.list')).toBe(false);
  });
});
