/**
 * The query parameters each handler page reads, and the decoder of each page's search: the route's
 * `validateSearch` and the page itself use the same one. A parameter is kept when it is a non-empty string;
 * anything else (absent, empty, a number or an object the router's JSON search parser made of it) is left
 * out, and the page shows its "this link has no code" state instead of throwing.
 *
 * Left out rather than set to `undefined`: the router merges the validated search over the parsed one and
 * writes the result back into the address bar, so a key set to `undefined` would delete the parameter from
 * the URL the page (and the OAuth callback) still reads, and a rewritten value would be re-quoted.
 */
import { HANDLER_ROUTES, type HandlerRoute } from "../../domain/handler-routes.js"
import { AFTER_AUTH_RETURN_TO_PARAM } from "../../services/navigation/redirects.js"
import { ACCOUNT_SECTION_PARAM } from "./account-sections.js"

/** The parameters each page reads; the OAuth callback's `code` and `state` are read from its URL by the flow. */
export const HANDLER_SEARCH_PARAMS = {
  "sign-in": [AFTER_AUTH_RETURN_TO_PARAM],
  "sign-up": [AFTER_AUTH_RETURN_TO_PARAM],
  "sign-out": [],
  "email-verification": ["code"],
  "password-reset": ["code"],
  "forgot-password": [],
  "oauth-callback": ["code", "state", "error", "error_description"],
  "magic-link-callback": ["code", AFTER_AUTH_RETURN_TO_PARAM],
  "account-settings": [ACCOUNT_SECTION_PARAM],
  error: ["errorCode", "message", "details", "error", "error_description"],
  "team-invitation": ["code"],
  "cli-auth-confirm": ["login_code"],
  "agent-auth-confirm": ["code"],
  onboarding: [AFTER_AUTH_RETURN_TO_PARAM],
  mfa: [AFTER_AUTH_RETURN_TO_PARAM]
} as const satisfies { readonly [K in HandlerRoute]: ReadonlyArray<string> }

/** The decoded search of a page: each of its parameters, present only when it is a non-empty string. */
export type HandlerSearch<K extends HandlerRoute> = {
  readonly [P in (typeof HANDLER_SEARCH_PARAMS)[K][number]]?: string
}

/** Any page's decoded search, as the page context holds it. */
export type AnyHandlerSearch = { readonly [name: string]: string | undefined }

const own = (raw: object, name: string): unknown =>
  Object.prototype.hasOwnProperty.call(raw, name) ? (raw as Record<string, unknown>)[name] : undefined

/**
 * The decoder of a page's search; total: any input (even `null` or a string) decodes.
 *
 * @example
 * decodeHandlerSearch("email-verification")({ code: "abc", code2: 1 }) // { code: "abc" }
 * decodeHandlerSearch("email-verification")({ code: 123 })            // {}: the page asks for the link again
 */
export const decodeHandlerSearch =
  <K extends HandlerRoute>(page: K) =>
  (raw: unknown): HandlerSearch<K> => {
    const search: Record<string, string> = {}
    if (typeof raw === "object" && raw !== null) {
      for (const name of HANDLER_SEARCH_PARAMS[page]) {
        const value = own(raw, name)
        if (typeof value === "string" && value !== "") search[name] = value
      }
    }
    // Its keys are the page's parameters by construction; TypeScript cannot follow a loop over them.
    return search as HandlerSearch<K>
  }

/** A URL's query as a plain object, the first value of a repeated name winning as `URLSearchParams.get` does. */
export const searchOfUrl = (url: string): Readonly<Record<string, string>> => {
  const search: Record<string, string> = {}
  for (const [name, value] of new URL(url).searchParams)
    if (!Object.prototype.hasOwnProperty.call(search, name)) search[name] = value
  return search
}

/** Whether `name` is one of the handler's pages. */
export const isHandlerRoute = (name: string): name is HandlerRoute =>
  (HANDLER_ROUTES as ReadonlyArray<string>).includes(name)
