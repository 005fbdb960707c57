import { randomBytes } from 'node:crypto';
import type { ActivityKind } from '@brigade/core/activity';
import { EMAIL_PATTERN } from '@brigade/core/schemas/fields';
import {
  type ScimListQuery,
  type ScimPatchBody,
  type ScimUserBody,
  scimBoolean,
  scimMessages,
} from '@brigade/core/schemas/scim';
import { asc, count, eq } from 'drizzle-orm';
import { recordActivity } from '../../activity/record';
import type { Auth } from '../../auth/auth';
import { hashPassword } from '../../auth/passwords';
import type { Database, Transaction } from '../../db/database';
import { scimUsers } from '../../db/schema/scim';
import { users } from '../../db/schema/users';
import { deprovisionUserInTransaction, insertUser, provisionUserInTransaction } from '../users/service';
import { emitEvent, personEvent } from '../webhooks/service';
import { ScimError, scimBadRequest } from './scim-errors';
import { filterCondition } from './scim-filter';
import { listPage, SCIM, SCIM_BASE_PATH } from './scim-names';
import type { ScimCaller } from './tokens';

/** Who made a SCIM call and from where: what its activity entries record. */
export interface ScimCallContext {
  caller: ScimCaller;
  address: string | null;
  userAgent: string | null;
  /** The server's public address: resources' `meta.location` starts with it. */
  publicUrl: string;
}

/** A person as SCIM sees them: Brigade's one name and address, and what the provider sent of its own. */
interface UserState {
  userName: string;
  externalId: string | null;
  active: boolean;
  givenName: string | null;
  familyName: string | null;
  formattedName: string | null;
  displayName: string | null;
}

const userColumns = {
  id: users.id,
  email: users.email,
  name: users.name,
  isActive: users.isActive,
  createdAt: users.createdAt,
  updatedAt: users.updatedAt,
  externalId: scimUsers.externalId,
  givenName: scimUsers.givenName,
  familyName: scimUsers.familyName,
  formattedName: scimUsers.formattedName,
  displayName: scimUsers.displayName,
};
type UserRow = {
  id: string;
  email: string;
  name: string;
  isActive: boolean;
  createdAt: Date;
  updatedAt: Date;
  externalId: string | null;
  givenName: string | null;
  familyName: string | null;
  formattedName: string | null;
  displayName: string | null;
};

const selectUsers = (db: Database | Transaction) =>
  db.select(userColumns).from(users).leftJoin(scimUsers, eq(scimUsers.userId, users.id));

/** The User resource (RFC 7643 §4.1): `userName` and the work email are the person's sign-in address. */
export function userResource(row: UserRow, publicUrl: string) {
  return {
    schemas: [SCIM.user],
    id: row.id,
    externalId: row.externalId ?? undefined,
    userName: row.email,
    name: {
      givenName: row.givenName ?? undefined,
      familyName: row.familyName ?? undefined,
      formatted: row.formattedName ?? row.name,
    },
    displayName: row.name,
    active: row.isActive,
    emails: [{ value: row.email, type: 'work', primary: true }],
    meta: {
      resourceType: 'User',
      created: row.createdAt.toISOString(),
      lastModified: row.updatedAt.toISOString(),
      location: `${publicUrl}${SCIM_BASE_PATH}/Users/${row.id}`,
    },
  };
}

const USER_FILTERS = {
  username: (value: string | boolean) => eq(users.email, String(value).toLowerCase()),
  'emails.value': (value: string | boolean) => eq(users.email, String(value).toLowerCase()),
  externalid: (value: string | boolean) => eq(scimUsers.externalId, String(value)),
  id: (value: string | boolean) => eq(users.id, String(value)),
  displayname: (value: string | boolean) => eq(users.name, String(value)),
  active: (value: string | boolean) => eq(users.isActive, value === true || value === 'true'),
};

/** `GET /Users`: every person of Brigade (provisioned or not, so the provider can match existing accounts), paged. */
export async function listUsers(db: Database, query: ScimListQuery, publicUrl: string) {
  const where = filterCondition(query.filter, USER_FILTERS);
  const [total] = await db
    .select({ n: count() })
    .from(users)
    .leftJoin(scimUsers, eq(scimUsers.userId, users.id))
    .where(where);
  const rows =
    query.count === 0
      ? []
      : await selectUsers(db)
          .where(where)
          .orderBy(asc(users.createdAt), asc(users.id))
          .limit(query.count)
          .offset(query.startIndex - 1);
  return listPage(
    rows.map((row) => userResource(row, publicUrl)),
    total?.n ?? 0,
    query.startIndex,
  );
}

async function findUser(db: Database | Transaction, id: string): Promise<UserRow> {
  const [row] = await selectUsers(db).where(eq(users.id, id));
  if (!row) throw new ScimError(404, scimMessages.userNotFound);
  return row;
}

export async function getUser(db: Database, id: string, publicUrl: string) {
  return userResource(await findUser(db, id), publicUrl);
}

// ---------------------------------------------------------------------------------------
// From SCIM to Brigade's person

const NAME_MAX = 200;

/** The one name Brigade keeps: the display name, else the formatted one, else given and family names, else the address. */
function brigadeName(state: UserState): string {
  const parts = [state.givenName, state.familyName].filter((part) => part?.trim()).join(' ');
  const name = [state.displayName, state.formattedName, parts].find((candidate) => candidate?.trim());
  return (name?.trim() || state.userName.split('@')[0] || state.userName).slice(0, NAME_MAX);
}

/** userName is the address the person signs in with (decision 041): an email, stored lower-cased. */
function brigadeEmail(userName: string): string {
  const email = userName.trim().toLowerCase();
  if (email.length > 254 || !EMAIL_PATTERN.test(email)) throw scimBadRequest(scimMessages.userNameNotEmail);
  return email;
}

function stateOfBody(body: ScimUserBody, previous?: UserState): UserState {
  return {
    userName: body.userName,
    externalId: body.externalId ?? null,
    active: body.active ?? previous?.active ?? true,
    givenName: body.name?.givenName ?? null,
    familyName: body.name?.familyName ?? null,
    formattedName: body.name?.formatted ?? null,
    displayName: body.displayName ?? null,
  };
}

function stateOfRow(row: UserRow): UserState {
  return {
    userName: row.email,
    externalId: row.externalId,
    active: row.isActive,
    givenName: row.givenName,
    familyName: row.familyName,
    formattedName: row.formattedName,
    displayName: row.displayName,
  };
}

const optionalText = (value: unknown, path: string): string | null => {
  if (value === null || value === undefined) return null;
  if (typeof value !== 'string' || value.length > 1000 || value.includes('\u0000')) {
    throw scimBadRequest(`${path} must be a string`);
  }
  return value;
};

/**
 * One attribute of a PATCH (a `path`, or a key of a path-less value object, which
 * Entra ID writes as "name.givenName") set on the person's state. Attributes Brigade
 * does not keep (title, phone numbers, the enterprise extension, the work email: the
 * address is the userName) are accepted and ignored, as RFC 7644 lets a service provider do.
 */
function applyAttribute(state: UserState, path: string, value: unknown, remove: boolean): void {
  const key = path.toLowerCase();
  switch (key) {
    case 'username':
      if (remove) throw new ScimError(400, 'userName is required', 'mutability');
      state.userName = optionalText(value, 'userName') ?? state.userName;
      return;
    case 'externalid':
      state.externalId = remove ? null : optionalText(value, 'externalId');
      return;
    case 'displayname':
      state.displayName = remove ? null : optionalText(value, 'displayName');
      return;
    case 'name.givenname':
      state.givenName = remove ? null : optionalText(value, 'name.givenName');
      return;
    case 'name.familyname':
      state.familyName = remove ? null : optionalText(value, 'name.familyName');
      return;
    case 'name.formatted':
      state.formattedName = remove ? null : optionalText(value, 'name.formatted');
      return;
    case 'name':
      if (remove) {
        state.givenName = state.familyName = state.formattedName = null;
        return;
      }
      if (!value || typeof value !== 'object' || Array.isArray(value)) throw scimBadRequest('name must be an object');
      for (const [part, partValue] of Object.entries(value)) applyAttribute(state, `name.${part}`, partValue, false);
      return;
    case 'active': {
      if (remove) return;
      const active = scimBoolean.safeParse(value);
      if (!active.success) throw scimBadRequest('active must be true or false');
      state.active = active.data;
      return;
    }
    default:
      if (key.startsWith('urn:ietf:params:scim:schemas:core:2.0:user:')) {
        applyAttribute(state, path.slice('urn:ietf:params:scim:schemas:core:2.0:user:'.length), value, remove);
      }
  }
}

function applyPatch(state: UserState, patch: ScimPatchBody): UserState {
  const next = { ...state };
  for (const operation of patch.Operations) {
    const remove = operation.op === 'remove';
    if (operation.path) {
      if (!remove && operation.value === undefined) throw scimBadRequest(`${operation.path}: value is required`);
      applyAttribute(next, operation.path, operation.value, remove);
      continue;
    }
    // Path-less: the value is an object of attributes (RFC 7644 §3.5.2.1/.3).
    if (remove) throw new ScimError(400, 'A remove operation needs a path', 'noTarget');
    const value = operation.value;
    if (!value || typeof value !== 'object' || Array.isArray(value)) {
      throw scimBadRequest('A patch operation without a path needs an object value');
    }
    for (const [path, attributeValue] of Object.entries(value)) applyAttribute(next, path, attributeValue, false);
  }
  return next;
}

// ---------------------------------------------------------------------------------------
// Writes: each in one transaction with its activity entry

async function saveProviderAttributes(tx: Transaction, userId: string, state: UserState) {
  const values = {
    externalId: state.externalId,
    givenName: state.givenName,
    familyName: state.familyName,
    formattedName: state.formattedName,
    displayName: state.displayName,
  };
  await tx
    .insert(scimUsers)
    .values({ userId, ...values })
    .onConflictDoUpdate({ target: scimUsers.userId, set: values });
}

async function assertExternalIdFree(tx: Transaction, externalId: string | null, userId?: string) {
  if (!externalId) return;
  const [taken] = await tx
    .select({ userId: scimUsers.userId })
    .from(scimUsers)
    .where(eq(scimUsers.externalId, externalId));
  if (taken && taken.userId !== userId) throw new ScimError(409, scimMessages.externalIdTaken, 'uniqueness');
}

function record(
  tx: Transaction,
  context: ScimCallContext,
  kind: ActivityKind,
  user: { id: string; name: string },
  changes?: Record<string, { from: unknown; to: unknown }>,
) {
  return recordActivity(tx, {
    kind,
    actorId: null,
    actorLabel: context.caller.tokenName,
    objectType: 'user',
    objectId: user.id,
    objectLabel: user.name,
    changes,
    details: { via: 'scim', tokenId: context.caller.tokenId },
    address: context.address,
    userAgent: context.userAgent,
  });
}

/**
 * `POST /Users`: a new person, role staff and no restaurant (hq assigns them), with no
 * password anyone knows (a random one, hashed): they sign in with SSO, or choose one
 * through "Forgot password". A taken userName is 409 `uniqueness`.
 */
export async function createUser(db: Database, auth: Auth, body: ScimUserBody, context: ScimCallContext) {
  const state = stateOfBody(body);
  const email = brigadeEmail(state.userName);
  const name = brigadeName(state);
  const passwordHash = await hashPassword(auth, randomBytes(32).toString('base64url'));
  const id = await db.transaction(async (tx) => {
    const [taken] = await tx.select({ id: users.id }).from(users).where(eq(users.email, email));
    if (taken) throw new ScimError(409, scimMessages.userNameTaken, 'uniqueness');
    await assertExternalIdFree(tx, state.externalId);
    const newId = await insertUser(tx, { name, email, role: 'staff', passwordHash, isActive: state.active });
    await saveProviderAttributes(tx, newId, state);
    await emitEvent(tx, 'person.created', personEvent(newId));
    await record(tx, context, 'scim.userCreated', { id: newId, name }, undefined);
    return newId;
  });
  return userResource(await findUser(db, id), context.publicUrl);
}

async function saveState(
  db: Database,
  id: string,
  compute: (current: UserState) => UserState,
  context: ScimCallContext,
) {
  await db.transaction(async (tx) => {
    const row = await findUser(tx, id);
    const before = stateOfRow(row);
    const after = compute(before);
    const email = brigadeEmail(after.userName);
    const name = brigadeName({ ...after, userName: email });
    await assertExternalIdFree(tx, after.externalId, id);
    const changes = await provisionUserInTransaction(tx, id, { name, email, isActive: after.active });
    const providerChanges: Record<string, { from: unknown; to: unknown }> = {};
    for (const field of ['externalId', 'givenName', 'familyName', 'formattedName', 'displayName'] as const) {
      if (before[field] !== after[field]) providerChanges[field] = { from: before[field], to: after[field] };
    }
    if (Object.keys(providerChanges).length > 0 || row.externalId === null) await saveProviderAttributes(tx, id, after);
    const all = { ...changes, ...providerChanges };
    if (Object.keys(all).length === 0) return;
    const kind = changes.isActive?.to === false ? 'scim.userDeactivated' : 'scim.userUpdated';
    await record(tx, context, kind, { id, name }, all);
  });
  return userResource(await findUser(db, id), context.publicUrl);
}

/** `PUT /Users/:id`: the person as sent (attributes left out are cleared; `active` left out stays). */
export function replaceUser(db: Database, id: string, body: ScimUserBody, context: ScimCallContext) {
  return saveState(db, id, (current) => stateOfBody(body, current), context);
}

/** `PATCH /Users/:id`: RFC 7644's operations, and Entra ID's forms of them. `active: false` ends every session at once. */
export function patchUser(db: Database, id: string, patch: ScimPatchBody, context: ScimCallContext) {
  return saveState(db, id, (current) => applyPatch(current, patch), context);
}

/** `DELETE /Users/:id`: the person is deleted as hq deletes someone (what they did for others stays). */
export async function deleteUser(db: Database, id: string, context: ScimCallContext) {
  await db.transaction(async (tx) => {
    await findUser(tx, id);
    const removed = await deprovisionUserInTransaction(tx, id);
    await record(tx, context, 'scim.userDeleted', { id, name: removed.name });
  });
}
