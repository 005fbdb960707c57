import { randomBytes } from 'node:crypto';
import { messages } from '@brigade/core/messages';
import type { ApiTokenCreated, ApiTokenSummary } from '@brigade/core/schemas/api-tokens';
import { and, desc, eq, isNull } from 'drizzle-orm';
import { recordActivity } from '../../activity/record';
import { API_TOKEN_PREFIX, hashApiToken } from '../../auth/api-token-check';
import type { SessionUser } from '../../auth/session-user';
import type { Database } from '../../db/database';
import { apiTokens } from '../../db/schema/api-tokens';
import { users } from '../../db/schema/users';
import { notFound } from '../../errors';

const DAY_MS = 24 * 60 * 60 * 1000;

const summaryColumns = {
  id: apiTokens.id,
  name: apiTokens.name,
  scopes: apiTokens.scopes,
  createdAt: apiTokens.createdAt,
  createdByName: users.name,
  expiresAt: apiTokens.expiresAt,
  lastUsedAt: apiTokens.lastUsedAt,
  lastUsedAddress: apiTokens.lastUsedAddress,
  revokedAt: apiTokens.revokedAt,
};

interface SummaryRow {
  id: string;
  name: string;
  scopes: string[];
  createdAt: Date;
  createdByName: string | null;
  expiresAt: Date | null;
  lastUsedAt: Date | null;
  lastUsedAddress: string | null;
  revokedAt: Date | null;
}

function summaryOf(row: SummaryRow): ApiTokenSummary {
  return {
    ...row,
    createdAt: row.createdAt.toISOString(),
    expiresAt: row.expiresAt?.toISOString() ?? null,
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
    revokedAt: row.revokedAt?.toISOString() ?? null,
  };
}

/** Every token, newest first, revoked and expired ones too (the screen marks them). */
export async function listApiTokens(db: Database): Promise<ApiTokenSummary[]> {
  const rows = await db
    .select(summaryColumns)
    .from(apiTokens)
    .leftJoin(users, eq(users.id, apiTokens.createdBy))
    .orderBy(desc(apiTokens.createdAt), desc(apiTokens.id));
  return rows.map(summaryOf);
}

/** A new token: only its hash is stored; the token itself is in this answer and nowhere else. */
export async function createApiToken(
  db: Database,
  actor: SessionUser,
  input: { name: string; scopes: string[]; expiresInDays: number | null },
): Promise<ApiTokenCreated> {
  const token = `${API_TOKEN_PREFIX}${randomBytes(32).toString('base64url')}`;
  const expiresAt = input.expiresInDays === null ? null : new Date(Date.now() + input.expiresInDays * DAY_MS);
  const row = await db.transaction(async (tx) => {
    const [inserted] = await tx
      .insert(apiTokens)
      .values({
        name: input.name,
        tokenHash: hashApiToken(token),
        scopes: input.scopes,
        createdBy: actor.id,
        expiresAt,
      })
      .returning({ id: apiTokens.id, createdAt: apiTokens.createdAt });
    if (!inserted) throw new Error('API token not inserted');
    await recordActivity(tx, {
      kind: 'apiToken.created',
      actorId: actor.id,
      objectType: 'apiToken',
      objectId: inserted.id,
      objectLabel: input.name,
      details: { scopes: input.scopes, expiresAt: expiresAt?.toISOString() ?? null },
    });
    return inserted;
  });
  return {
    ...summaryOf({
      ...row,
      name: input.name,
      scopes: input.scopes,
      createdByName: actor.name,
      expiresAt,
      lastUsedAt: null,
      lastUsedAddress: null,
      revokedAt: null,
    }),
    token,
  };
}

/**
 * Revoking is immediate: the next call with the token is a 401, on every server (each
 * reads the token from the database). Revoking a revoked token changes nothing and
 * answers it as it is, so a retried click is harmless.
 */
export async function revokeApiToken(db: Database, actor: SessionUser, id: string): Promise<ApiTokenSummary> {
  await db.transaction(async (tx) => {
    const [revoked] = await tx
      .update(apiTokens)
      .set({ revokedAt: new Date() })
      .where(and(eq(apiTokens.id, id), isNull(apiTokens.revokedAt)))
      .returning({ name: apiTokens.name });
    if (revoked) {
      await recordActivity(tx, {
        kind: 'apiToken.revoked',
        actorId: actor.id,
        objectType: 'apiToken',
        objectId: id,
        objectLabel: revoked.name,
      });
    }
  });
  const [row] = await db
    .select(summaryColumns)
    .from(apiTokens)
    .leftJoin(users, eq(users.id, apiTokens.createdBy))
    .where(eq(apiTokens.id, id));
  if (!row) throw notFound(messages.apiTokenNotFound);
  return summaryOf(row);
}
