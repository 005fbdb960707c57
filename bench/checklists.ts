/**
 * Issue 33's rows (PostgreSQL, on the chain seeded by bench/seed-checklists.ts): the Today
 * screen, one restaurant's month of food-safety log, the hq dashboard with its chain view
 * of today's checklists, the log's month as PDF and CSV, and the checklist job over the
 * whole chain with the ceiling route loaded meanwhile.
 */
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import type { DatabaseHandle } from '../apps/server/src/db/client';
import { runChecklistJob } from '../apps/server/src/modules/checklists/service';
import type { ListedEndpoint } from '../apps/server/test/listed-endpoints';
import type { LoadOptions, LoadResult } from './load';
import { lastMonthOf, type SeededChecklists } from './seed-checklists';

/** Targets of issue 33 (PostgreSQL, 32 connections): Today, the log and the chain view p95; the job's run. */
export const CHECKLIST_TARGETS = { p95: 50, jobSeconds: 2, besideJobP95: 50 } as const;

/** The month of log the bench reads: the manager restaurant's last whole month. */
function logQuery(seeded: SeededChecklists) {
  return `restaurantId=${seeded.managerRestaurantId}&period=month&from=${lastMonthOf(seeded.managerTimeZone)}`;
}

/** The checklist rows measured like the listed endpoints (load, round trips, floor). */
export function checklistEndpoints(seeded: SeededChecklists): ListedEndpoint[] {
  return [
    {
      name: 'checklists: Today',
      role: 'staff',
      scope: 'restaurant',
      path: `/api/checklists/today?restaurantId=${seeded.staffRestaurantId}`,
    },
    {
      name: 'checklists: food-safety log, a month',
      role: 'manager',
      scope: 'restaurant',
      path: `/api/food-safety-log?${logQuery(seeded)}`,
    },
    // The chain view of today is a part of the hq dashboard (one json column of its statement).
    { name: 'checklists: hq dashboard with the chain today', role: 'hq', scope: 'chain', path: '/api/dashboards/hq' },
  ];
}

/** The month's log as the manager downloads it, timed to the first and last byte with the server's memory. */
export function checklistDownloads(seeded: SeededChecklists) {
  return [
    { name: "food-safety log PDF, a restaurant's month", path: `/api/food-safety-log/pdf?${logQuery(seeded)}` },
    { name: "food-safety log CSV, a restaurant's month", path: `/api/food-safety-log/csv?${logQuery(seeded)}` },
  ];
}

export interface ChecklistJobFigures {
  records: number;
  firstSeconds: number;
  againSeconds: number;
  first: Awaited<ReturnType<typeof runChecklistJob>>;
}

/**
 * The checklist job over the whole chain (its records of today and tomorrow made ahead,
 * windows opened told, the closed ones with nothing submitted marked missed and their
 * managers told), timed, while 8 connections load the ceiling route; the ceiling's p95 is
 * measured over a window that starts with the job. The job's steps are one function
 * (`runChecklistJob`), so the figure is all three; the run's counts say how much of it
 * was the missed step. A second run (nothing new) is timed too: what every 5-minute run
 * costs once the first has caught up.
 */
export async function benchChecklistJob(
  database: DatabaseHandle,
  records: number,
  options: {
    ceilingUrl: string;
    cookie: string;
    warmupSeconds: number;
    load: (options: Omit<LoadOptions, 'connections' | 'warmupSeconds' | 'seconds'>) => Promise<LoadResult>;
  },
) {
  const beside = options.load({ url: options.ceilingUrl, headers: { cookie: options.cookie } });
  await sleep(options.warmupSeconds * 1000 + 200);
  let started = performance.now();
  const first = await runChecklistJob(database.db);
  const firstSeconds = (performance.now() - started) / 1000;
  started = performance.now();
  await runChecklistJob(database.db);
  const againSeconds = (performance.now() - started) / 1000;
  const during = await beside;
  const figures: ChecklistJobFigures = { records, firstSeconds, againSeconds, first };
  console.log(
    `  checklist job on ${records.toLocaleString('en')} records: first run ${firstSeconds.toFixed(2)} s ` +
      `(marked ${first.missed} missed, told ${first.opened} opened, made ${first.made}), next run ${againSeconds.toFixed(2)} s; ` +
      `ceiling p95 during the runs ${during.p95.toFixed(1)} ms`,
  );
  return {
    endpoint: `ceiling during the checklist job (first run ${firstSeconds.toFixed(2)} s, ${first.missed} missed; next ${againSeconds.toFixed(2)} s)`,
    role: 'staff' as const,
    roundTrips: 1,
    load: during,
    floor: null,
    ceiling: null,
    limit: null,
    checklistJob: figures,
  };
}
