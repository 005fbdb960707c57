import { describe, expect, test } from 'vitest';
import { routePageAt, routePages } from './route-pages';

describe('routePageAt: the page main.tsx starts loading for the address bar', () => {
  test('a literal path is its own page', () => {
    expect(routePageAt('/dashboard-staff')?.page).toBe(routePages['/dashboard-staff']);
  });

  test('an address with an id is the page of its :param route, a literal sibling wins', () => {
    expect(routePageAt('/audits/a-7')?.path).toBe('/audits/:id');
    expect(routePageAt('/trainings/t-1/take-quiz')?.path).toBe('/trainings/:id/take-quiz');
    expect(routePageAt('/trainings/add')?.path).toBe('/trainings/add');
    expect(routePageAt('/trainings/')?.path).toBe('/trainings');
  });

  test('an address no page draws starts nothing', () => {
    expect(routePageAt('/')).toBeUndefined();
    expect(routePageAt('/audits')).toBeUndefined();
    expect(routePageAt('/no-such-page')).toBeUndefined();
  });

  test('only the dashboards fetch their data before they render', () => {
    const withData = Object.entries(routePages)
      .filter(([, page]) => page?.prefetchData)
      .map(([path]) => path);
    expect(withData.sort()).toEqual(['/dashboard-hq', '/dashboard-manager', '/dashboard-staff']);
  });
});
