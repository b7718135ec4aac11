import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { isIP } from 'node:net';
import { webhookMessages } from '@proper-parts/domain/webhooks';
import ipaddr from 'ipaddr.js';
import { AppError } from '../../errors.ts';

/** What the shop may post to: WEBHOOK_ALLOW_HTTP and WEBHOOK_ALLOW_PRIVATE_NETWORKS. */
export interface TargetPolicy {
  allowHttp: boolean;
  allowPrivate: boolean;
}

/**
 * Whether an address is on the public internet. ipaddr.js names the range of an address (private,
 * loopback, linkLocal, uniqueLocal, carrierGradeNat, unspecified, reserved, 6to4, teredo…); only
 * plain `unicast` is public. `process` first turns an IPv4-mapped IPv6 address (::ffff:10.0.0.1)
 * into the IPv4 address it carries. 169.254.169.254, the cloud metadata address, is linkLocal.
 */
export function isPublicAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false;
  return ipaddr.process(address).range() === 'unicast';
}

/** The URL's host as an address or name (`[::1]` → `::1`). */
const hostOf = (url: URL) => url.hostname.replace(/^\[(.*)\]$/, '$1');

function refusedAddress(addresses: string[], policy: TargetPolicy): string | undefined {
  if (policy.allowPrivate) return undefined;
  return addresses.find((address) => !isPublicAddress(address));
}

/**
 * A URL an admin registers: https (http only with WEBHOOK_ALLOW_HTTP), and a host whose every
 * address is public (unless WEBHOOK_ALLOW_PRIVATE_NETWORKS). The delivery checks again, at each
 * connection (`checkedLookup`): a name may resolve elsewhere later (DNS rebinding).
 */
export async function checkWebhookUrl(raw: string, policy: TargetPolicy): Promise<void> {
  const url = new URL(raw);
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && policy.allowHttp))
    throw new AppError('INVALID', `url: ${webhookMessages.httpsOnly}`);
  const host = hostOf(url);
  const addresses = isIP(host)
    ? [host]
    : await new Promise<string[]>((resolve) =>
        dnsLookup(host, { all: true }, (error, found) =>
          resolve(error ? [] : found.map((entry) => entry.address)),
        ),
      );
  if (addresses.length === 0)
    throw new AppError('INVALID', `url: ${webhookMessages.doesNotResolve(host)}`);
  const refused = refusedAddress(addresses, policy);
  if (refused) throw new AppError('INVALID', `url: ${webhookMessages.privateAddress(refused)}`);
}

/** The refusal a delivery records when the target is (now) a private address. */
export class RefusedAddressError extends Error {
  readonly code = 'EREFUSEDADDRESS';
}

/**
 * The address a delivery may connect to, for a URL whose host is a literal address (Node connects
 * to those without a lookup), or undefined for a name (then `checkedLookup` runs at connection).
 */
export function refusedLiteral(url: URL, policy: TargetPolicy): string | undefined {
  const host = hostOf(url);
  return isIP(host) ? refusedAddress([host], policy) : undefined;
}

type LookupCallback = (
  error: NodeJS.ErrnoException | null,
  address: string | LookupAddress[],
  family?: number,
) => void;

/**
 * A `lookup` for http(s).request: resolves the name, refuses it when any of its addresses is not
 * public, and hands the socket exactly the addresses it checked, so what was checked is what is
 * connected to (no second resolution a rebinding name could answer differently).
 */
export function checkedLookup(policy: TargetPolicy) {
  return (
    hostname: string,
    options: { family?: number | string; all?: boolean; hints?: number },
    callback: LookupCallback,
  ) => {
    dnsLookup(hostname, { ...options, all: true } as never, (error, found) => {
      const addresses = found as unknown as LookupAddress[];
      if (error) return callback(error, []);
      const refused = refusedAddress(
        addresses.map((entry) => entry.address),
        policy,
      );
      if (refused || addresses.length === 0)
        return callback(
          new RefusedAddressError(`${hostname} resolves to ${refused ?? 'nothing'}: refused`),
          [],
        );
      if (options.all) return callback(null, addresses);
      const [first] = addresses as [LookupAddress];
      return callback(null, first.address, first.family);
    });
  };
}
