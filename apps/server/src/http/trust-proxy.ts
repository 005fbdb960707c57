/**
 * The proxies in front of the server that may say who the client is (`X-Forwarded-For`,
 * -Host, -Proto), as Fastify's `trustProxy` takes them: their addresses and CIDR ranges,
 * or proxy-addr's names `loopback`, `linklocal` and `uniquelocal` (the private ranges).
 * The client is the right-most X-Forwarded-For address that is not one of them, so what a
 * client writes further left is never read. false: nobody; the socket's address counts.
 * No `true` and no hop count (docs/decisions/028). config.ts reads it from TRUST_PROXY;
 * the type is here, below config.ts, for the code it is handed to.
 */
export type TrustProxy = false | string[];
