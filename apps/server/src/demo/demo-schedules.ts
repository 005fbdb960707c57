import { type AuditCadence, addDays, calendarDay, periodsUpTo } from '@brigade/core/audit-periods';
import { and, eq, inArray } from 'drizzle-orm';
import type { Transaction } from '../db/database';
import {
  auditDue,
  auditScheduleRestaurants,
  auditSchedules,
  auditScheduleTemplates,
} from '../db/schema/audit-schedules';
import { audits, auditTemplateAssignments, auditTemplates } from '../db/schema/audits';
import { restaurants } from '../db/schema/restaurants';
import { users } from '../db/schema/users';

/**
 * The demo chain's audit schedules (issue 19), started weeks back so that a newcomer
 * sees the loop at once: past periods completed by the demo audits made in them or
 * missed, and the current period due (with a draft under way where the demo has one).
 */
interface DemoSchedule {
  name: string;
  cadence: AuditCadence;
  /** Days before today that the first period starts (moved back to a Monday). */
  startsDaysAgo: number;
  template: string;
  /** Restaurant names; none: all restaurants. */
  restaurants: string[];
}

export const DEMO_SCHEDULES: DemoSchedule[] = [
  {
    name: 'Kitchen hygiene every 2 weeks',
    cadence: 'biweekly',
    startsDaysAgo: 56,
    template: 'Kitchen Hygiene',
    restaurants: [],
  },
  {
    name: 'Monthly front of house',
    cadence: 'monthly',
    startsDaysAgo: 70,
    template: 'Front of House',
    restaurants: ['Brigade Amsterdam Centraal', 'Brigade Utrecht Neude', 'Brigade Antwerpen Meir'],
  },
];

/** The Monday on or before a day. */
function mondayOf(day: string): string {
  const weekday = new Date(`${day}T00:00:00Z`).getUTCDay();
  return addDays(day, -((weekday + 6) % 7));
}

export async function insertDemoSchedules(tx: Transaction, now: Date, createdByEmail: string): Promise<void> {
  const today = calendarDay(now);
  const [creator] = await tx.select({ id: users.id }).from(users).where(eq(users.email, createdByEmail));
  const activeRestaurants = await tx
    .select({ id: restaurants.id, name: restaurants.name })
    .from(restaurants)
    .where(eq(restaurants.isActive, true));
  const templates = await tx
    .select({ id: auditTemplates.id, name: auditTemplates.name })
    .from(auditTemplates)
    .where(
      inArray(
        auditTemplates.name,
        DEMO_SCHEDULES.map((schedule) => schedule.template),
      ),
    );
  // Every demo audit with the templates it covers: the one made in a period conducted it.
  const conducted = await tx
    .select({
      id: audits.id,
      restaurantId: audits.restaurantId,
      auditedAt: audits.auditedAt,
      status: audits.status,
      templateId: auditTemplateAssignments.templateId,
    })
    .from(audits)
    .innerJoin(auditTemplateAssignments, and(eq(auditTemplateAssignments.auditId, audits.id)));
  const used = new Set<string>();

  for (const demo of DEMO_SCHEDULES) {
    const template = templates.find((row) => row.name === demo.template);
    if (!template) throw new Error(`Demo schedule ${demo.name}: no template ${demo.template}`);
    const covered = demo.restaurants.length
      ? activeRestaurants.filter((restaurant) => demo.restaurants.includes(restaurant.name))
      : activeRestaurants;
    if (covered.length !== (demo.restaurants.length || activeRestaurants.length)) {
      throw new Error(`Demo schedule ${demo.name}: a restaurant is missing`);
    }
    const startsOn = mondayOf(addDays(today, -demo.startsDaysAgo));
    const [schedule] = await tx
      .insert(auditSchedules)
      .values({
        name: demo.name,
        cadence: demo.cadence,
        startsOn,
        allRestaurants: demo.restaurants.length === 0,
        createdBy: creator?.id ?? null,
        createdAt: new Date(`${startsOn}T08:00:00Z`),
      })
      .returning({ id: auditSchedules.id });
    if (!schedule) throw new Error('insert returned no row');
    await tx.insert(auditScheduleTemplates).values({ scheduleId: schedule.id, templateId: template.id });
    if (demo.restaurants.length) {
      await tx
        .insert(auditScheduleRestaurants)
        .values(covered.map((restaurant) => ({ scheduleId: schedule.id, restaurantId: restaurant.id })));
    }

    const entries = periodsUpTo(demo.cadence, startsOn, today, 100).flatMap((period) =>
      covered.map((restaurant) => {
        const audit = conducted.find(
          (row) =>
            !used.has(row.id) &&
            row.restaurantId === restaurant.id &&
            row.templateId === template.id &&
            calendarDay(row.auditedAt) >= period.start &&
            calendarDay(row.auditedAt) < period.end,
        );
        if (audit) used.add(audit.id);
        const completed = audit?.status === 'completed';
        return {
          scheduleId: schedule.id,
          restaurantId: restaurant.id,
          periodStart: period.start,
          periodEnd: period.end,
          status: completed ? 'completed' : period.end <= today ? 'missed' : 'due',
          auditId: audit?.id ?? null,
          completedAt: completed ? audit.auditedAt : null,
          createdAt: new Date(`${period.start}T00:15:00Z`),
        };
      }),
    );
    if (entries.length) await tx.insert(auditDue).values(entries);
  }
}
