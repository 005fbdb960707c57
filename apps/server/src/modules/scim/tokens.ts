import { createHash, randomBytes } from 'node:crypto';
import { type ScimTokenCreated, type ScimTokenSummary, scimMessages } from '@brigade/core/schemas/scim';
import { and, desc, eq, isNull, lt, or, sql } from 'drizzle-orm';
import { recordActivity } from '../../activity/record';
import type { SessionUser } from '../../auth/session-user';
import type { Database } from '../../db/database';
import { scimTokens } from '../../db/schema/scim';
import { users } from '../../db/schema/users';
import { notFound } from '../../errors';

/** What a token's holder is known by in the activity log and in the SCIM calls it makes. */
export interface ScimCaller {
  tokenId: string;
  tokenName: string;
}

/** A recognisable prefix (secret scanners and people tell it apart), then 256 random bits. */
const TOKEN_PREFIX = 'brigade_scim_';
/** `last_used_at` is written at most this often per token, not on every call. */
const LAST_USED_RESOLUTION = sql`interval '1 minute'`;

const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');

const summaryColumns = {
  id: scimTokens.id,
  name: scimTokens.name,
  createdAt: scimTokens.createdAt,
  createdByName: users.name,
  lastUsedAt: scimTokens.lastUsedAt,
  revokedAt: scimTokens.revokedAt,
};

function summaryOf(row: {
  id: string;
  name: string;
  createdAt: Date;
  createdByName: string | null;
  lastUsedAt: Date | null;
  revokedAt: Date | null;
}): ScimTokenSummary {
  return {
    ...row,
    createdAt: row.createdAt.toISOString(),
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
    revokedAt: row.revokedAt?.toISOString() ?? null,
  };
}

/** Every token, newest first, revoked ones too (the screen shows them as revoked). */
export async function listScimTokens(db: Database): Promise<ScimTokenSummary[]> {
  const rows = await db
    .select(summaryColumns)
    .from(scimTokens)
    .leftJoin(users, eq(users.id, scimTokens.createdBy))
    .orderBy(desc(scimTokens.createdAt), desc(scimTokens.id));
  return rows.map(summaryOf);
}

/** A new token: only its hash is stored; the token itself is in this answer and nowhere else. */
export async function createScimToken(
  db: Database,
  actor: SessionUser,
  name: string,
  context: { address: string | null; userAgent: string | null },
): Promise<ScimTokenCreated> {
  const token = `${TOKEN_PREFIX}${randomBytes(32).toString('base64url')}`;
  const row = await db.transaction(async (tx) => {
    const [inserted] = await tx
      .insert(scimTokens)
      .values({ name, tokenHash: hashOf(token), createdBy: actor.id })
      .returning({ id: scimTokens.id, createdAt: scimTokens.createdAt });
    if (!inserted) throw new Error('SCIM token not inserted');
    await recordActivity(tx, {
      kind: 'scimToken.created',
      actorId: actor.id,
      objectType: 'scimToken',
      objectId: inserted.id,
      objectLabel: name,
      ...context,
    });
    return inserted;
  });
  return {
    ...summaryOf({ ...row, name, createdByName: actor.name, lastUsedAt: null, revokedAt: null }),
    token,
  };
}

/** Revoking is immediate: the next call with the token is a 401, on every server. Revoking twice changes nothing. */
export async function revokeScimToken(
  db: Database,
  actor: SessionUser,
  id: string,
  context: { address: string | null; userAgent: string | null },
): Promise<ScimTokenSummary> {
  await db.transaction(async (tx) => {
    const [revoked] = await tx
      .update(scimTokens)
      .set({ revokedAt: new Date() })
      .where(and(eq(scimTokens.id, id), isNull(scimTokens.revokedAt)))
      .returning({ name: scimTokens.name });
    if (revoked) {
      await recordActivity(tx, {
        kind: 'scimToken.revoked',
        actorId: actor.id,
        objectType: 'scimToken',
        objectId: id,
        objectLabel: revoked.name,
        ...context,
      });
    }
  });
  const [row] = await db
    .select(summaryColumns)
    .from(scimTokens)
    .leftJoin(users, eq(users.id, scimTokens.createdBy))
    .where(eq(scimTokens.id, id));
  if (!row) throw notFound(scimMessages.tokenNotFound);
  return summaryOf(row);
}

/**
 * The holder of a bearer token (`Authorization: Bearer …`), or null for a missing,
 * unknown or revoked one. The lookup is by the token's SHA-256 (an index), so the
 * comparison leaks nothing about the token; its last use is noted once a minute at most.
 */
export async function authenticateScimToken(
  db: Database,
  authorization: string | undefined,
): Promise<ScimCaller | null> {
  const match = authorization?.match(/^Bearer\s+(\S{1,500})\s*$/i);
  if (!match?.[1]) return null;
  const hash = hashOf(match[1]);
  const [token] = await db
    .select({ id: scimTokens.id, name: scimTokens.name, lastUsedAt: scimTokens.lastUsedAt })
    .from(scimTokens)
    .where(and(eq(scimTokens.tokenHash, hash), isNull(scimTokens.revokedAt)));
  if (!token) return null;
  if (token.lastUsedAt && Date.now() - token.lastUsedAt.getTime() < 60_000) {
    return { tokenId: token.id, tokenName: token.name };
  }
  await db
    .update(scimTokens)
    .set({ lastUsedAt: sql`now()` })
    .where(
      and(
        eq(scimTokens.id, token.id),
        or(isNull(scimTokens.lastUsedAt), lt(scimTokens.lastUsedAt, sql`now() - ${LAST_USED_RESOLUTION}`)),
      ),
    );
  return { tokenId: token.id, tokenName: token.name };
}
