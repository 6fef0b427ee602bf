/**
 * The end user's country as a request's headers claim it, read as the service reads it in its default setup
 * (no trusted proxy configured, `apps/backend/src/lib/end-users.tsx`): only for a request that says it comes
 * from a browser (a User-Agent naming Mozilla, Chrome or Safari) and names the user's IP address
 * (`x-real-ip`, the first of `x-forwarded-for`, `x-vercel-forwarded-for` or `cf-connecting-ip`), from
 * `x-vercel-ip-country`, else `cf-ipcountry`. Anyone can send these headers: the service calls this location
 * spoofable, and so is it here; it only feeds the sign-up rules' `countryCode`.
 */
import { isIP } from "node:net"

type Headers = Readonly<Record<string, string | undefined>>

const BROWSER_MARKS = ["Mozilla", "Chrome", "Safari"]

const claimedIp = (headers: Headers): string | undefined =>
  headers["x-real-ip"] ??
  headers["x-forwarded-for"]?.split(",")[0]?.trim() ??
  headers["x-vercel-forwarded-for"] ??
  headers["cf-connecting-ip"]

/** A country code as the service normalizes one (trimmed, upper case), when it is two letters. */
export const normalizedCountryCode = (raw: string): string | undefined => {
  const code = raw.trim().toUpperCase()
  return /^[A-Z]{2}$/.test(code) ? code : undefined
}

export const endUserCountry = (headers: Headers): string | undefined => {
  const agent = headers["user-agent"] ?? ""
  if (!BROWSER_MARKS.some((mark) => agent.includes(mark))) return undefined
  const ip = claimedIp(headers)
  if (ip === undefined || isIP(ip) === 0) return undefined
  const raw = headers["x-vercel-ip-country"] || headers["cf-ipcountry"]
  return raw === undefined || raw === "" ? undefined : normalizedCountryCode(raw)
}
