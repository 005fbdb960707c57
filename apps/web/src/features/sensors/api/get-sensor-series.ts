import { type SensorChartRange, SensorSeries } from '@brigade/core/schemas/sensors';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { sensorsQueryKey } from './get-sensor-devices';

/** A device's chart: the last 24 h of readings, or 7 days of hourly min/max/avg, with its limits and excursions. */
export async function fetchSensorSeries(
  deviceId: string,
  range: SensorChartRange,
  signal?: AbortSignal,
): Promise<SensorSeries> {
  const query = new URLSearchParams({ range });
  return SensorSeries.parse(
    await apiRequest(`/api/sensors/devices/${encodeURIComponent(deviceId)}/series?${query}`, { signal }),
  );
}

export function sensorSeriesQuery(deviceId: string, range: SensorChartRange) {
  return queryOptions({
    queryKey: [...sensorsQueryKey, 'series', deviceId, range],
    queryFn: ({ signal }) => fetchSensorSeries(deviceId, range, signal),
    // The other range stays drawn (dimmed by nothing: it is replaced within a moment) while this one loads.
    placeholderData: keepPreviousData,
    refetchInterval: 60_000,
  });
}

export function useSensorSeries(deviceId: string, range: SensorChartRange, options: { enabled?: boolean } = {}) {
  return useQuery({ ...sensorSeriesQuery(deviceId, range), enabled: options.enabled ?? true });
}
