import { ErrorReply } from '@brigade/core/schemas/common';
import {
  AuditScoreRanking,
  AuditScoreTrend,
  AuditScoreTrendQuery,
  ManagerChartQuery,
  RecentAuditScores,
  TrainingCompletionByRestaurant,
  WeeklyTrainingProgress,
} from '@brigade/core/schemas/dashboard-charts';
import { HqDashboard, ManagerDashboard, ManagerDashboardQuery, StaffDashboard } from '@brigade/core/schemas/dashboards';
import { callerOf } from '../../auth/guards';
import type { AppContext } from '../../context';
import type { App } from '../../http/app-instance';
import {
  auditScoreRanking,
  auditScoreTrend,
  recentAuditScores,
  trainingCompletionByRestaurant,
  weeklyTrainingProgress,
} from './charts';
import { hqDashboard, managerDashboard, staffDashboard } from './service';

const errors = { 400: ErrorReply, 401: ErrorReply, 403: ErrorReply };
const tags = ['dashboards'];

/**
 * One endpoint per dashboard, each returning exactly what its screen shows, and one per
 * chart panel (issue 21), which the screen asks for beside it: a chart never holds up
 * the dashboard's figures. The charts are read by whoever reads their dashboard.
 */
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

  app.get(
    '/api/dashboards/hq/audit-scores',
    {
      schema: {
        tags,
        summary: 'Average audit score per week over the last 12 weeks: the chain, and chosen restaurants',
        querystring: AuditScoreTrendQuery,
        response: { 200: AuditScoreTrend, ...errors },
      },
      onRequest: guard('dashboards.hq'),
    },
    async (request) => auditScoreTrend(db, request.query.restaurantIds),
  );

  app.get(
    '/api/dashboards/hq/audit-ranking',
    {
      schema: {
        tags,
        summary: 'The 5 lowest and 5 highest restaurants by their average audit score over the last 90 days',
        response: { 200: AuditScoreRanking, ...errors },
      },
      onRequest: guard('dashboards.hq'),
    },
    async () => auditScoreRanking(db),
  );

  app.get(
    '/api/dashboards/hq/training-completion',
    {
      schema: {
        tags,
        summary: 'Training completion per restaurant, lowest first',
        response: { 200: TrainingCompletionByRestaurant, ...errors },
      },
      onRequest: guard('dashboards.hq'),
    },
    async () => trainingCompletionByRestaurant(db),
  );

  app.get(
    '/api/dashboards/manager/audit-scores',
    {
      schema: {
        tags,
        summary: "The selected restaurant's last 10 completed audits' scores",
        querystring: ManagerChartQuery,
        response: { 200: RecentAuditScores, ...errors },
      },
      onRequest: guard('dashboards.manager', { restaurant: 'query.restaurantId' }),
    },
    async (request) => recentAuditScores(db, request.query.restaurantId),
  );

  app.get(
    '/api/dashboards/manager/training-progress',
    {
      schema: {
        tags,
        summary: "The selected restaurant's staff trainings completed and still incomplete per week, last 12 weeks",
        querystring: ManagerChartQuery,
        response: { 200: WeeklyTrainingProgress, ...errors },
      },
      onRequest: guard('dashboards.manager', { restaurant: 'query.restaurantId' }),
    },
    async (request) => weeklyTrainingProgress(db, request.query.restaurantId),
  );
}
