/**
 * Preloaded into the screenshot run's server and fakes (`node --import`): their clock
 * starts at SCREENS_CLOCK and runs on from there, so the demo chain's dates ("due in 3
 * days", this week's chart bars, "Nov 12") are the same whenever the screens are taken.
 * PGlite's now() reads the same Date.now, so SQL sees the shifted time too.
 */
const target = Date.parse(process.env.SCREENS_CLOCK ?? '');
if (!Number.isNaN(target)) {
  const RealDate = Date;
  const offset = target - RealDate.now();
  const now = () => RealDate.now() + offset;
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
