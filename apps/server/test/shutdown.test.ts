import net from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { expect, test } from 'vitest';
import { SHUTTING_DOWN } from '../src/closing';
import { startTestApp } from './harness';

const t = await startTestApp();
t.app.get('/api/test/slow', async () => {
  await sleep(300);
  return { done: true };
});
await t.app.listen({ port: 0, host: '127.0.0.1' });
const { port } = t.app.server.address() as net.AddressInfo;

test('closing finishes the request in flight; the next one on that connection gets our 503', async () => {
  // One kept-alive connection, as a browser holds it: the slow request, then another.
  const socket = net.connect(port, '127.0.0.1');
  let received = '';
  socket.on('data', (chunk) => {
    received += chunk;
  });
  const ended = new Promise((resolve) => socket.on('close', resolve));
  socket.write('GET /api/test/slow HTTP/1.1\r\nHost: localhost\r\n\r\n');
  await sleep(50);
  const closed = t.app.close();
  await sleep(20);
  socket.write('GET /api/health/live HTTP/1.1\r\nHost: localhost\r\n\r\n');
  await closed;
  await ended;
  const [first, second] = received.split(/(?=HTTP\/1\.1 )/);
  expect(first).toMatch(/^HTTP\/1\.1 200/);
  expect(first).toContain('{"done":true}');
  expect(second).toMatch(/^HTTP\/1\.1 503/);
  expect(second).toContain(JSON.stringify({ message: SHUTTING_DOWN }));
});
