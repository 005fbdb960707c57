// A preload for the real server process: `node --import ./bench/ceiling-route.mjs <entry>`
// adds bench/run.ts's ceiling route (a constant-JSON route behind Brigade's session check,
// `GET /api/bench/ceiling`) to the server that `<entry>` builds, just before it listens, so
// that the compiled server and the server from source (bench/compiled-server.ts) are loaded
// on the same route. Plain JavaScript, so it costs both the same. Fastify announces each
// instance it creates on the `fastify.initialization` diagnostics channel.
import diagnostics from 'node:diagnostics_channel';

diagnostics.subscribe('fastify.initialization', ({ fastify }) => {
  const listen = fastify.listen;
  fastify.listen = function listenWithCeiling(...args) {
    // Only Brigade's app carries the guard (not a metrics listener of its own).
    if (typeof this.guard === 'function') {
      this.get('/api/bench/ceiling', { onRequest: this.guard('session.read') }, async () => ({ ok: true }));
    }
    return listen.apply(this, args);
  };
});
