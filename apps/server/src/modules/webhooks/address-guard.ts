import dns from 'node:dns';
import net from 'node:net';
import { webhookMessages } from '@brigade/core/schemas/webhooks';
import ipaddr from 'ipaddr.js';

/**
 * Where a webhook may go (issue 37, decision 046): only public unicast addresses, so hq's
 * URL (or a DNS answer that changes after it was checked) cannot make Brigade call the
 * chain's own network: loopback, private (RFC 1918, unique-local fc00::/7), link-local
 * (169.254/16 with the clouds' metadata address, fe80::/10), CGNAT (100.64/10),
 * unspecified, multicast and reserved ranges, and IPv4 written inside IPv6 (::ffff:10.0.0.1).
 * `allowPrivate` (WEBHOOKS_ALLOW_PRIVATE_ADDRESSES) lifts it for a receiver on the same
 * network, as the tests' local one.
 */
export interface AddressPolicy {
  allowPrivate: boolean;
  /** NODE_ENV=production: endpoints must be https (unless allowPrivate). */
  requireHttps: boolean;
}

export class RefusedAddress extends Error {
  constructor(
    message: string,
    readonly reason: keyof typeof webhookMessages,
  ) {
    super(message);
  }
}

/** True for an address a webhook may reach: ipaddr.js names the range, only 'unicast' is public. */
export function isPublicAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false;
  let parsed = ipaddr.parse(address);
  if (parsed.kind() === 'ipv6' && (parsed as ipaddr.IPv6).isIPv4MappedAddress()) {
    parsed = (parsed as ipaddr.IPv6).toIPv4Address();
  }
  return parsed.range() === 'unicast';
}

/** The URL's scheme and, when it names an address rather than a host, that address. */
export function checkUrlShape(url: URL, policy: AddressPolicy): void {
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    throw new RefusedAddress(webhookMessages.urlInvalid, 'urlInvalid');
  }
  if (policy.requireHttps && !policy.allowPrivate && url.protocol !== 'https:') {
    throw new RefusedAddress(webhookMessages.urlNotHttps, 'urlNotHttps');
  }
  const host = hostOf(url);
  if (net.isIP(host) && !policy.allowPrivate && !isPublicAddress(host)) {
    throw new RefusedAddress(webhookMessages.urlPrivate, 'urlPrivate');
  }
}

/** The URL's host without IPv6 brackets. */
export function hostOf(url: URL): string {
  return url.hostname.replace(/^\[|\]$/g, '');
}

/**
 * Checks a URL as hq registers it: its shape, then every address its host resolves to.
 * The same check runs again at each connection (`guardedLookup`), since DNS may answer
 * differently later.
 */
export async function assertUrlAllowed(raw: string, policy: AddressPolicy): Promise<void> {
  const url = new URL(raw);
  checkUrlShape(url, policy);
  const host = hostOf(url);
  if (net.isIP(host) || policy.allowPrivate) return;
  let addresses: dns.LookupAddress[];
  try {
    addresses = await dns.promises.lookup(host, { all: true, verbatim: true });
  } catch {
    throw new RefusedAddress(webhookMessages.urlUnresolvable, 'urlUnresolvable');
  }
  if (addresses.length === 0) throw new RefusedAddress(webhookMessages.urlUnresolvable, 'urlUnresolvable');
  if (addresses.some((entry) => !isPublicAddress(entry.address))) {
    throw new RefusedAddress(webhookMessages.urlPrivate, 'urlPrivate');
  }
}

type LookupCallback = (
  error: NodeJS.ErrnoException | null,
  address: string | dns.LookupAddress[],
  family?: number,
) => void;

/**
 * A `lookup` for the connection itself: resolves as Node would, and refuses when any
 * answer is not public, so the address connected to is the one checked (no DNS
 * rebinding between a check and the connection).
 */
export function guardedLookup(policy: AddressPolicy) {
  return (hostname: string, options: dns.LookupOptions, callback: LookupCallback): void => {
    dns.lookup(hostname, { ...options, all: true, verbatim: true }, (error, addresses) => {
      if (error) return callback(error, []);
      const list = addresses as dns.LookupAddress[];
      if (!policy.allowPrivate && list.some((entry) => !isPublicAddress(entry.address))) {
        return callback(
          Object.assign(new RefusedAddress(webhookMessages.urlPrivate, 'urlPrivate'), { code: 'EPRIVATE' }),
          [],
        );
      }
      if (options.all) return callback(null, list);
      const first = list[0];
      if (!first) return callback(Object.assign(new Error(`No address for ${hostname}`), { code: 'ENOTFOUND' }), []);
      callback(null, first.address, first.family);
    });
  };
}
