/** The local day (`YYYY-MM-DD`) and `HH:MM` of a moment in a restaurant's zone: restaurant days are local. */
export function localTime(at: Date, timeZone: string): { day: string; time: string } {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(at);
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return { day: `${part('year')}-${part('month')}-${part('day')}`, time: `${part('hour')}:${part('minute')}` };
}

/** A temperature as people read it: one decimal at most. */
export const celsius = (value: number) => String(Math.round(value * 10) / 10);
