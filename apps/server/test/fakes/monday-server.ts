import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FakeBoardItem {
  id: string;
  name: string;
  group: string;
  date: string;
  person: string;
  status: string | null;
  notes: { id: string; name: string; status: string | null; category: string | null }[];
}

type Mode = 'ok' | 'errors-on-200' | 'rate-limited-once' | 'server-error';

/**
 * A local stand-in for monday.com's GraphQL API v2: it checks the headers Brigade sends,
 * answers `boards { items_page }` and `next_items_page` in pages of `pageSize` with
 * cursors, and can answer like monday does when things go wrong (errors with HTTP 200,
 * a 429 complexity answer, a 500).
 */
export async function startFakeMonday(items: FakeBoardItem[], pageSize = 2, listenPort = 0) {
  const requests: { headers: http.IncomingHttpHeaders; body: { query: string; variables: Record<string, unknown> } }[] =
    [];
  let mode: Mode = 'ok';
  let rateLimited = false;

  const columnValues = (item: FakeBoardItem) => [
    { id: 'date', text: item.date },
    { id: 'person', text: item.person },
    { id: 'status', text: item.status, label: item.status },
  ];
  const page = (offset: number) => ({
    cursor: offset + pageSize < items.length ? `cursor-${offset + pageSize}` : null,
    items: items.slice(offset, offset + pageSize).map((item) => ({
      id: item.id,
      name: item.name,
      group: { id: item.group.toLowerCase().replace(/\W+/g, '_'), title: item.group },
      column_values: columnValues(item),
      subitems: item.notes.map((note) => ({
        id: note.id,
        name: note.name,
        column_values: [
          { id: 'status', text: note.status, label: note.status },
          { id: 'category', text: note.category, label: note.category },
        ],
      })),
    })),
  });

  const server = http.createServer((request, response) => {
    let raw = '';
    request.on('data', (chunk) => {
      raw += chunk;
    });
    request.on('end', () => {
      const body = JSON.parse(raw || '{}');
      const reply = (status: number, payload: unknown, headers: Record<string, string> = {}) => {
        response.writeHead(status, { 'content-type': 'application/json', ...headers });
        response.end(JSON.stringify(payload));
      };
      // Test control (end-to-end runs switch the fake's behaviour from outside).
      if (request.url === '/__control/mode') {
        mode = body.mode ?? 'ok';
        rateLimited = false;
        return reply(200, { mode });
      }
      requests.push({ headers: request.headers, body });
      if (request.headers.authorization !== 'test-monday-token' || !request.headers['api-version']) {
        return reply(401, { errors: [{ message: 'Not Authenticated' }] });
      }
      if (mode === 'server-error') return reply(500, { error_message: 'Internal server error' });
      if (mode === 'errors-on-200') {
        return reply(200, { errors: [{ message: 'Board not accessible', extensions: { code: 'ResourceNotFound' } }] });
      }
      if (mode === 'rate-limited-once' && !rateLimited) {
        rateLimited = true;
        return reply(
          429,
          {
            errors: [
              {
                message: 'Complexity budget exhausted',
                extensions: { code: 'COMPLEXITY_BUDGET_EXHAUSTED', retry_in_seconds: 1 },
              },
            ],
          },
          { 'retry-after': '1' },
        );
      }
      if (body.query.includes('next_items_page')) {
        const offset = Number(String(body.variables.cursor).replace('cursor-', ''));
        return reply(200, { data: { next_items_page: page(offset) } });
      }
      return reply(200, { data: { boards: [{ items_page: page(0) }] } });
    });
  });
  await new Promise<void>((resolve) => server.listen(listenPort, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/v2`,
    requests,
    setMode(next: Mode) {
      mode = next;
      rateLimited = false;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
