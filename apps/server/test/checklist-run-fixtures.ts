import type { ChecklistContent, ChecklistItem } from '@brigade/core/checklist-items';
import { sql } from 'drizzle-orm';
import type { Queryable } from '../src/db/database';

// Checklists and records written straight into the database for the record tests (issue
// 33): a record's window can then be anywhere on the clock (opened an hour ago, closed
// yesterday, a DST day), which the template API, bound to today's clock, cannot make.

const item = (fields: Partial<ChecklistItem> & Pick<ChecklistItem, 'id' | 'label' | 'kind'>): ChecklistItem => ({
  unit: null,
  min: null,
  max: null,
  choices: [],
  failingChoices: [],
  critical: false,
  failInstruction: null,
  failNeedsPhoto: false,
  failNeedsNote: false,
  ...fields,
});

export const FRIDGE_INSTRUCTION = 'Discard the product and re-check in 30 minutes';

/** A temperature log with every kind of item: ids are short words, as tests name them. */
export function temperatureLogContent(): ChecklistContent {
  return {
    sections: [
      {
        id: 'cold',
        title: 'Cold storage',
        items: [
          item({
            id: 'fridge',
            label: 'Walk-in fridge',
            kind: 'temperature',
            min: 0,
            max: 7,
            failInstruction: FRIDGE_INSTRUCTION,
            failNeedsNote: true,
            failNeedsPhoto: true,
          }),
          item({ id: 'seals', label: 'Door seals clean', kind: 'yesNo', critical: true }),
          item({ id: 'chlorine', label: 'Sanitiser strength', kind: 'number', unit: 'ppm', min: 50, max: 200 }),
        ],
      },
      {
        id: 'close',
        title: 'Closing',
        items: [
          item({ id: 'floor', label: 'Floor mopped', kind: 'tick' }),
          item({ id: 'who', label: 'Who checked the bins', kind: 'text' }),
          item({
            id: 'oil',
            label: 'Fryer oil',
            kind: 'choice',
            choices: ['Fresh', 'Used', 'Dark'],
            failingChoices: ['Dark'],
          }),
          item({ id: 'shelf', label: 'Photo of the dry store', kind: 'photo' }),
        ],
      },
    ],
  };
}

/** One photo item: what the multi-server tests upload through one server and read through another. */
export function photoChecklistContent(): ChecklistContent {
  return {
    sections: [
      { id: 'close', title: 'Closing', items: [item({ id: 'shelf', label: 'Photo of the dry store', kind: 'photo' })] },
    ],
  };
}

/** A value that passes each item of `temperatureLogContent`. */
export const passingValues: Record<string, unknown> = {
  fridge: 4.5,
  seals: 'yes',
  chlorine: 100,
  floor: true,
  who: 'Sam',
  oil: 'Fresh',
};

export interface WindowSpec {
  weekdays?: number[];
  /** Minutes after local midnight. */
  startsAt: number;
  minutes: number;
}

export interface InsertedChecklist {
  id: string;
  name: string;
  versionId: string;
  windowIds: string[];
}

let sequence = 0;

/**
 * A checklist with its first version and windows: a chain template for all restaurants
 * (`restaurantId` null) or a restaurant's own. Made "long ago" by default, so windows
 * that closed earlier today are records too.
 */
export async function insertChecklist(
  db: Queryable,
  options: {
    name?: string;
    restaurantId?: string | null;
    allRestaurants?: boolean;
    content?: ChecklistContent;
    windows?: WindowSpec[];
    createdAt?: Date;
  } = {},
): Promise<InsertedChecklist> {
  sequence += 1;
  const name = options.name ?? `Temperature log ${sequence}`;
  const content = options.content ?? temperatureLogContent();
  const createdAt = (options.createdAt ?? new Date(Date.UTC(2020, 0, 1))).toISOString();
  const { rows } = (await db.execute(sql`
    insert into checklists (name, restaurant_id, all_restaurants, created_at)
    values (${name}, ${options.restaurantId ?? null}, ${options.allRestaurants ?? true}, ${createdAt}::timestamptz)
    returning id`)) as unknown as { rows: { id: string }[] };
  const id = rows[0]?.id as string;
  const itemCount = content.sections.reduce((sum, section) => sum + section.items.length, 0);
  const { rows: versions } = (await db.execute(sql`
    insert into checklist_versions (checklist_id, version, content, item_count)
    values (${id}, 1, ${JSON.stringify(content)}::jsonb, ${itemCount}) returning id`)) as unknown as {
    rows: { id: string }[];
  };
  const versionId = versions[0]?.id as string;
  await db.execute(sql`update checklists set current_version_id = ${versionId} where id = ${id}`);
  const windowIds: string[] = [];
  for (const window of options.windows ?? [{ startsAt: 8 * 60, minutes: 60 }]) {
    const { rows: made } = (await db.execute(sql`
      insert into checklist_windows (checklist_id, weekdays, starts_at, minutes)
      values (${id}, ${`{${(window.weekdays ?? [1, 2, 3, 4, 5, 6, 7]).join(',')}}`}::smallint[], ${window.startsAt},
        ${window.minutes})
      returning id`)) as unknown as { rows: { id: string }[] };
    windowIds.push(made[0]?.id as string);
  }
  return { id, name, versionId, windowIds };
}

let daySequence = 0;
/** A local day of its own (in 1990), so records made by hand never meet the ones ensureRuns makes. */
const spareDay = () => new Date(Date.UTC(1990, 0, 1) + ++daySequence * 86_400_000).toISOString().slice(0, 10);

/**
 * A record of `checklist` at `restaurantId` whose window opens at `opensAt` (an instant
 * anywhere: an hour ago, yesterday) for `minutes`.
 */
export async function insertRun(
  db: Queryable,
  checklist: InsertedChecklist,
  restaurantId: string,
  options: {
    opensAt: Date;
    minutes?: number;
    localDay?: string;
    status?: 'open' | 'missed';
    windowId?: string | null;
  },
): Promise<string> {
  const minutes = options.minutes ?? 60;
  const { rows } = (await db.execute(sql`
    insert into checklist_runs (checklist_id, version_id, window_id, restaurant_id, local_day, starts_at, minutes,
      opens_at, closes_at, status)
    values (${checklist.id}, ${checklist.versionId},
      ${options.windowId === undefined ? (checklist.windowIds[0] ?? null) : options.windowId}, ${restaurantId},
      ${options.localDay ?? spareDay()}::date, 480, ${minutes}, ${options.opensAt.toISOString()}::timestamptz,
      ${new Date(options.opensAt.getTime() + minutes * 60_000).toISOString()}::timestamptz, ${options.status ?? 'open'})
    returning id`)) as unknown as { rows: { id: string }[] };
  return rows[0]?.id as string;
}

export const minutesFromNow = (minutes: number) => new Date(Date.now() + minutes * 60_000);
