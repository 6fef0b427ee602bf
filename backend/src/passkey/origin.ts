/**
 * Which page origins may run a passkey ceremony for a project. Because the RP id is the page's hostname (the
 * client replaces the sentinel), the origin decides the RP id; so the origin itself must be one the project
 * trusts: localhost while the project allows it, or one of its trusted domains.
 */
import * as Option from "effect/Option"
import * as Schema from "effect/Schema"
import { ClientData } from "./schemas.js"

/** The project settings that decide which origins are trusted. */
export interface OriginPolicy {
  readonly allowLocalhost: boolean
  /** Trusted domains as the project lists them (`https://app.example.com`, `https://*.example.com`). */
  readonly trustedDomains: ReadonlyArray<string>
}

/** A predicate over a page origin such as `https://app.example.com:8443`. */
export type IsTrustedOrigin = (origin: string) => boolean

const localHostnames = new Set(["localhost", "127.0.0.1", "[::1]", "::1"])

/** localhost, a `*.localhost` name, or a loopback address. */
export const isLocalhostHostname = (hostname: string): boolean =>
  localHostnames.has(hostname) || hostname.endsWith(".localhost") || /^127(?:\.\d{1,3}){3}$/.test(hostname)

const escapeRegExp = (s: string) => s.replace(/[.+?^${}()|[\]\\]/g, "\\$&")

// `https://*.example.com` matches one or more labels in place of `*`, never a different scheme or port
const wildcardMatcher = (domain: string): ((origin: URL) => boolean) | undefined => {
  const match = /^(https?):\/\/([^/]+?)\/?$/i.exec(domain.trim())
  if (match === null) return undefined
  const [, scheme = "", host = ""] = match
  const pattern = new RegExp(`^${escapeRegExp(host.toLowerCase()).replace(/\*/g, "[a-z0-9-]+(?:\\.[a-z0-9-]+)*")}$`)
  return (origin) => origin.protocol === `${scheme.toLowerCase()}:` && pattern.test(origin.host)
}

const domainMatcher = (domain: string): ((origin: URL) => boolean) | undefined => {
  if (domain.includes("*")) return wildcardMatcher(domain)
  if (!URL.canParse(domain)) return undefined
  const trusted = new URL(domain).origin
  return (origin) => origin.origin === trusted
}

/** The origin predicate of a project's settings. */
export const trustedOriginPolicy = (policy: OriginPolicy): IsTrustedOrigin => {
  const matchers = policy.trustedDomains.flatMap((d) => {
    const m = domainMatcher(d)
    return m === undefined ? [] : [m]
  })
  return (origin) => {
    if (!URL.canParse(origin)) return false
    const url = new URL(origin)
    if (url.protocol !== "https:" && url.protocol !== "http:") return false
    if (isLocalhostHostname(url.hostname)) return policy.allowLocalhost
    return matchers.some((m) => m(url))
  }
}

/** What verification expects once the origin has been read from the client data. */
export interface ExpectedParty {
  readonly origin: string
  /** The page's hostname: the RP id the client put in place of the sentinel. */
  readonly rpId: string
}

const decodeClientData = Schema.decodeUnknownOption(Schema.fromJsonString(ClientData))

/**
 * The origin the browser reported in `clientDataJSON` (base64url), and the RP id it implies; None when the
 * data is unreadable or the origin is not trusted.
 */
export const expectedPartyOf = (clientDataJSON: string, isTrusted: IsTrustedOrigin): Option.Option<ExpectedParty> =>
  Option.flatMap(decodeClientData(Buffer.from(clientDataJSON, "base64url").toString("utf8")), (data) =>
    URL.canParse(data.origin) && isTrusted(data.origin)
      ? Option.some({ origin: data.origin, rpId: new URL(data.origin).hostname })
      : Option.none()
  )
