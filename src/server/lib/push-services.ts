import { lookup } from 'node:dns';
import { BlockList, isIP, type LookupFunction } from 'node:net';

/**
 * Where the server may send a push message (decision 033). A subscription's endpoint is a URL the
 * browser got from its push service; the server POSTs to it. Accepting any URL would let a signed-in
 * user point the reminder job at an internal host, the cloud metadata address or a port of this
 * machine (a blind SSRF), so endpoints are checked against the push services browsers use, at
 * subscribe time and again, in `sendPush`, at send time; and the address the request connects to
 * must be a public one (checked on the resolved address the socket uses, so a name that resolves
 * to a private address, or changes its answer between check and connect, is refused).
 */
export interface PushServices {
  /** Host names of push services: a name matches itself and any name under it. */
  hosts: readonly string[];
  /** The only scheme and port an endpoint may use. */
  protocol: 'https:' | 'http:';
  port: number;
  /** Refuse loopback, private, link-local (the metadata address), shared and reserved addresses. */
  publicAddressesOnly: boolean;
}

/**
 * The push services of the browsers the app supports: Chrome and other Chromium browsers (Firebase
 * Cloud Messaging), Firefox (Mozilla autopush), Edge on Windows (WNS) and Safari (Apple). HTTPS on
 * port 443 only. Tests pass their own through `Deps.pushServices` to reach a local stand-in; there
 * is deliberately no setting that widens this in a deployment.
 */
export const BROWSER_PUSH_SERVICES: PushServices = {
  hosts: ['fcm.googleapis.com', 'push.services.mozilla.com', 'notify.windows.com', 'push.apple.com'],
  protocol: 'https:',
  port: 443,
  publicAddressesOnly: true,
};

/** The parsed endpoint when it names one of the push services, else null. */
export function pushEndpoint(services: PushServices, endpoint: string): URL | null {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return null;
  }
  if (url.protocol !== services.protocol) return null;
  if (url.username || url.password) return null;
  const port = url.port === '' ? (url.protocol === 'https:' ? 443 : 80) : Number(url.port);
  if (port !== services.port) return null;
  const host = url.hostname.toLowerCase().replace(/\.$/, '');
  if (!services.hosts.some((h) => host === h || host.endsWith(`.${h}`))) return null;
  return url;
}

const notPublic = new BlockList();
for (const [net, prefix] of [
  ['0.0.0.0', 8], // "this network"
  ['10.0.0.0', 8], // private
  ['100.64.0.0', 10], // carrier-grade NAT (shared)
  ['127.0.0.0', 8], // loopback
  ['169.254.0.0', 16], // link-local, including the cloud metadata address 169.254.169.254
  ['172.16.0.0', 12], // private
  ['192.0.0.0', 24], // IETF protocol assignments
  ['192.0.2.0', 24], // documentation
  ['192.88.99.0', 24], // 6to4 relay anycast
  ['192.168.0.0', 16], // private
  ['198.18.0.0', 15], // benchmarking
  ['198.51.100.0', 24], // documentation
  ['203.0.113.0', 24], // documentation
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, broadcast
] as const) {
  notPublic.addSubnet(net, prefix, 'ipv4');
}
for (const [net, prefix] of [
  ['::', 128], // unspecified
  ['::1', 128], // loopback
  ['64:ff9b::', 96], // NAT64 (reaches IPv4 addresses, private ones too)
  ['64:ff9b:1::', 48], // local-use NAT64
  ['100::', 64], // discard
  ['2001:db8::', 32], // documentation
  ['2002::', 16], // 6to4 (embeds any IPv4 address)
  ['fc00::', 7], // unique local, including AWS's metadata address fd00:ec2::254
  ['fe80::', 10], // link-local
  ['fec0::', 10], // site-local (deprecated)
  ['ff00::', 8], // multicast
] as const) {
  notPublic.addSubnet(net, prefix, 'ipv6');
}

/** True for an address on the public internet (not loopback, private, link-local, reserved, ...). */
export function isPublicAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 0) return false;
  if (family === 6) {
    // IPv4-mapped and IPv4-compatible forms: judge the IPv4 address inside.
    const mapped = /^::(?:ffff:)?(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
    if (mapped) return isPublicAddress(mapped[1]!);
    return !notPublic.check(address, 'ipv6');
  }
  return !notPublic.check(address, 'ipv4');
}

/** Why a push was not sent: the endpoint or the address it resolved to is not allowed. */
export class PushTargetRefused extends Error {
  /** 'endpoint': the URL names no push service (for good); 'address': its name resolved to a non-public address (now). */
  constructor(readonly kind: 'endpoint' | 'address') {
    super(`push endpoint refused: ${kind === 'endpoint' ? 'not a push service' : 'resolves to a non-public address'}`);
    this.name = 'PushTargetRefused';
  }
}

/**
 * The DNS lookup the push request's socket uses: the system resolver, then every answer must be a
 * public address (with `publicAddressesOnly`). Checking here, on the very addresses the socket is
 * about to connect to, leaves no window between a check and the connection.
 */
export function checkedLookup(services: PushServices): LookupFunction {
  return (hostname, options, callback) => {
    lookup(hostname, { ...options, all: true }, (err, addresses) => {
      if (err) return callback(err, '', 0);
      const list = addresses as { address: string; family: number }[];
      if (services.publicAddressesOnly) {
        const refused = list.find((a) => !isPublicAddress(a.address));
        if (refused || list.length === 0) {
          return callback(new PushTargetRefused('address'), '', 0);
        }
      }
      if (options.all) return (callback as unknown as (e: null, a: typeof list) => void)(null, list);
      const first = list[0]!;
      callback(null, first.address, first.family);
    });
  };
}
