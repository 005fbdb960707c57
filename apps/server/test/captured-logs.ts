import { Writable } from 'node:stream';
import { format } from 'node:util';
import { afterAll, vi } from 'vitest';

/**
 * Everything the server under test writes to its log: the pino stream to hand to
 * `loggerOptions`, and console output (Better Auth logs through console, not pino),
 * which still reaches the terminal. `text()` is all of it so far.
 */
export function captureLogs({ console: spyOnConsole = true } = {}) {
  let text = '';
  const stream = new Writable({
    write(chunk, _encoding, done) {
      text += chunk.toString();
      done();
    },
  });
  if (spyOnConsole) {
    for (const method of ['log', 'info', 'warn', 'error', 'debug'] as const) {
      const original = console[method];
      vi.spyOn(console, method).mockImplementation((...args: unknown[]) => {
        text += `${format(...args)}\n`;
        original(...args);
      });
    }
    afterAll(() => vi.restoreAllMocks());
  }
  return { stream, text: () => text };
}
