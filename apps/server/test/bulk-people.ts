import { sql } from 'drizzle-orm';
import type { Queryable } from '../src/db/database';
import { staffRestaurantAssignments } from '../src/db/schema/restaurants';
import { users } from '../src/db/schema/users';

/**
 * `count` active staff at one restaurant, in two statements: ids `bulk-1`…, names
 * "Bulk Person 00001"… (so their order by name is their number's). For lists longer than
 * a CSV batch; delete them with `id like 'bulk-%'`.
 */
export async function insertBulkPeople(db: Queryable, restaurantId: string, count: number) {
  await db.execute(sql`insert into ${users} (id, name, email, role, is_active, email_verified)
    select 'bulk-' || n, 'Bulk Person ' || lpad(n::text, 5, '0'), 'bulk' || n || '@example.com', 'staff', true, true
    from generate_series(1, ${count}) n`);
  await db.execute(sql`insert into ${staffRestaurantAssignments} (user_id, restaurant_id)
    select 'bulk-' || n, ${restaurantId}::uuid from generate_series(1, ${count}) n`);
}
