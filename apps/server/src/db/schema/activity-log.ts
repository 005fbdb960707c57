import { bigint, index, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * The activity log (issue 36, decision 043): append-only and hash-chained per month.
 * PARTITION BY RANGE ("at"), one partition a month plus a default one, is written into
 * the migration by hand (drizzle-kit cannot express it); the primary key therefore
 * includes `at`. A trigger refuses UPDATE and DELETE; retention drops whole partitions.
 * No foreign keys: an entry outlives the person and the restaurant it names.
 * Written only through `activity/record.ts`.
 */
export const activityLog = pgTable(
  'activity_log',
  {
    id: uuid('id').notNull(),
    /** Server time of the entry; its UTC month is the segment. */
    at: timestamp('at', { withTimezone: true }).notNull(),
    /** The chain segment: the UTC month of `at`, 'YYYY-MM'. */
    segment: text('segment').notNull(),
    /** 1, 2, … within the segment, in the order the chain head was taken. */
    seq: bigint('seq', { mode: 'number' }).notNull(),
    kind: text('kind').notNull(),
    actorId: text('actor_id'),
    actorLabel: text('actor_label'),
    restaurantId: uuid('restaurant_id'),
    objectType: text('object_type'),
    objectId: text('object_id'),
    objectLabel: text('object_label'),
    changes: jsonb('changes').$type<Record<string, { from: unknown; to: unknown }>>(),
    details: jsonb('details').$type<Record<string, unknown>>(),
    address: text('address'),
    userAgent: text('user_agent'),
    /** The hash of the previous entry of the segment (64 zeros before the first). */
    prevHash: text('prev_hash').notNull(),
    /** sha256 of 'prev_hash:seq:canonical JSON of the other columns', hex (activity/canonical.ts). */
    hash: text('hash').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.id, t.at] }),
    index('activity_log_segment_seq_idx').on(t.segment, t.seq),
    index('activity_log_at_idx').on(t.at.desc(), t.id.desc()),
    index('activity_log_actor_at_idx').on(t.actorId, t.at.desc(), t.id.desc()),
    index('activity_log_restaurant_at_idx').on(t.restaurantId, t.at.desc(), t.id.desc()),
    index('activity_log_kind_at_idx').on(t.kind, t.at.desc(), t.id.desc()),
  ],
);

/**
 * The last entry of each segment: appends take its row lock (in the caller's
 * transaction), so concurrent writers on every server form one unbroken chain.
 */
export const activityChainHeads = pgTable('activity_chain_heads', {
  segment: text('segment').primaryKey(),
  seq: bigint('seq', { mode: 'number' }).notNull(),
  hash: text('hash').notNull(),
  /** The hash before the last entry's: handed to that entry by the append that advanced the head. */
  prevHash: text('prev_hash').notNull().default(''),
});
