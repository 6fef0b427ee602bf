/**
 * Which page origins may run a passkey ceremony for a project. Because the RP id is the page's hostname (the
 * client replaces the sentinel), the origin decides the RP id; so the origin itself must be one the project
 * trusts, by the same rule as a redirect (`isTrustedRedirect`, src/domain/rules/redirect-trust.ts): localhost
 * while the project allows it, or a trusted domain as the config stores it, wildcards and port wildcards
 * (`https://*.example.com:*`) included.
 */
import * as Option from "effect/Option"
import * as Schema from "effect/Schema"
import { isTrustedRedirect } from "@stackfx/lib/domain/rules/redirect-trust.js"
import { ClientData } from "./schemas.js"

/** The project settings that decide which origins are trusted. */
export interface OriginPolicy {
  readonly allowLocalhost: boolean
  /** Trusted domains as the project lists them (`https://app.example.com`, `https://*.example.com:*`). */
  readonly trustedDomains: ReadonlyArray<string>
}

/** A predicate over a page origin such as `https://app.example.com:8443`. */
export type IsTrustedOrigin = (origin: string) => boolean

/** The origin predicate of a project's settings: an absolute http(s) origin the redirect rule trusts. */
export const trustedOriginPolicy =
  (policy: OriginPolicy): IsTrustedOrigin =>
  (origin) =>
    // A browser reports an absolute origin; anything else (a relative string, `null`) is no origin to trust.
    URL.canParse(origin) &&
    isTrustedRedirect(origin, { trustedDomains: policy.trustedDomains, allowLocalhost: policy.allowLocalhost })

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
