/**
 * The URL fields the hosted service validates as URLs (callback URLs of emailed links, the verification
 * callback of sign-up, the OAuth after-callback redirect): no spaces, and a URL by itself, i.e. absolute
 * with any scheme. A relative one is a SCHEMA_ERROR there, before any trusted-domain check, so the client
 * refuses it before sending and the local backend answers it the same way.
 */
import * as Schema from "effect/Schema"
import { unsure, withFastDecode } from "./wire.js"

const isAbsoluteUrl = (s: string): boolean => !s.includes(" ") && URL.canParse(s)

/** An absolute URL as a string. @internal */
export const AbsoluteUrl = /* @__PURE__ */ withFastDecode(
  Schema.String.check(
    // Spaces first, in the service's words; a URL with spaces is not a valid URL either, said once more.
    Schema.makeFilter((s: string) => !s.includes(" ") || "contains spaces"),
    // A scheme, a colon and no spaces: what every absolute URL looks like. It also gives property tests a pattern
    // to generate from, which the parse check below alone cannot.
    Schema.isPattern(/^[A-Za-z][A-Za-z0-9+.-]*:\S+$/, { message: "is not a valid URL" }),
    Schema.makeFilter((s: string) => isAbsoluteUrl(s) || "is not a valid URL")
  ),
  // The same test as the filter, so an answer read in one pass is one the schema accepts.
  () => (u) => (typeof u === "string" && isAbsoluteUrl(u) ? u : unsure)
)
