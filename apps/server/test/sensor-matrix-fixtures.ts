import { sql } from 'drizzle-orm';
import type { startTestApp } from './harness';
import type { RouteExample } from './route-example';

type TestApp = Awaited<ReturnType<typeof startTestApp>>;

/**
 * The authorization matrix's calls of the sensor routes (issue 37): a device and an
 * excursion in restaurant A and in B; a device made afresh where the call changes it.
 * The public intake (POST /api/sensors/readings) has its own refusals in sensors.test.ts.
 */
export async function sensorFixtures(
  t: TestApp,
  { a, b, hqCookie }: { a: string; b: string; hqCookie: string },
): Promise<Record<string, RouteExample>> {
  let sequence = 0;
  const deviceBody = (restaurantId: string) => ({
    name: `Fridge ${++sequence}`,
    restaurantId,
    kind: 'fridge',
    lowC: 0,
    highC: 5,
  });
  async function newDevice(restaurantId: string): Promise<string> {
    const response = await t.request(hqCookie, {
      method: 'POST',
      url: '/api/sensors/devices',
      payload: deviceBody(restaurantId),
    });
    if (response.statusCode !== 201) throw new Error(`fixture device: ${response.statusCode} ${response.body}`);
    return (response.json() as { id: string }).id;
  }
  async function newExcursion(restaurantId: string, deviceId: string): Promise<string> {
    const { rows } = (await t.db.execute(sql`
      insert into sensor_excursions (device_id, restaurant_id, direction, limit_c, peak_c, started_at, detected_at, ended_at)
      values (${deviceId}, ${restaurantId}, 'high', 5, 9, now() - interval '2 hours', now() - interval '100 minutes', now() - interval '1 hour')
      returning id`)) as unknown as { rows: { id: string }[] };
    return rows[0]?.id as string;
  }
  const deviceOfA = await newDevice(a);
  const deviceOfB = await newDevice(b);
  const excursionOfA = await newExcursion(a, deviceOfA);
  const excursionOfB = await newExcursion(b, deviceOfB);

  return {
    'GET /api/sensors/devices': {
      call: () => ({ query: { restaurantId: a } }),
      otherRestaurant: [() => ({ query: { restaurantId: b } })],
    },
    'POST /api/sensors/devices': { call: () => ({ body: deviceBody(a) }) },
    'GET /api/sensors/devices/{id}': {
      call: () => ({ params: { id: deviceOfA } }),
      otherRestaurant: [() => ({ params: { id: deviceOfB } })],
    },
    'PUT /api/sensors/devices/{id}': {
      call: async () => ({ params: { id: await newDevice(a) }, body: { ...deviceBody(a), highC: 6 } }),
    },
    'DELETE /api/sensors/devices/{id}': { call: async () => ({ params: { id: await newDevice(a) } }) },
    'POST /api/sensors/devices/{id}/key': { call: async () => ({ params: { id: await newDevice(a) }, body: {} }) },
    'GET /api/sensors/status': {
      call: () => ({ query: { restaurantId: a } }),
      otherRestaurant: [() => ({ query: { restaurantId: b } })],
    },
    'GET /api/sensors/devices/{id}/series': {
      call: () => ({ params: { id: deviceOfA }, query: { range: '7d' } }),
      otherRestaurant: [() => ({ params: { id: deviceOfB }, query: { range: '24h' } })],
    },
    'GET /api/sensors/excursions': {
      call: () => ({ query: { restaurantId: a, state: 'past' } }),
      otherRestaurant: [() => ({ query: { restaurantId: b } })],
    },
    'GET /api/sensors/excursions/{id}': {
      call: () => ({ params: { id: excursionOfA } }),
      otherRestaurant: [() => ({ params: { id: excursionOfB } })],
    },
  };
}
