/**
 * Preloaded into the screenshot run's server and fakes (`node --import`): their clock
 * starts at SCREENS_CLOCK whenever the run is, so the demo chain's dates ("due in 3 days",
 * this week's chart bars, "14 Nov 2026") are the same in every run. PGlite's now() reads
 * the same Date.now, so SQL sees the shifted time too.
 *
 * The clock also runs slowly, one second per real minute (SCREENS_CLOCK_RATE, default
 * 1/60): the demo chain is loaded after a start-up that takes one to three minutes on a
 * busy machine, and at full speed its "Created 14 Nov 2026, 08:01" would read 08:02 in the
 * next run. Slowed, the whole run fits in the same minute; time still moves forward.
 */
const target = Date.parse(process.env.SCREENS_CLOCK ?? '');
if (!Number.isNaN(target)) {
  const RealDate = Date;
  const rate = Number(process.env.SCREENS_CLOCK_RATE ?? 1 / 60);
  const start = RealDate.now();
  const now = () => Math.floor(target + (RealDate.now() - start) * rate);
  function ShiftedDate(...args) {
    if (!new.target) return new RealDate(now()).toString();
    return Reflect.construct(RealDate, args.length ? args : [now()], new.target);
  }
  Object.defineProperty(ShiftedDate, 'name', { value: 'Date' });
  ShiftedDate.prototype = RealDate.prototype;
  Object.defineProperty(RealDate.prototype, 'constructor', { value: ShiftedDate, writable: true, configurable: true });
  ShiftedDate.now = now;
  ShiftedDate.parse = RealDate.parse;
  ShiftedDate.UTC = RealDate.UTC;
  globalThis.Date = ShiftedDate;
}
