import { describe, expect, test } from 'vitest';
import { dashboardPathFor, ROLES } from './roles';
import {
  appRoutes,
  canOpenRoute,
  entriesFor,
  hqReportEntries,
  isReportPath,
  sidebarEntries,
  tabBarEntries,
} from './routes';

const route = (path: string) => {
  const found = appRoutes.find((candidate) => candidate.path === path);
  if (!found) throw new Error(`no route ${path}`);
  return found;
};

describe('route table (reports spec §2)', () => {
  test('every path appears once', () => {
    const paths = appRoutes.map((r) => r.path);
    expect(new Set(paths).size).toBe(paths.length);
  });

  test('roles are redirected to their own dashboard; anything else goes to the hq one', () => {
    expect(dashboardPathFor('hq')).toBe('/dashboard-hq');
    expect(dashboardPathFor('manager')).toBe('/dashboard-manager');
    expect(dashboardPathFor('staff')).toBe('/dashboard-staff');
    expect(dashboardPathFor('auditor')).toBe('/dashboard-hq');
    expect(dashboardPathFor(undefined)).toBe('/dashboard-hq');
  });

  test('each role can open its own dashboard and no other', () => {
    for (const role of ROLES) {
      const dashboards = appRoutes.filter((r) => r.path.startsWith('/dashboard-') && canOpenRoute(role, r));
      expect(dashboards.map((r) => r.path)).toEqual([dashboardPathFor(role)]);
    }
  });

  test.each([
    ['/store-performance', ['hq']],
    ['/reports/23-24-25', ['hq']],
    ['/manager-bulk-training-assign', ['manager']],
    ['/reports/sales', ['manager']],
    ['/staff-management', ['hq', 'manager']],
    ['/training-assign', ['hq', 'manager']],
    ['/profile', ['staff', 'manager', 'hq']],
    ['/trainings/:id/take-quiz', ['staff', 'manager', 'hq']],
    ['/audits/:id', ['staff', 'manager', 'hq']],
  ])('%s is open to %j', (path, roles) => {
    expect([...route(path).roles].sort()).toEqual([...roles].sort());
  });

  test('the selector strip hides on /reports/ pages only', () => {
    expect(isReportPath('/reports/sales')).toBe(true);
    expect(isReportPath('/hq-reports')).toBe(false);
    for (const r of appRoutes) expect(Boolean(r.hidesRestaurantSelector)).toBe(isReportPath(r.path));
  });
});

describe('navigation', () => {
  test('every sidebar, reports and tab entry points at a route its roles may open', () => {
    for (const entry of [...sidebarEntries, ...hqReportEntries, ...tabBarEntries]) {
      for (const role of entry.roles) expect(canOpenRoute(role, route(entry.path))).toBe(true);
    }
  });

  test('the mobile tab bar has 4 items for managers, 3 for staff and none for hq', () => {
    expect(entriesFor(tabBarEntries, 'manager').map((e) => e.label)).toEqual([
      'Dashboard',
      'My Trainings',
      'Audits',
      'Sales Report',
    ]);
    expect(entriesFor(tabBarEntries, 'staff').map((e) => e.label)).toEqual(['Dashboard', 'My Trainings', 'Profile']);
    expect(entriesFor(tabBarEntries, 'hq')).toEqual([]);
  });

  test("staff see only their dashboard, today's checklists and the shared screens in the sidebar", () => {
    expect(entriesFor(sidebarEntries, 'staff').map((e) => e.path)).toEqual([
      '/dashboard-staff',
      '/today',
      '/trainings',
      '/my-trainings',
      '/profile',
    ]);
  });
});
