import { notificationContent } from '@brigade/core/notification-texts';
import { SENSOR_OFFLINE_MINUTES } from '@brigade/core/schemas/sensors';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/database';
import type { Notifier } from '../../notify/notifier';
import { localTime } from './local-time';

/**
 * "Sensor offline" (issue 37): a device whose newest reading is more than 60 minutes old
 * is marked offline once (`offline_since`, which its next reading clears) and its
 * restaurant's managers are told once per silence (the subject names the last reading).
 * In one transaction, so two servers' minute jobs mark and notify each device once.
 * Returns the devices marked.
 */
export async function raiseOfflineDevices(
  db: Database,
  notifier: Pick<Notifier, 'notify' | 'wake'>,
  now = new Date(),
): Promise<string[]> {
  const marked = await db.transaction(async (tx) => {
    const result = (await tx.execute(sql`
      update sensor_devices d set offline_since = ${now.toISOString()}::timestamptz
      from restaurants r
      where r.id = d.restaurant_id and d.retired_at is null and d.offline_since is null
        and d.last_reading_at < ${now.toISOString()}::timestamptz - make_interval(mins => ${SENSOR_OFFLINE_MINUTES})
      returning d.id, d.name, d.restaurant_id, r.name as restaurant_name, r.time_zone, d.last_reading_at`)) as unknown as {
      rows: {
        id: string;
        name: string;
        restaurant_id: string;
        restaurant_name: string;
        time_zone: string;
        last_reading_at: Date | string;
      }[];
    };
    if (result.rows.length === 0) return [];
    const restaurantIds = [...new Set(result.rows.map((row) => row.restaurant_id))];
    const managers = (await tx.execute(sql`
      select sra.restaurant_id, u.id from staff_restaurant_assignments sra join users u on u.id = sra.user_id
      where sra.restaurant_id in ${restaurantIds} and u.role = 'manager' and u.is_active`)) as unknown as {
      rows: { restaurant_id: string; id: string }[];
    };
    await notifier.notify(
      tx,
      result.rows.flatMap((device) => {
        const lastAt = new Date(device.last_reading_at);
        const last = localTime(lastAt, device.time_zone);
        const content = notificationContent('sensorOffline', device.name, device.restaurant_name, last.day, last.time);
        return managers.rows
          .filter((manager) => manager.restaurant_id === device.restaurant_id)
          .map((manager) => ({
            userId: manager.id,
            kind: 'sensorOffline' as const,
            subjectKey: `${device.id}:${lastAt.toISOString()}`,
            title: content.title,
            body: content.body,
            params: content.params,
            link: `/sensors/${device.restaurant_id}`,
          }));
      }),
    );
    return result.rows.map((row) => row.id);
  });
  if (marked.length) notifier.wake();
  return marked;
}
