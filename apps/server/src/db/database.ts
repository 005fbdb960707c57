import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import type * as schema from './schema/index';

/**
 * What services and query helpers see of the database, whichever driver opened it
 * (client.ts): types only, so helpers such as advisory-locks.ts need not import the
 * module that opens connections, which uses them in turn.
 */
export type Schema = typeof schema;
/** Both drivers' Drizzle instances share this interface; services use only it. */
export type Database = PgDatabase<PgQueryResultHKT, Schema>;
export type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];
/** A query helper accepts either the database or an open transaction. */
export type Queryable = Database | Transaction;
