/**
 * The demo chain's checklists (issue 33): hq's three chain templates (Opening, a
 * Temperature log four times a day, Closing across midnight) at every restaurant, with
 * 30 days of records in each restaurant's own time zone and today's windows made from the
 * moment the demo is loaded, so Today, the food-safety log and the dashboards show the
 * whole loop at once: mostly on time, some late, a few missed, a handful of
 * out-of-range temperatures with their corrective actions (the older ones resolved), and
 * two corrections with their reasons.
 *
 * Records are made by `ensureRuns`, as the Today screen and the checklist job make them:
 * one per window and local day, `opens_at` the instant `(local_day + starts_at minutes) AT
 * TIME ZONE restaurants.time_zone`; values are entered before the submit, and a submitted
 * record's values are never touched again. The whole
 * history is a dozen set-based statements, so `npm run demo` still starts quickly. Which
 * record is late or missed, who filled it and what it read follow from hashes of the
 * restaurant's name, the day's distance from today and the window, never from random():
 * the same picture on every load (and the same ids with the screenshot tool's seed).
 */
import fs from 'node:fs';
import path from 'node:path';
import {
  type ChecklistItem,
  type ChecklistValue,
  ChecklistContent as ContentSchema,
  failureOf,
  itemsOf,
} from '@brigade/core/checklist-items';
import { parseClockTime } from '@brigade/core/restaurant-time';
import { ChecklistWindowInput } from '@brigade/core/schemas/checklists';
import { type SQL, sql } from 'drizzle-orm';
import type { Database, Transaction } from '../db/database';
import { checklists, checklistVersions, checklistWindows } from '../db/schema/checklists';
import { photos } from '../db/schema/photos';
import { users } from '../db/schema/users';
import { ensureRuns, formatChecklistValue } from '../modules/checklists/service';
import { photoValues, processPhoto, type StoredPhoto, storePhoto } from '../modules/photos/service';
import type { Storage } from '../storage/storage';

/** Days of history before today; today's records are made too. */
export const DEMO_CHECKLIST_DAYS = 30;

const OPENING = 'Opening checklist';
const TEMPERATURES = 'Temperature log';
const CLOSING = 'Closing checklist';

const EVERY_DAY = [1, 2, 3, 4, 5, 6, 7];

const COOLER_INSTRUCTION =
  'Move high-risk products to another fridge, tell the manager and re-check in 30 minutes. Discard anything that was above 8 °C for more than 2 hours.';
const FREEZER_INSTRUCTION =
  'Keep the door closed and re-check in 30 minutes. Discard anything that has thawed; never refreeze it.';
const HOT_INSTRUCTION = 'Discard the product and re-check in 30 minutes.';

const tick = (id: string, label: string) => ({ id, label, kind: 'tick' as const });
const critical = (id: string, label: string, failInstruction: string) => ({
  id,
  label,
  kind: 'yesNo' as const,
  critical: true,
  failInstruction,
  failNeedsNote: true,
});
const temperature = (
  id: string,
  label: string,
  range: { min: number | null; max: number | null },
  failInstruction: string,
  failNeedsPhoto = false,
) => ({ id, label, kind: 'temperature' as const, ...range, failInstruction, failNeedsNote: true, failNeedsPhoto });

export interface DemoChecklist {
  name: string;
  content: ContentSchema;
  /** Every day of the week, in the restaurant's time; an end before the start is the next day. */
  windows: { start: string; end: string }[];
}

/** The three chain templates, for all restaurants, not locked (a manager may switch one off or copy it). */
export const DEMO_CHECKLISTS: DemoChecklist[] = [
  {
    name: OPENING,
    windows: [{ start: '06:00', end: '09:00' }],
    content: ContentSchema.parse({
      sections: [
        {
          id: 'kitchen',
          title: 'Kitchen',
          items: [
            tick('o-handwash', 'Hand-wash stations stocked with soap, paper towels and hot water'),
            tick('o-surfaces', 'Prep surfaces cleaned and sanitised'),
            critical(
              'o-pests',
              'No signs of pests in the kitchen and the stores',
              'Do not start prep. Cover or discard exposed food and call the manager and the pest-control contractor.',
            ),
            temperature('o-fridge', 'Prep fridge', { min: 0, max: 4 }, COOLER_INSTRUCTION),
            tick('o-fryers', 'Fryers on, oil level and quality checked'),
          ],
        },
        {
          id: 'team',
          title: 'Team',
          items: [
            critical(
              'o-fit',
              'Everyone on shift is fit for work (no vomiting, diarrhoea or fever reported)',
              'Send the person home and tell the manager before they touch food.',
            ),
            tick('o-uniforms', 'Clean uniforms and hair nets, no jewellery'),
          ],
        },
      ],
    }),
  },
  {
    name: TEMPERATURES,
    windows: [
      { start: '08:00', end: '09:00' },
      { start: '12:00', end: '13:00' },
      { start: '16:00', end: '17:00' },
      { start: '20:00', end: '21:00' },
    ],
    content: ContentSchema.parse({
      sections: [
        {
          id: 'cold',
          title: 'Cold storage',
          items: [
            temperature('t-cooler', 'Walk-in cooler', { min: 0, max: 4 }, COOLER_INSTRUCTION, true),
            temperature('t-freezer', 'Freezer', { min: -25, max: -18 }, FREEZER_INSTRUCTION, true),
          ],
        },
        {
          id: 'hot',
          title: 'Hot holding',
          items: [
            temperature('t-hot', 'Hot holding cabinet', { min: 63, max: null }, HOT_INSTRUCTION),
            tick('t-probe', 'Probe thermometer cleaned and sanitised after use'),
          ],
        },
      ],
    }),
  },
  {
    name: CLOSING,
    windows: [{ start: '22:00', end: '00:30' }],
    content: ContentSchema.parse({
      sections: [
        {
          id: 'kitchen',
          title: 'Kitchen',
          items: [
            temperature('c-cooler', 'Walk-in cooler at close', { min: 0, max: 4 }, COOLER_INSTRUCTION),
            critical(
              'c-labelled',
              'All stored food covered, labelled and dated',
              "Label it now with today's date, or discard it if nobody knows when it was made.",
            ),
            tick('c-fryers', 'Fryers off, oil filtered and covered'),
            tick('c-grill', 'Grill and prep surfaces cleaned'),
            tick('c-floors', 'Floors swept and mopped'),
            tick('c-waste', 'Waste out, bins cleaned'),
          ],
        },
        {
          id: 'front',
          title: 'Front of house',
          items: [
            tick('c-dining', 'Dining room tidy, tables wiped'),
            tick('c-doors', 'Doors and windows locked, alarm set'),
          ],
        },
      ],
    }),
  },
];

/** What a temperature item reads on an ordinary day (°C): inside its range with room to spare. */
const ORDINARY_READINGS: Record<string, [number, number]> = {
  'o-fridge': [1.5, 3.8],
  't-cooler': [1.2, 3.6],
  't-freezer': [-22.5, -19.0],
  't-hot': [65.0, 74.0],
  'c-cooler': [1.5, 3.9],
};

/** A reading of one item of one record, `daysAgo` local days before today. */
interface DemoReading {
  restaurant: string;
  daysAgo: number;
  checklist: string;
  /** The window's start, `HH:MM`. */
  start: string;
  item: string;
  value: ChecklistValue;
}

/** Out-of-range readings with the note the crew wrote; `resolution`: the manager resolved the action. */
export const DEMO_FAILURES: (DemoReading & { note: string; resolution?: string })[] = [
  {
    restaurant: 'Brigade Amsterdam Centraal',
    daysAgo: 1,
    checklist: TEMPERATURES,
    start: '12:00',
    item: 't-cooler',
    value: 6.8,
    note: 'Door left open during the lunch delivery. Dairy moved to the reach-in fridge.',
  },
  {
    restaurant: 'Brigade Amsterdam Centraal',
    daysAgo: 6,
    checklist: TEMPERATURES,
    start: '16:00',
    item: 't-hot',
    value: 57.5,
    note: 'Fries cabinet heater tripped. Fries discarded, new batch cooked.',
    resolution: 'Heater element replaced by the engineer; cabinet held 68 °C all evening.',
  },
  {
    restaurant: 'Brigade Utrecht Neude',
    daysAgo: 3,
    checklist: TEMPERATURES,
    start: '08:00',
    item: 't-freezer',
    value: -14.5,
    note: 'Freezer door seal looks worn; it was not closed properly overnight.',
  },
  {
    restaurant: 'Brigade Utrecht Neude',
    daysAgo: 12,
    checklist: CLOSING,
    start: '22:00',
    item: 'c-cooler',
    value: 5.6,
    note: 'Cooler packed full after the late delivery. Moved stock to the reach-in fridge.',
    resolution: 'Deliveries now come before 16:00; the cooler read 3 °C the next morning.',
  },
  {
    restaurant: 'Brigade Antwerpen Meir',
    daysAgo: 8,
    checklist: TEMPERATURES,
    start: '20:00',
    item: 't-cooler',
    value: 7.2,
    note: 'Compressor noisy. Sauces and cut salad discarded.',
    resolution: 'Compressor fan replaced; temperatures back at 2–3 °C.',
  },
  {
    restaurant: 'Brigade Antwerpen Meir',
    daysAgo: 20,
    checklist: OPENING,
    start: '06:00',
    item: 'o-fridge',
    value: 5.4,
    note: 'Prep fridge left on defrost overnight.',
    resolution: 'Defrost timer reset and added to the closing briefing.',
  },
  {
    restaurant: 'Brigade London Shoreditch',
    daysAgo: 2,
    checklist: TEMPERATURES,
    start: '12:00',
    item: 't-hot',
    value: 60.5,
    note: 'Cabinet lamp broken. Product discarded and re-cooked.',
  },
];

/** Submitted values a manager corrected afterwards, with the reason; the original stays beside it. */
export const DEMO_CORRECTIONS: (DemoReading & { corrected: ChecklistValue; reason: string })[] = [
  {
    restaurant: 'Brigade Utrecht Neude',
    daysAgo: 5,
    checklist: TEMPERATURES,
    start: '16:00',
    item: 't-hot',
    value: 71,
    corrected: 68,
    reason: "Wrote down the grill's reading; the holding cabinet showed 68 °C.",
  },
  {
    restaurant: 'Brigade Amsterdam Centraal',
    daysAgo: 9,
    checklist: TEMPERATURES,
    start: '08:00',
    item: 't-freezer',
    value: -19,
    corrected: -21,
    reason: 'Read the ice-cream freezer by mistake; the main freezer showed −21 °C.',
  },
];

/** Hours after the submit that the manager resolved an action, and corrected a value. */
const RESOLVED_AFTER_HOURS = 20;
const CORRECTED_AFTER_HOURS = 3;
/** Shares of the closed windows, in percent: missed, and (after those) submitted late. */
const MISSED_PERCENT = 4;
const LATE_PERCENT = 10;

/** The demo's shipped photo of a thermometer, attached to failed readings whose item asks for one. */
const THERMOMETER_PHOTO = path.join(import.meta.dirname, 'photos', 'fridge-thermometer.jpg');

function itemOf(checklist: string, itemId: string): ChecklistItem {
  const found = DEMO_CHECKLISTS.find((demo) => demo.name === checklist);
  const item = found && itemsOf(found.content).find((candidate) => candidate.id === itemId);
  if (!item) throw new Error(`Demo checklist reading refers to unknown item ${checklist} / ${itemId}`);
  return item;
}

/** A (restaurant, day, checklist, window) key of the readings above, as SQL values. */
const readingKey = (reading: DemoReading) =>
  sql`${reading.restaurant}::text, ${reading.daysAgo}::int, ${reading.checklist}::text, ${parseClockTime(reading.start)}::int, ${reading.item}::text`;

const jsonOf = (value: ChecklistValue) => sql`${JSON.stringify(value)}::jsonb`;

/** The action's comment, as the checklists module writes it when a submit fails an item (value, instruction, note). */
function failureComment(failure: DemoReading & { note: string }): string {
  const item = itemOf(failure.checklist, failure.item);
  return [
    `Value: ${formatChecklistValue(item, failure.value)}`,
    ...(item.failInstruction ? [`Instruction shown: ${item.failInstruction}`] : []),
    `Note: ${failure.note}`,
  ].join('\n');
}

/**
 * Inserts the templates and their records in the demo's transaction. `now` is the load's
 * moment: windows that closed before it are history, the rest of today's are open.
 */
export async function insertDemoChecklists(tx: Transaction, now: Date, createdByEmail: string): Promise<void> {
  const [creator] = await tx.select({ id: users.id }).from(users).where(sql`${users.email} = ${createdByEmail}`);
  const at = new Date(now.getTime() - (DEMO_CHECKLIST_DAYS + 5) * 86_400_000);

  const made = await tx
    .insert(checklists)
    .values(DEMO_CHECKLISTS.map((demo) => ({ name: demo.name, createdBy: creator?.id, createdAt: at, updatedAt: at })))
    .returning({ id: checklists.id, name: checklists.name });
  const idOf = new Map(made.map((row) => [row.name, row.id]));
  const checklistId = (name: string) => {
    const id = idOf.get(name);
    if (!id) throw new Error(`Demo checklist ${name} was not made`);
    return id;
  };
  const versions = await tx
    .insert(checklistVersions)
    .values(
      DEMO_CHECKLISTS.map((demo) => ({
        checklistId: checklistId(demo.name),
        version: 1,
        content: demo.content,
        itemCount: itemsOf(demo.content).length,
        createdBy: creator?.id,
        createdAt: at,
      })),
    )
    .returning({ id: checklistVersions.id, checklistId: checklistVersions.checklistId });
  await tx.execute(sql`update ${checklists} c set current_version_id = v.id
    from (values ${sql.join(
      versions.map((version) => sql`(${version.checklistId}::uuid, ${version.id}::uuid)`),
      sql`, `,
    )}) as v(checklist_id, id)
    where c.id = v.checklist_id`);
  await tx.insert(checklistWindows).values(
    DEMO_CHECKLISTS.flatMap((demo) =>
      demo.windows.map((window) => {
        const { startsAt, minutes } = ChecklistWindowInput.parse({ weekdays: EVERY_DAY, ...window });
        return { checklistId: checklistId(demo.name), weekdays: EVERY_DAY, startsAt, minutes };
      }),
    ),
  );

  await insertDemoRecords(tx, now, [...idOf.values()]);
}

/**
 * The records of the last 30 local days and today, made by `ensureRuns` as the Today
 * screen and the checklist job make them. A plan (a temporary table) then says for each
 * record how it ended: still open (its window had not closed), missed, late or on time,
 * when and by whom; the values, the submits, the corrections and the corrective actions
 * are each one statement over it.
 */
async function insertDemoRecords(tx: Transaction, now: Date, checklistIds: string[]): Promise<void> {
  const moment = sql`${now.toISOString()}::timestamptz`;
  const items = DEMO_CHECKLISTS.flatMap((demo) => {
    const all = itemsOf(demo.content);
    return all.map((item, index) => {
      const [low, high] = ORDINARY_READINGS[item.id] ?? [0, 0];
      return sql`(${demo.name}::text, ${item.id}::text, ${index}::int, ${all.length}::int, ${item.kind}::text,
        ${low}::numeric, ${high}::numeric, ${item.label}::text, ${item.failInstruction}::text)`;
    });
  });
  const itemsTable = sql`(values ${sql.join(items, sql`, `)})
    as i(checklist_name, item_id, pos, item_count, kind, low, high, label, instruction)`;
  const readings = [
    ...DEMO_FAILURES.map(
      (failure) =>
        sql`(${readingKey(failure)}, ${jsonOf(failure.value)}, ${failureOf(itemOf(failure.checklist, failure.item), failure.value)}::boolean, ${failure.note}::text, ${failure.resolution ?? null}::text, ${failureComment(failure)}::text)`,
    ),
    ...DEMO_CORRECTIONS.map(
      (correction) =>
        sql`(${readingKey(correction)}, ${jsonOf(correction.value)}, ${failureOf(itemOf(correction.checklist, correction.item), correction.value)}::boolean, null::text, null::text, null::text)`,
    ),
  ];
  const readingsTable = sql`(values ${sql.join(readings, sql`, `)})
    as s(restaurant_name, days_ago, checklist_name, starts_at, item_id, value, failed, note, resolution, comment)`;
  const corrections = DEMO_CORRECTIONS.map(
    (correction) =>
      sql`(${readingKey(correction)}, ${jsonOf(correction.corrected)}, ${failureOf(itemOf(correction.checklist, correction.item), correction.corrected)}::boolean, ${correction.reason}::text)`,
  );
  const sameRecord = (alias: string) =>
    sql.raw(`${alias}.restaurant_name = p.restaurant_name and ${alias}.days_ago = p.days_ago
      and ${alias}.checklist_name = p.checklist_name and ${alias}.starts_at = p.starts_at`);
  const managerOf = (restaurant: SQL) => sql`(select u.id from staff_restaurant_assignments sra
    join ${users} u on u.id = sra.user_id and u.role = 'manager' and u.is_active
    where sra.restaurant_id = ${restaurant} order by u.email limit 1)`;

  await ensureRuns(tx, {
    now,
    dayOffsets: Array.from({ length: DEMO_CHECKLIST_DAYS + 1 }, (_, back) => -back),
  });

  // How each record ended: open while its window had not closed; otherwise by its roll.
  await tx.execute(sql`create temporary table demo_checklist_plan on commit drop as
    with crews as (
      select sra.restaurant_id, array_agg(u.id order by u.email) as crew
      from staff_restaurant_assignments sra
      join ${users} u on u.id = sra.user_id and u.is_active and u.role in ('staff', 'manager')
      group by sra.restaurant_id
    ), chosen as (
      select distinct restaurant_name, days_ago, checklist_name, starts_at from ${readingsTable}
    ), made as (
      select cr.id, c.name as checklist_name, r.id as restaurant_id, r.name as restaurant_name, r.time_zone,
        cr.local_day, d.days_ago, cr.starts_at, cr.minutes, cr.opens_at, cr.closes_at,
        abs(hashtext(r.name || '|' || c.name || '|' || cr.starts_at || '|' || d.days_ago)::bigint) as roll,
        crews.crew, chosen.restaurant_name is not null as has_reading
      from checklist_runs cr
      join ${checklists} c on c.id = cr.checklist_id
      join restaurants r on r.id = cr.restaurant_id
      cross join lateral (select (${moment} at time zone r.time_zone)::date - cr.local_day as days_ago) d
      left join crews on crews.restaurant_id = r.id
      left join chosen on chosen.restaurant_name = r.name and chosen.days_ago = d.days_ago
        and chosen.checklist_name = c.name and chosen.starts_at = cr.starts_at
      where cr.checklist_id in ${checklistIds}
    ), ended as (
      select made.*, case
          when closes_at > ${moment} then 'open'
          when has_reading then 'on_time'
          when roll % 100 < ${MISSED_PERCENT} then 'missed'
          when roll % 100 < ${MISSED_PERCENT + LATE_PERCENT}
            and closes_at + make_interval(mins => 5 + (roll / 100 % 115)::int) <= ${moment} then 'late'
          else 'on_time' end as outcome
      from made
    )
    select ended.*,
      case outcome
        when 'on_time' then opens_at + make_interval(secs => minutes * 60 * (10 + roll / 100 % 75) / 100)
        when 'late' then closes_at + make_interval(mins => 5 + (roll / 100 % 115)::int) end as submitted_at,
      case when outcome in ('on_time', 'late') then crew[(1 + roll / 10000 % cardinality(crew))::int] end as submitted_by
    from ended`);

  // Every item's value, entered a little before the submit by the person who submitted.
  await tx.execute(sql`insert into checklist_values (run_id, item_id, value, failed, note, entered_by, received_at)
    select p.id, i.item_id,
      coalesce(s.value, case i.kind when 'tick' then 'true'::jsonb when 'yesNo' then '"yes"'::jsonb
        else to_jsonb(round(i.low + (abs(hashtext(p.restaurant_name || '|' || p.local_day || '|' || p.starts_at
          || '|' || i.item_id)::bigint) % (round((i.high - i.low) * 10)::int + 1)) / 10.0, 1)) end),
      coalesce(s.failed, false), s.note, p.submitted_by,
      p.submitted_at - make_interval(secs => (i.item_count - i.pos) * 20)
    from demo_checklist_plan p
    join ${itemsTable} on i.checklist_name = p.checklist_name
    left join ${readingsTable} on ${sameRecord('s')} and s.item_id = i.item_id
    where p.outcome in ('on_time', 'late')
    order by p.restaurant_name, p.local_day, p.starts_at, i.pos`);

  // The submits; the records were made at the start of their day, and people told of each opening.
  await tx.execute(sql`update checklist_runs r set
      status = case p.outcome when 'missed' then 'missed' when 'open' then 'open' else 'submitted' end,
      submitted_at = p.submitted_at, submitted_by = p.submitted_by,
      failures = (select count(*)::int from checklist_values v where v.run_id = r.id and v.failed),
      open_notified = p.opens_at <= ${moment},
      created_at = least(p.local_day::timestamp at time zone p.time_zone, ${moment})
    from demo_checklist_plan p
    where p.id = r.id`);

  await tx.execute(sql`insert into checklist_corrections (run_id, item_id, value, failed, reason, corrected_by, corrected_at)
    select p.id, k.item_id, k.value, k.failed, k.reason, ${managerOf(sql`p.restaurant_id`)},
      p.submitted_at + make_interval(hours => ${CORRECTED_AFTER_HOURS})
    from demo_checklist_plan p
    join (values ${sql.join(corrections, sql`, `)})
      as k(restaurant_name, days_ago, checklist_name, starts_at, item_id, value, failed, reason) on ${sameRecord('k')}
    order by p.local_day, p.restaurant_name`);

  // A corrective action for every failed value, as a submit opens it (the value, the
  // instruction shown and the note; due the day it was found; owned by the restaurant's
  // managers; made by the person who submitted), the older ones resolved by a manager.
  await tx.execute(sql`
    with failed as (
      select p.restaurant_id, p.id as run_id, i.item_id, p.checklist_name, i.label, s.comment,
        (p.submitted_at at time zone p.time_zone)::date as found_on, v.entered_by, p.submitted_at, s.resolution,
        ${managerOf(sql`p.restaurant_id`)} as manager_id
      from checklist_values v
      join demo_checklist_plan p on p.id = v.run_id
      join ${itemsTable} on i.checklist_name = p.checklist_name and i.item_id = v.item_id
      left join ${readingsTable} on ${sameRecord('s')} and s.item_id = v.item_id
      where v.failed
    ), made as (
      insert into corrective_actions (restaurant_id, checklist_run_id, checklist_item_id, template_name, item_text,
        comment, due_on, status, resolution_note, resolved_by, resolved_at, created_by, version, created_at, updated_at)
      select f.restaurant_id, f.run_id, f.item_id, f.checklist_name, f.label, f.comment, f.found_on, case when f.resolution is null then 'open' else 'resolved' end, f.resolution,
        case when f.resolution is not null then f.manager_id end,
        case when f.resolution is not null then f.submitted_at + make_interval(hours => ${RESOLVED_AFTER_HOURS}) end,
        f.entered_by, case when f.resolution is null then 1 else 2 end, f.submitted_at,
        f.submitted_at + make_interval(hours => case when f.resolution is null then 0 else ${RESOLVED_AFTER_HOURS} end)
      from failed f
      order by f.submitted_at
      returning id, restaurant_id, created_by, created_at, resolved_by, resolved_at, resolution_note
    ), owned as (
      insert into corrective_action_owners (action_id, user_id)
      select made.id, sra.user_id from made
      join staff_restaurant_assignments sra on sra.restaurant_id = made.restaurant_id
      join ${users} u on u.id = sra.user_id and u.role = 'manager' and u.is_active
    )
    insert into corrective_action_events (action_id, kind, actor_id, actor_name, note, created_at)
    select made.id, 'created', made.created_by, u.name, null, made.created_at
    from made join ${users} u on u.id = made.created_by
    union all
    select made.id, 'resolved', made.resolved_by, u.name, made.resolution_note, made.resolved_at
    from made join ${users} u on u.id = made.resolved_by`);

  await tx.execute(sql`drop table demo_checklist_plan`);
}

/**
 * After the load (files are not part of a transaction): the photo of the thermometer on
 * every failed reading whose item asks for a photo, stored like an upload by the person
 * who entered it, as the fill screen would have done before the submit.
 */
export async function attachDemoChecklistPhotos(db: Database, storage: Storage): Promise<void> {
  const photoItems = DEMO_CHECKLISTS.flatMap((demo) =>
    itemsOf(demo.content).filter((item) => item.failNeedsPhoto && item.kind === 'temperature'),
  ).map((item) => item.id);
  const targets = (
    (await db.execute(sql`select v.run_id, v.item_id, v.entered_by, v.received_at from checklist_values v
      where v.failed and v.item_id in ${photoItems} order by v.received_at`)) as unknown as {
      rows: { run_id: string; item_id: string; entered_by: string | null; received_at: string | Date }[];
    }
  ).rows;
  if (targets.length === 0) return;
  const photo = await processPhoto(fs.readFileSync(THERMOMETER_PHOTO));
  const stored: StoredPhoto[] = [];
  try {
    for (const _ of targets) stored.push(await storePhoto(storage, photo));
    await db.insert(photos).values(
      targets.map((target, index) => ({
        ...photoValues(stored[index] as StoredPhoto, { id: target.entered_by }),
        checklistRunId: target.run_id,
        checklistItemId: target.item_id,
        createdAt: new Date(new Date(target.received_at).getTime() - 60_000),
      })),
    );
  } catch (error) {
    const keys = stored.flatMap((files) => [files.displayKey, files.thumbKey]);
    await Promise.all(keys.map((key) => storage.remove(key).catch(() => {})));
    throw error;
  }
}
