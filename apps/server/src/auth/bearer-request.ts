import type { FastifyRequest } from 'fastify';

/**
 * Whether a request is an API call made with a token (issue 37): any `Authorization:
 * Bearer …` header, well formed or not. Such a request is the token's alone: its cookies
 * are not read, it is never answered with a cookie, and the origin check (made for
 * cookies) does not apply, since a page of another site cannot make a browser send this
 * header. Its own module: the origin check, below Better Auth, needs it too.
 */
export function isBearerRequest(request: FastifyRequest): boolean {
  const header = request.headers.authorization;
  return typeof header === 'string' && /^bearer(?:\s|$)/i.test(header);
}
