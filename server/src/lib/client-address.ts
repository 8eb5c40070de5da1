import { isIPv4, isIPv6 } from 'node:net';

/**
 * The client a request counts as, from its address (as TRUST_PROXY resolved it): an IPv4 address as it is,
 * an IPv6 address collapsed to its /64 (one home or phone network hands out a whole /64, so one visitor
 * can use a new address for every request), an IPv4-mapped IPv6 address as its IPv4 address.
 */
export function clientAddress(ip: string): string {
  const bare = ip.replace(/^\[|\]$/g, '').replace(/%.*$/, '');
  if (isIPv4(bare)) return bare;
  if (!isIPv6(bare)) return bare;
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(bare);
  if (mapped?.[1] && isIPv4(mapped[1])) return mapped[1];
  // Expand "::" (and a trailing dotted IPv4, which lies in the low 64 bits) to eight groups; keep four.
  const noV4 = bare.replace(/:\d+\.\d+\.\d+\.\d+$/, ':0:0');
  const [head = '', tail] = noV4.split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const groups = tail === undefined ? left : [...left, ...Array<string>(8 - left.length - right.length).fill('0'), ...right];
  return (
    groups
      .slice(0, 4)
      .map((g) => parseInt(g || '0', 16).toString(16))
      .join(':') + '::/64'
  );
}
