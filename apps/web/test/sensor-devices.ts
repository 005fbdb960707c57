import type { SensorDevice } from '@brigade/core/schemas/sensors';

/** The tests' restaurants and a fridge in range, changed per test by `patch`. */
export const amsterdam = {
  id: '0b5c1a1e-8a55-4c1e-9d3c-0c1a2b3c4d5e',
  name: 'Brigade Amsterdam',
  timeZone: 'Europe/Amsterdam',
};
export const utrecht = {
  id: '1b5c1a1e-8a55-4c1e-9d3c-0c1a2b3c4d5e',
  name: 'Brigade Utrecht',
  timeZone: 'Europe/Amsterdam',
};

export function testDevice(patch: Partial<SensorDevice>): SensorDevice {
  return {
    id: 'd-1',
    name: 'Walk-in fridge',
    restaurant: amsterdam,
    kind: 'fridge',
    lowC: 0,
    highC: 5,
    delayMinutes: 15,
    recoveryMinutes: 10,
    state: 'ok',
    lastReading: { at: '2026-11-28T10:00:00.000Z', value: 3.5 },
    liveExcursionId: null,
    keyIssuedAt: '2026-11-01T09:00:00.000Z',
    createdAt: '2026-11-01T09:00:00.000Z',
    ...patch,
  };
}

export const json = (body: unknown, status = 200) =>
  new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });
