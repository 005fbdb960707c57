import { expect } from 'vitest';
import { sessionCookieOf } from './harness';
import { freePort, ServerProcess } from './server-process';

/**
 * What the two-server tests share (checklists, idempotency keys, push): two real server
 * processes on one database, plain HTTP calls to either, and a first chain made through
 * the API as hq makes it (the first account, a restaurant).
 */

export interface ServerAnswer {
  status: number;
  // biome-ignore lint/suspicious/noExplicitAny: tests read whatever the route answers
  json: any;
}

/** Two servers started with the same settings and arguments (`--demo`), both ready. */
export async function startTwoServers(
  env: Record<string, string>,
  args: string[] = [],
): Promise<[ServerProcess, ServerProcess]> {
  const [portA, portB] = [await freePort(), await freePort()];
  const servers: [ServerProcess, ServerProcess] = [
    new ServerProcess(portA, env, args),
    new ServerProcess(portB, env, args),
  ];
  await Promise.all(servers.map((server) => server.ready()));
  return servers;
}

/** One request as a browser on the server's own origin sends it (JSON in, JSON out). */
export async function callServer(
  server: ServerProcess,
  method: string,
  url: string,
  cookie?: string,
  body?: unknown,
): Promise<ServerAnswer> {
  const response = await fetch(`${server.url}${url}`, {
    method,
    headers: {
      origin: server.url,
      ...(cookie ? { cookie } : {}),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, json: text ? JSON.parse(text) : null };
}

/** Signs in at one server; its session cookie, or a thrown error naming the answer. */
export async function signInAt(server: ServerProcess, email: string, password: string): Promise<string> {
  const response = await fetch(`${server.url}/api/auth/sign-in/email`, {
    method: 'POST',
    headers: { origin: server.url, 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  await response.arrayBuffer();
  const cookie = sessionCookieOf(response.headers.getSetCookie());
  if (!cookie) throw new Error(`sign-in as ${email} answered ${response.status}`);
  return cookie;
}

/** The first hq account (hq@example.com) and the restaurant "Brigade Twin", made through `server`. */
export async function setUpTwinChain(
  server: ServerProcess,
  password: string,
): Promise<{ hqCookie: string; restaurantId: string }> {
  const setup = await callServer(server, 'POST', '/api/setup', undefined, {
    name: 'Head Office',
    email: 'hq@example.com',
    password,
  });
  expect(setup.status, JSON.stringify(setup.json)).toBe(201);
  const hqCookie = await signInAt(server, 'hq@example.com', password);
  const restaurant = await callServer(server, 'POST', '/api/restaurants', hqCookie, {
    name: 'Brigade Twin',
    city: 'Utrecht',
    country: 'Netherlands',
    address: 'Oudegracht 2',
  });
  expect(restaurant.status, JSON.stringify(restaurant.json)).toBe(201);
  return { hqCookie, restaurantId: restaurant.json.id };
}
