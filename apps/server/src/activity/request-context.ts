import { AsyncLocalStorage } from 'node:async_hooks';
import type { FastifyInstance, FastifyRequest } from 'fastify';

const currentRequest = new AsyncLocalStorage<FastifyRequest>();

/**
 * Every request runs in a context that knows it, so a service deep below a route records
 * who acted, from which address and with which browser without each signature carrying
 * them (`recordActivity` fills what the entry leaves out). Register before any route.
 */
export function registerActivityContext(app: FastifyInstance): void {
  app.addHook('onRequest', (request, _reply, done) => {
    currentRequest.run(request, done);
  });
}

/** The request being served, if any (none in jobs and scripts). */
export function currentActivityRequest(): FastifyRequest | undefined {
  return currentRequest.getStore();
}
