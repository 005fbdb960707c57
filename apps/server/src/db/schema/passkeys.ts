import { bigint, boolean, index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAt, id } from './columns';
import { users } from './users';

/**
 * A person's passkey (issue 36, docs/decisions/042): a WebAuthn credential registered in
 * Profile. `credentialId` and `publicKey` are base64url; `counter` is the authenticator's
 * signature counter at the last sign-in (0 for authenticators that keep none), so a
 * cloned authenticator's older counter is refused.
 */
export const passkeys = pgTable(
  'passkeys',
  {
    id: id(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    credentialId: text('credential_id').notNull().unique(),
    publicKey: text('public_key').notNull(),
    counter: bigint('counter', { mode: 'number' }).notNull().default(0),
    /** How the browser can reach the authenticator ('internal', 'usb', 'hybrid', ...). */
    transports: text('transports').array().notNull().default([]),
    /** Synced by its provider between devices ('multiDevice' credentials). */
    backedUp: boolean('backed_up').notNull().default(false),
    aaguid: text('aaguid'),
    createdAt: createdAt(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
  },
  (t) => [index('passkeys_user_idx').on(t.userId, t.createdAt)],
);
