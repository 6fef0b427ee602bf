/**
 * Which URLs a project sends users to (the hosted service's redirect check): absolute, on one of the
 * project's trusted domains or on localhost when the project allows it; where the hosted route allows it,
 * a native app's own callback URL too. One check for the OAuth flow, the cross-domain hand-off and the
 * e-mailed links.
 */
import * as Effect from "effect/Effect"
import { isTrustedRedirect } from "@stackfx/lib/domain/rules/redirect-trust.js"
import { RedirectUrlNotWhitelisted } from "@stackfx/lib/errors/known/sign-in.js"
import type { StoredProject } from "../../store/projects/projects.js"

/**
 * The schemes of a native app's own callback URL, which the hosted service accepts without a trusted domain:
 * the Hexclave Swift SDK's, and the one the StackAuth Swift SDK (frozen, in shipped apps) registers.
 */
const NATIVE_APP_SCHEMES: ReadonlySet<string> = new Set(["hexclave-mobile-oauth-url:", "stack-auth-mobile-oauth-url:"])

/** A native app's own callback URL. */
export const isNativeAppUrl = (url: string): boolean =>
  URL.canParse(url) && NATIVE_APP_SCHEMES.has(new URL(url).protocol)

/** The project accepts this URL as a place to send users to. */
export const isTrustedUrl = (project: StoredProject, url: string): boolean =>
  URL.canParse(url) &&
  isTrustedRedirect(url, {
    trustedDomains: project.config.domains.map((d) => d.domain),
    allowLocalhost: project.config.allowLocalhost
  })

/** `REDIRECT_URL_NOT_WHITELISTED` unless the URL is absent, trusted, or (with `nativeApp`) a native app's own. */
export const requireTrustedUrl = (
  project: StoredProject,
  url: string | undefined,
  options: { readonly nativeApp?: boolean } = {}
): Effect.Effect<void, RedirectUrlNotWhitelisted> =>
  url === undefined || isTrustedUrl(project, url) || (options.nativeApp === true && isNativeAppUrl(url))
    ? Effect.void
    : Effect.fail(new RedirectUrlNotWhitelisted({}))
