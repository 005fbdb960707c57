import type { Role } from '@brigade/core/roles';
import type { SsoFailure } from '@brigade/core/schemas/sso';
import { and, eq } from 'drizzle-orm';
import { recordActivity } from '../../activity/record';
import type { Database } from '../../db/database';
import { accounts, users } from '../../db/schema/users';
import type { VerifiedClaims } from './oidc';
import type { SsoProvider } from './providers';
import { domainOf } from './providers';

const RANK: Record<Role, number> = { staff: 0, manager: 1, hq: 2 };

/** Better Auth's account provider id of people linked to `provider`. */
export const accountProviderIdOf = (provider: SsoProvider) => `oidc:${provider.id}`;

export type SsoPerson = { userId: string } | { failure: SsoFailure };

/**
 * The person an ID token names (docs/decisions/040): the one already linked to its `sub`;
 * else the one with its email, when verified and of an allowed domain (then linked);
 * else, with JIT on, a new person (staff, no restaurant). The group→role mapping, when
 * set and the token lists groups, sets the role at every sign-in. Deactivated: refused.
 */
export async function personOf(
  db: Database,
  provider: SsoProvider,
  claims: VerifiedClaims,
  context: { address: string | null; userAgent: string | null },
): Promise<SsoPerson> {
  if (!claims.email) return { failure: 'email-unverified' };
  const domain = domainOf(claims.email);
  if (!domain || !provider.allowedDomains.includes(domain)) return { failure: 'domain-not-allowed' };
  if (!claims.emailVerified) return { failure: 'email-unverified' };
  const mappedRole = roleOf(provider, claims.groups);
  const providerId = accountProviderIdOf(provider);

  return db.transaction(async (tx) => {
    const [linked] = await tx
      .select({ id: users.id, role: users.role, isActive: users.isActive, name: users.name })
      .from(accounts)
      .innerJoin(users, eq(users.id, accounts.userId))
      .where(and(eq(accounts.providerId, providerId), eq(accounts.accountId, claims.sub)));
    let person = linked;
    if (!person) {
      const [byEmail] = await tx
        .select({ id: users.id, role: users.role, isActive: users.isActive, name: users.name })
        .from(users)
        .where(eq(users.email, claims.email as string));
      if (byEmail) {
        person = byEmail;
      } else if (provider.jit) {
        const [created] = await tx
          .insert(users)
          .values({
            id: crypto.randomUUID(),
            name: claims.name?.trim() || (claims.email as string),
            email: claims.email as string,
            emailVerified: true,
            role: mappedRole ?? 'staff',
          })
          .returning({ id: users.id, role: users.role, isActive: users.isActive, name: users.name });
        if (!created) throw new Error('The new person was not returned');
        person = created;
        await recordActivity(tx, {
          kind: 'user.created',
          objectType: 'user',
          objectId: created.id,
          objectLabel: created.name,
          actorLabel: provider.name,
          details: { method: 'oidc', provider: provider.id, jit: true },
          changes: { role: { from: null, to: created.role }, email: { from: null, to: claims.email } },
          ...context,
        });
      } else {
        return { failure: 'no-account' as const };
      }
      if (!person.isActive) return { failure: 'deactivated' as const };
      await tx.insert(accounts).values({
        id: crypto.randomUUID(),
        accountId: claims.sub,
        providerId,
        userId: person.id,
      });
      await recordActivity(tx, {
        kind: 'auth.ssoLinked',
        actorId: person.id,
        objectType: 'user',
        objectId: person.id,
        objectLabel: person.name,
        details: { method: 'oidc', provider: provider.id, providerName: provider.name },
        ...context,
      });
    }
    if (!person.isActive) return { failure: 'deactivated' as const };
    if (mappedRole && mappedRole !== person.role) {
      await tx.update(users).set({ role: mappedRole }).where(eq(users.id, person.id));
      await recordActivity(tx, {
        kind: 'user.updated',
        objectType: 'user',
        objectId: person.id,
        objectLabel: person.name,
        actorLabel: provider.name,
        changes: { role: { from: person.role, to: mappedRole } },
        details: { method: 'oidc', provider: provider.id, reason: 'group mapping' },
        ...context,
      });
    }
    return { userId: person.id };
  });
}

/**
 * The role the mapping gives, or undefined to leave the role as it is: no mapping, or a
 * token without a `groups` claim (Entra leaves it out beyond 200 groups, "overage").
 * With groups but none mapped: staff.
 */
function roleOf(provider: SsoProvider, groups: string[] | undefined): Role | undefined {
  if (provider.groupRoles.length === 0 || groups === undefined) return undefined;
  const held = new Set(groups);
  let role: Role = 'staff';
  for (const mapping of provider.groupRoles) {
    if (held.has(mapping.group) && RANK[mapping.role] > RANK[role]) role = mapping.role;
  }
  return role;
}
