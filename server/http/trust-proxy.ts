import { isIP } from "node:net";

/**
 * Which peers may speak for the client through X-Forwarded-For / -Host / -Proto (ADR 0185). `false` trusts
 * nobody: the socket's address is the client. A number trusts that many proxy hops in front of the app. A list
 * trusts peers in those addresses or CIDR ranges (and the names "loopback", "linklocal", "uniquelocal").
 * Fastify hands the value to @fastify/proxy-addr, so request.ip and request.host are what this setting yields.
 */
export type TrustProxy = false | number | string[];

const RANGE_NAMES = new Set(["loopback", "linklocal", "uniquelocal"]);

function validEntry(entry: string): boolean {
  if (RANGE_NAMES.has(entry)) return true;
  const [address = "", prefix, ...rest] = entry.split("/");
  const family = isIP(address);
  if (family === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  if (!/^\d{1,3}$/.test(prefix)) return false;
  return Number(prefix) <= (family === 4 ? 32 : 128);
}

/**
 * Reads TRUST_PROXY: unset, "false", "off" or "0" is off; a whole number is a hop count; otherwise a comma
 * list of addresses and CIDRs. "true" (trust every peer) is refused: it is what let a client choose its own
 * address for every per-IP limit.
 */
export function parseTrustProxy(raw: string | undefined): TrustProxy | { error: string } {
  const value = raw?.trim().toLowerCase() ?? "";
  if (value === "" || value === "false" || value === "off" || value === "0") return false;
  if (value === "true" || value === "*")
    return { error: "trusting every peer lets any client pick its own address; give a hop count or CIDRs" };
  if (/^\d+$/.test(value)) {
    const hops = Number(value);
    return hops <= 10 ? hops : { error: "a hop count is 1 to 10" };
  }
  const entries = value
    .split(",")
    .map((entry) => entry.trim())
    .filter((entry) => entry !== "");
  const invalid = entries.filter((entry) => !validEntry(entry));
  if (invalid.length > 0) return { error: `not an address, CIDR or range name: ${invalid.join(", ")}` };
  return entries;
}

/**
 * The form Fastify takes. Fastify reads a bare number as "trust nobody" (it cannot check the peer), so a hop
 * count becomes proxy-addr's own hop-count function: the socket and the next hops-1 forwarded addresses are
 * proxies. That is only sound when the app is reachable through those proxies alone, as ADR 0185 says.
 */
export function fastifyTrustProxy(
  setting: TrustProxy,
): false | string[] | ((address: string, hop: number) => boolean) {
  if (typeof setting === "number") return (_address, hop) => hop < setting;
  return setting;
}
