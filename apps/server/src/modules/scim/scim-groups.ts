import type { ActivityKind } from '@brigade/core/activity';
import { type ScimGroupBody, type ScimListQuery, type ScimPatchBody, scimMessages } from '@brigade/core/schemas/scim';
import { and, asc, count, eq, inArray, sql } from 'drizzle-orm';
import { recordActivity } from '../../activity/record';
import type { Database, Transaction } from '../../db/database';
import { restaurants, staffRestaurantAssignments } from '../../db/schema/restaurants';
import { scimGroups } from '../../db/schema/scim';
import { users } from '../../db/schema/users';
import { ScimError, scimBadRequest } from './scim-errors';
import { filterCondition } from './scim-filter';
import { listPage, SCIM, SCIM_BASE_PATH } from './scim-names';
import type { ScimCallContext } from './scim-users';

/**
 * SCIM Groups are Brigade's restaurants (decision 041): a group's members are the people
 * assigned to the restaurant. The provider links a group to a restaurant of the same
 * name; it never creates, renames or deletes a restaurant (hq's records), it only
 * assigns people to them and takes them off.
 */

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

interface GroupRow {
  id: string;
  name: string;
  createdAt: Date;
  updatedAt: Date;
  externalId: string | null;
}

const groupColumns = {
  id: restaurants.id,
  name: restaurants.name,
  createdAt: restaurants.createdAt,
  updatedAt: restaurants.updatedAt,
  externalId: scimGroups.externalId,
};

const selectGroups = (db: Database | Transaction) =>
  db.select(groupColumns).from(restaurants).leftJoin(scimGroups, eq(scimGroups.restaurantId, restaurants.id));

async function membersOf(db: Database | Transaction, restaurantIds: string[]) {
  if (restaurantIds.length === 0) return new Map<string, { value: string; display: string }[]>();
  const rows = await db
    .select({ restaurantId: staffRestaurantAssignments.restaurantId, id: users.id, name: users.name })
    .from(staffRestaurantAssignments)
    .innerJoin(users, eq(users.id, staffRestaurantAssignments.userId))
    .where(inArray(staffRestaurantAssignments.restaurantId, restaurantIds))
    .orderBy(asc(users.name), asc(users.id));
  const members = new Map<string, { value: string; display: string }[]>();
  for (const row of rows) {
    const list = members.get(row.restaurantId) ?? [];
    list.push({ value: row.id, display: row.name });
    members.set(row.restaurantId, list);
  }
  return members;
}

function groupResource(row: GroupRow, members: { value: string; display: string }[] | undefined, publicUrl: string) {
  return {
    schemas: [SCIM.group],
    id: row.id,
    externalId: row.externalId ?? undefined,
    displayName: row.name,
    ...(members ? { members } : {}),
    meta: {
      resourceType: 'Group',
      created: row.createdAt.toISOString(),
      lastModified: row.updatedAt.toISOString(),
      location: `${publicUrl}${SCIM_BASE_PATH}/Groups/${row.id}`,
    },
  };
}

const wantsMembers = (excludedAttributes: string | undefined) =>
  !(excludedAttributes ?? '')
    .split(',')
    .map((name) => name.trim().toLowerCase())
    .includes('members');

const GROUP_FILTERS = {
  displayname: (value: string | boolean) => sql`lower(${restaurants.name}) = lower(${String(value)})`,
  externalid: (value: string | boolean) => eq(scimGroups.externalId, String(value)),
  id: (value: string | boolean) => (UUID.test(String(value)) ? eq(restaurants.id, String(value)) : sql`false`),
};

export async function listGroups(db: Database, query: ScimListQuery, publicUrl: string) {
  const where = filterCondition(query.filter, GROUP_FILTERS);
  const [total] = await db
    .select({ n: count() })
    .from(restaurants)
    .leftJoin(scimGroups, eq(scimGroups.restaurantId, restaurants.id))
    .where(where);
  const rows =
    query.count === 0
      ? []
      : await selectGroups(db)
          .where(where)
          .orderBy(asc(restaurants.name), asc(restaurants.id))
          .limit(query.count)
          .offset(query.startIndex - 1);
  const members = wantsMembers(query.excludedAttributes)
    ? await membersOf(
        db,
        rows.map((row) => row.id),
      )
    : null;
  return listPage(
    rows.map((row) => groupResource(row, members ? (members.get(row.id) ?? []) : undefined, publicUrl)),
    total?.n ?? 0,
    query.startIndex,
  );
}

async function findGroup(db: Database | Transaction, id: string): Promise<GroupRow> {
  const [row] = UUID.test(id) ? await selectGroups(db).where(eq(restaurants.id, id)) : [];
  if (!row) throw new ScimError(404, scimMessages.groupNotFound);
  return row;
}

export async function getGroup(db: Database, id: string, excludedAttributes: string | undefined, publicUrl: string) {
  const row = await findGroup(db, id);
  const members = wantsMembers(excludedAttributes) ? ((await membersOf(db, [id])).get(id) ?? []) : undefined;
  return groupResource(row, members, publicUrl);
}

// ---------------------------------------------------------------------------------------
// Writes

function record(
  tx: Transaction,
  context: ScimCallContext,
  kind: ActivityKind,
  group: { id: string; name: string },
  details: Record<string, unknown>,
) {
  return recordActivity(tx, {
    kind,
    actorId: null,
    actorLabel: context.caller.tokenName,
    restaurantId: group.id,
    objectType: 'restaurant',
    objectId: group.id,
    objectLabel: group.name,
    details: { via: 'scim', tokenId: context.caller.tokenId, ...details },
    address: context.address,
    userAgent: context.userAgent,
  });
}

/** The ids of `values` that are people: an unknown one is a 400, not a silent skip. */
async function assertPeople(tx: Transaction, ids: string[]) {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return unique;
  const found = await tx.select({ id: users.id }).from(users).where(inArray(users.id, unique));
  if (found.length !== unique.length) throw scimBadRequest('A member is not a user of Brigade');
  return unique;
}

async function linkExternalId(tx: Transaction, restaurantId: string, externalId: string | null | undefined) {
  if (externalId === undefined) return;
  if (externalId) {
    const [taken] = await tx
      .select({ restaurantId: scimGroups.restaurantId })
      .from(scimGroups)
      .where(eq(scimGroups.externalId, externalId));
    if (taken && taken.restaurantId !== restaurantId)
      throw new ScimError(409, 'externalId is already taken', 'uniqueness');
  }
  await tx
    .insert(scimGroups)
    .values({ restaurantId, externalId })
    .onConflictDoUpdate({ target: scimGroups.restaurantId, set: { externalId } });
}

/** Members added and removed, as one change: people assigned to the restaurant or taken off it. */
async function changeMembers(tx: Transaction, restaurantId: string, add: string[], remove: string[]) {
  const added = await assertPeople(tx, add);
  const removed = [...new Set(remove)].filter((id) => !added.includes(id));
  const inserted =
    added.length === 0
      ? []
      : await tx
          .insert(staffRestaurantAssignments)
          .values(added.map((userId) => ({ userId, restaurantId })))
          .onConflictDoNothing()
          .returning({ userId: staffRestaurantAssignments.userId });
  const deleted =
    removed.length === 0
      ? []
      : await tx
          .delete(staffRestaurantAssignments)
          .where(
            and(
              eq(staffRestaurantAssignments.restaurantId, restaurantId),
              inArray(staffRestaurantAssignments.userId, removed),
            ),
          )
          .returning({ userId: staffRestaurantAssignments.userId });
  return { added: inserted.map((row) => row.userId), removed: deleted.map((row) => row.userId) };
}

async function currentMemberIds(tx: Transaction, restaurantId: string) {
  const rows = await tx
    .select({ userId: staffRestaurantAssignments.userId })
    .from(staffRestaurantAssignments)
    .where(eq(staffRestaurantAssignments.restaurantId, restaurantId));
  return rows.map((row) => row.userId);
}

function assertSameName(group: GroupRow, displayName: unknown) {
  if (typeof displayName !== 'string' || displayName.trim().toLowerCase() !== group.name.trim().toLowerCase()) {
    throw new ScimError(400, scimMessages.groupRenameRefused, 'mutability');
  }
}

/**
 * `POST /Groups`: links the group to the restaurant of that name (its members become the
 * people assigned). No such restaurant: 400, since a provider creates no restaurants.
 */
export async function createGroup(db: Database, body: ScimGroupBody, context: ScimCallContext) {
  const id = await db.transaction(async (tx) => {
    const [group] = await selectGroups(tx)
      .where(sql`lower(${restaurants.name}) = lower(${body.displayName})`)
      .orderBy(asc(restaurants.createdAt))
      .limit(1);
    if (!group) throw scimBadRequest(scimMessages.groupUnknown);
    await linkExternalId(tx, group.id, body.externalId ?? null);
    const { added } = await changeMembers(
      tx,
      group.id,
      (body.members ?? []).map((member) => member.value),
      [],
    );
    await record(tx, context, 'scim.groupLinked', group, { externalId: body.externalId ?? null, added });
    return group.id;
  });
  return getGroup(db, id, undefined, context.publicUrl);
}

const memberIdsOf = (value: unknown): string[] => {
  const list = Array.isArray(value) ? value : [value];
  return list.map((member) => {
    const id = member && typeof member === 'object' ? (member as { value?: unknown }).value : undefined;
    if (typeof id !== 'string' || id.length > 200) throw scimBadRequest('members: each needs a value (a user id)');
    return id;
  });
};

/** `members[value eq "…"]`: the one member a remove names in its path. */
const MEMBER_PATH = /^members\[\s*value\s+eq\s+"([^"]{1,200})"\s*\]$/i;

/**
 * `PATCH /Groups/:id`: Entra ID's forms: `Add`/`Remove` of `members` with a list of
 * `{ value }`, `Remove` of `members[value eq "…"]`, `Replace` of members, externalId,
 * and displayName only when unchanged (restaurants are renamed in Brigade).
 */
export async function patchGroup(db: Database, id: string, patch: ScimPatchBody, context: ScimCallContext) {
  await db.transaction(async (tx) => {
    const group = await findGroup(tx, id);
    const add: string[] = [];
    const remove: string[] = [];
    let externalId: string | null | undefined;
    for (const operation of patch.Operations) {
      const path = operation.path?.trim();
      const values: Record<string, unknown> = path
        ? { [path]: operation.value }
        : operation.value && typeof operation.value === 'object' && !Array.isArray(operation.value)
          ? (operation.value as Record<string, unknown>)
          : {};
      if (!path && Object.keys(values).length === 0)
        throw scimBadRequest('A patch operation without a path needs an object value');
      for (const [attribute, value] of Object.entries(values)) {
        const key = attribute.toLowerCase();
        const single = attribute.match(MEMBER_PATH);
        if (single?.[1] && operation.op === 'remove') remove.push(single[1]);
        else if (key === 'members' && operation.op === 'add') add.push(...memberIdsOf(value));
        else if (key === 'members' && operation.op === 'remove') {
          remove.push(...(value === undefined ? await currentMemberIds(tx, id) : memberIdsOf(value)));
        } else if (key === 'members' && operation.op === 'replace') {
          const wanted = memberIdsOf(value ?? []);
          add.push(...wanted);
          remove.push(...(await currentMemberIds(tx, id)).filter((member) => !wanted.includes(member)));
        } else if (key === 'externalid') {
          externalId = operation.op === 'remove' ? null : typeof value === 'string' ? value : null;
        } else if (key === 'displayname') {
          if (operation.op === 'remove') throw new ScimError(400, scimMessages.groupRenameRefused, 'mutability');
          assertSameName(group, value);
        } else {
          throw new ScimError(400, `${attribute}: ${scimMessages.patchPathUnsupported}`, 'invalidPath');
        }
      }
    }
    await linkExternalId(tx, id, externalId);
    const changed = await changeMembers(tx, id, add, remove);
    if (changed.added.length > 0 || changed.removed.length > 0 || externalId !== undefined) {
      await record(tx, context, 'scim.groupUpdated', group, {
        ...changed,
        ...(externalId !== undefined ? { externalId } : {}),
      });
    }
  });
  return getGroup(db, id, undefined, context.publicUrl);
}

/** `PUT /Groups/:id`: the members as sent (same name required). */
export async function replaceGroup(db: Database, id: string, body: ScimGroupBody, context: ScimCallContext) {
  return patchGroup(
    db,
    id,
    {
      Operations: [
        { op: 'replace', path: 'displayName', value: body.displayName },
        { op: 'replace', path: 'members', value: body.members ?? [] },
        ...(body.externalId !== undefined
          ? [{ op: 'replace' as const, path: 'externalId', value: body.externalId }]
          : []),
      ],
    },
    context,
  );
}

/**
 * `DELETE /Groups/:id`: the group is unlinked and its members are taken off the
 * restaurant; the restaurant itself stays (hq's record, with its history).
 */
export async function deleteGroup(db: Database, id: string, context: ScimCallContext) {
  await db.transaction(async (tx) => {
    const group = await findGroup(tx, id);
    const { removed } = await changeMembers(tx, id, [], await currentMemberIds(tx, id));
    await tx.delete(scimGroups).where(eq(scimGroups.restaurantId, id));
    await record(tx, context, 'scim.groupUnlinked', group, { removed });
  });
}
