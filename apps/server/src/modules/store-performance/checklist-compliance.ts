import {
  CHECKLIST_COMPLIANCE_DAYS,
  type ChecklistCompliance,
  compliancePercent,
} from '@brigade/core/schemas/checklist-counts';
import { type SQL, sql } from 'drizzle-orm';
import { checklistDayCounts } from '../../db/schema/checklists';

interface ComplianceCounts {
  onTime: number;
  late: number;
  missed: number;
}

/**
 * Store Performance's checklist compliance (issue 33) as a json column of the
 * restaurant's statement: its records on time, late and missed over the last
 * CHECKLIST_COMPLIANCE_DAYS local days (today included, in `timeZone`, the restaurant's
 * column), summed from the day counters the triggers keep: at most 30 rows of
 * `checklist_day_counts` by its primary key, never the records themselves.
 */
export function checklistComplianceColumn(restaurantId: SQL | string, timeZone: SQL, now: Date) {
  const today = sql`(${now.toISOString()}::timestamptz at time zone ${timeZone})::date`;
  return sql<ComplianceCounts>`(
    select json_build_object('onTime', coalesce(sum(d.on_time), 0), 'late', coalesce(sum(d.late), 0),
      'missed', coalesce(sum(d.missed), 0))
    from ${checklistDayCounts} d
    where d.restaurant_id = ${restaurantId}
      and d.local_day > ${today} - ${CHECKLIST_COMPLIANCE_DAYS}::int and d.local_day <= ${today})`;
}

/** Due is what was on time, late or missed; the percent is on time of that. */
export function presentChecklistCompliance({ onTime, late, missed }: ComplianceCounts): ChecklistCompliance {
  const due = onTime + late + missed;
  return { percent: compliancePercent(onTime, due), onTime, late, missed, due };
}
