import { ErrorReply } from '@brigade/core/schemas/common';
import { HqDashboard, ManagerDashboard, ManagerDashboardQuery, StaffDashboard } from '@brigade/core/schemas/dashboards';
import { callerOf } from '../../auth/guards';
import type { App, AppContext } from '../../context';
import { hqDashboard, managerDashboard, staffDashboard } from './service';

const errors = { 400: ErrorReply, 401: ErrorReply, 403: ErrorReply };
const tags = ['dashboards'];

/** One endpoint per dashboard, each returning exactly what its screen shows. */
export async function dashboardRoutes(app: App, { database, guard }: Pick<AppContext, 'database' | 'guard'>) {
  const { db } = database;

  app.get(
    '/api/dashboards/hq',
    {
      schema: { tags, summary: 'Headquarters Dashboard', response: { 200: HqDashboard, ...errors } },
      onRequest: guard('dashboards.hq'),
    },
    async () => hqDashboard(db),
  );

  app.get(
    '/api/dashboards/manager',
    {
      schema: {
        tags,
        summary: 'Manager dashboard for one of their restaurants',
        querystring: ManagerDashboardQuery,
        response: { 200: ManagerDashboard, ...errors },
      },
      onRequest: guard('dashboards.manager', { restaurant: 'query.restaurantId' }),
    },
    async (request) => managerDashboard(db, callerOf(request), request.query.restaurantId),
  );

  app.get(
    '/api/dashboards/staff',
    {
      schema: { tags, summary: 'Staff dashboard', response: { 200: StaffDashboard, ...errors } },
      onRequest: guard('dashboards.staff'),
    },
    async (request) => staffDashboard(db, callerOf(request)),
  );
}
