import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, expect, test } from 'vitest';
import { freePort, ServerProcess } from './server-process';
import { callServer, signInAt } from './two-servers';

/**
 * Issue 35, "Demo mail you can see", as an operator starts the server: `--demo` (npm run
 * demo) catches the emails and says where to read them; without it (npm start) there is
 * neither the capture nor its route. The routes themselves: demo-emails.test.ts.
 */

const DEMO_PASSWORD = 'demo1234';
const [demoPort, productionPort] = [await freePort(), await freePort()];
// Neither sets SMTP_URL: the demo catches, the production server has email off.
const demo = new ServerProcess(demoPort, { PUBLIC_URL: `http://127.0.0.1:${demoPort}` }, ['--demo']);
const production = new ServerProcess(productionPort, {});
afterAll(() => Promise.all([demo.stop(), production.stop()]));
await Promise.all([demo.ready(240_000), production.ready(240_000)]);

/** The start-up lines are printed once listening, just after ready answers: wait for the last one. */
async function startLines(server: ServerProcess) {
  for (let tries = 0; tries < 100 && !/^Email /m.test(server.output()); tries += 1) await sleep(50);
  return server.output();
}

test('npm run demo prints where the caught emails are, and hq reads a reset link there', async () => {
  expect(await startLines(demo)).toContain(
    `Email is caught, not sent (demo): sign in as hq@example.com and open http://127.0.0.1:${demoPort}/demo-emails to read it.`,
  );
  const reset = await callServer(demo, 'POST', '/api/auth/request-password-reset', undefined, {
    email: 'staff@example.com',
  });
  expect(reset.status, JSON.stringify(reset.json)).toBe(200);

  const hq = await signInAt(demo, 'hq@example.com', DEMO_PASSWORD);
  expect((await callServer(demo, 'GET', '/api/demo-emails/status', hq)).json).toEqual({ on: true });
  let caught: { to: string[]; subject: string; text: string }[] = [];
  for (let tries = 0; tries < 200; tries += 1) {
    caught = (await callServer(demo, 'GET', '/api/demo-emails', hq)).json.emails;
    if (caught.some((email) => email.to.includes('staff@example.com'))) break;
    await sleep(50);
  }
  const email = caught.find((mail) => mail.to.includes('staff@example.com'));
  expect(email?.subject).toBe('Reset your Brigade password');
  expect(email?.text).toContain(`http://127.0.0.1:${demoPort}/reset-password?token=`);
});

test('npm start (no --demo) has neither the capture nor its route', async () => {
  const output = await startLines(production);
  expect(output).toContain('Email is off (SMTP_URL is not set)');
  expect(output).not.toContain('caught');
  const setup = await callServer(production, 'POST', '/api/setup', undefined, {
    name: 'Head Office',
    email: 'hq@example.com',
    password: 'a-long-password',
  });
  expect(setup.status, JSON.stringify(setup.json)).toBe(201);
  const hq = await signInAt(production, 'hq@example.com', 'a-long-password');
  expect((await callServer(production, 'GET', '/api/demo-emails', hq)).status).toBe(404);
  expect((await callServer(production, 'GET', '/api/demo-emails/status', hq)).json).toEqual({ on: false });
  // Email is off, so a reset link cannot even be asked for: nothing to catch.
  expect((await callServer(production, 'GET', '/api/password-reset')).json).toEqual({ byEmail: false });
});
