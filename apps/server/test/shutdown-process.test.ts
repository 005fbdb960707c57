import net from 'node:net';
import { afterAll, expect, test } from 'vitest';
import { freePort, ServerProcess } from './server-process';

/**
 * SIGTERM as an operator (or an orchestrator) sends it to the real process: running
 * requests may finish (shutdown.test.ts), but one that never ends does not keep the
 * server up. A request whose body stops arriving is such a request: Node would wait
 * 5 minutes (its requestTimeout) before giving up on it.
 */
const server = new ServerProcess(await freePort(), {});
afterAll(() => server.stop());
await server.ready();

test('a request that never ends is cut off 10 s after SIGTERM, and the server exits', async () => {
  const socket = net.connect(server.port, '127.0.0.1');
  await new Promise((resolve) => socket.once('connect', resolve));
  socket.on('error', () => {});
  const socketClosed = new Promise((resolve) => socket.once('close', resolve));
  // Half of the body it announces, and then nothing.
  socket.write(
    'POST /api/auth/sign-in/email HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"email":"',
  );
  await new Promise((resolve) => setTimeout(resolve, 500));

  const asked = Date.now();
  server.child.kill('SIGTERM');
  expect(await server.exited).toBe(0);
  const took = Date.now() - asked;
  await socketClosed;
  expect(took).toBeGreaterThanOrEqual(9_000);
  expect(server.output()).toContain('SIGTERM: requests still running after 10 s are cut off');
}, 40_000);
