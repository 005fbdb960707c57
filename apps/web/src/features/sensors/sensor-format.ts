import type { ExcursionDirection, SensorDevice, SensorKind, SensorState } from '@brigade/core/schemas/sensors';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { dateFormat } from '../../lib/locale-format';
import { temperatureText } from '../../lib/temperature';

export const kindLabels: Record<SensorKind, MessageDescriptor> = {
  fridge: msg`Fridge`,
  freezer: msg`Freezer`,
  'hot-holding': msg`Hot-holding unit`,
};

export const stateLabels: Record<SensorState, MessageDescriptor> = {
  ok: msg`In range`,
  excursion: msg`Excursion live`,
  offline: msg`Sensor offline`,
  waiting: msg`No readings yet`,
};

export const directionLabels: Record<ExcursionDirection, MessageDescriptor> = {
  high: msg`above`,
  low: msg`below`,
};

/** A device's limits: "0 °C to 5 °C". */
export function limitsText(lowC: number, highC: number): string {
  return `${temperatureText(lowC)} – ${temperatureText(highC)}`;
}

/**
 * A moment by the restaurant's clock, as its managers read their fridges: "14:05" today,
 * else "28 Nov, 14:05". `now` is passed by tests.
 */
export function restaurantTime(iso: string, timeZone: string, now: Date = new Date()): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  const day = dateFormat({ year: 'numeric', month: '2-digit', day: '2-digit', timeZone });
  const time = { hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZone } as const;
  if (day.format(date) === day.format(now)) return dateFormat(time).format(date);
  return dateFormat({ ...time, day: 'numeric', month: 'short' }).format(date);
}

/** A chart's axis label: the hour and minute (24 h) or the weekday and hour (7 days), in the restaurant's zone. */
export function axisTime(iso: string, timeZone: string, withDay: boolean): string {
  const options: Intl.DateTimeFormatOptions = withDay
    ? { weekday: 'short', hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZone }
    : { hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZone };
  return dateFormat(options).format(new Date(iso));
}

/** The devices grouped by restaurant, in the server's order (restaurant, then name). */
export function groupByRestaurant(devices: readonly SensorDevice[]) {
  const groups: { restaurant: SensorDevice['restaurant']; devices: SensorDevice[] }[] = [];
  for (const device of devices) {
    const last = groups.at(-1);
    if (last?.restaurant.id === device.restaurant.id) last.devices.push(device);
    else groups.push({ restaurant: device.restaurant, devices: [device] });
  }
  return groups;
}
