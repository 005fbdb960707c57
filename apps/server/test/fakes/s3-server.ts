import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local stand-in for an S3-compatible service (path-style addressing): PUT stores the
 * body in memory, GET answers whole objects or one `Range: bytes=a-b` with 206, DELETE
 * removes. Every request must be SigV4-signed (an `AWS4-HMAC-SHA256` authorization
 * header) and address the expected bucket; `failWith(500)` makes it answer errors, `failWith('drop')` hang up.
 */
export async function startFakeS3(bucket: string) {
  const objects = new Map<string, Buffer>();
  const requests: { method: string; path: string; headers: http.IncomingHttpHeaders }[] = [];
  let failure: number | 'drop' | null = null;

  const xmlError = (response: http.ServerResponse, status: number, code: string) => {
    response.writeHead(status, { 'content-type': 'application/xml' });
    response.end(`<?xml version="1.0" encoding="UTF-8"?><Error><Code>${code}</Code></Error>`);
  };

  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const url = new URL(request.url ?? '/', 'http://fake-s3');
      const method = request.method ?? 'GET';
      requests.push({ method, path: url.pathname, headers: request.headers });
      if (!request.headers.authorization?.startsWith('AWS4-HMAC-SHA256 Credential=')) {
        return xmlError(response, 403, 'AccessDenied');
      }
      if (!url.pathname.startsWith(`/${bucket}/`)) return xmlError(response, 404, 'NoSuchBucket');
      if (failure === 'drop') return request.socket.destroy();
      if (failure) return xmlError(response, failure, 'InternalError');
      const key = decodeURIComponent(url.pathname.slice(bucket.length + 2));
      const body = Buffer.concat(chunks);

      if (method === 'PUT') {
        if (request.headers['content-length'] !== String(body.length)) {
          return xmlError(response, 411, 'MissingContentLength');
        }
        objects.set(key, body);
        response.writeHead(200, { etag: '"fake"' });
        return response.end();
      }
      if (method === 'DELETE') {
        objects.delete(key);
        response.writeHead(204);
        return response.end();
      }
      if (method === 'GET') {
        const object = objects.get(key);
        if (!object) return xmlError(response, 404, 'NoSuchKey');
        const range = /^bytes=(\d+)-(\d*)$/.exec(request.headers.range ?? '');
        if (!range) {
          response.writeHead(200, { 'content-length': object.length, 'accept-ranges': 'bytes' });
          return response.end(object);
        }
        const start = Number(range[1]);
        const end = Math.min(range[2] ? Number(range[2]) : object.length - 1, object.length - 1);
        if (start >= object.length || start > end) {
          response.writeHead(416, { 'content-range': `bytes */${object.length}`, 'content-type': 'application/xml' });
          return response.end('<Error><Code>InvalidRange</Code></Error>');
        }
        response.writeHead(206, {
          'content-length': end - start + 1,
          'content-range': `bytes ${start}-${end}/${object.length}`,
          'accept-ranges': 'bytes',
        });
        return response.end(object.subarray(start, end + 1));
      }
      return xmlError(response, 405, 'MethodNotAllowed');
    });
  });

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    objects,
    requests,
    failWith(status: number | 'drop' | null) {
      failure = status;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
