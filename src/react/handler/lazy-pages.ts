/**
 * Each handler page behind a dynamic import, so an app's bundler puts every page in a chunk of its own and
 * a visitor of sign-in never loads account settings; the frame around them (../frame.tsx) too, so an app
 * that only shows the user button loads none of it. `lazyComponent` (./lazy-page.ts) suspends until the chunk is
 * there and has a `preload` the router runs before it shows the page (see ../routes.tsx).
 *
 * Each call is marked pure so that a bundle without the handler drops the table: a call at module level is
 * otherwise kept for its effects. Nothing the pages import may be imported from here or from the modules
 * that import this one: the bundler loads with the app's first page whatever the entry reaches statically
 * and any lazy page uses.
 */
import { createElement, type ReactNode } from "react"
import type { HandlerRoute } from "../../domain/handler-routes.js"
import type { HandlerPageProps } from "./frame.js"
import { type LazyComponent, lazyComponent } from "./lazy-page.js"

export const lazyPages: { readonly [K in HandlerRoute]: LazyComponent<{}> } = {
  "sign-in": /* @__PURE__ */ lazyComponent(() => import("./pages/sign-in.js").then((module) => module.SignInPage)),
  "sign-up": /* @__PURE__ */ lazyComponent(() => import("./pages/sign-up.js").then((module) => module.SignUpPage)),
  "sign-out": /* @__PURE__ */ lazyComponent(() => import("./pages/sign-out.js").then((module) => module.SignOutPage)),
  "email-verification": /* @__PURE__ */ lazyComponent(() =>
    import("./pages/email-verification.js").then((module) => module.EmailVerificationPage)
  ),
  "password-reset": /* @__PURE__ */ lazyComponent(() =>
    import("./pages/password-reset.js").then((module) => module.PasswordResetPage)
  ),
  "forgot-password": /* @__PURE__ */ lazyComponent(() =>
    import("./pages/forgot-password.js").then((module) => module.ForgotPasswordPage)
  ),
  "oauth-callback": /* @__PURE__ */ lazyComponent(() =>
    import("./pages/oauth-callback.js").then((module) => module.OAuthCallbackPage)
  ),
  "magic-link-callback": /* @__PURE__ */ lazyComponent(() =>
    import("./pages/magic-link-callback.js").then((module) => module.MagicLinkCallbackPage)
  ),
  "account-settings": /* @__PURE__ */ lazyComponent(() =>
    import("./pages/account-settings.js").then((module) => module.AccountSettingsPage)
  ),
  error: /* @__PURE__ */ lazyComponent(() => import("./pages/error.js").then((module) => module.ErrorPage)),
  "team-invitation": /* @__PURE__ */ lazyComponent(() =>
    import("./pages/team-invitation.js").then((module) => module.TeamInvitationPage)
  ),
  "cli-auth-confirm": /* @__PURE__ */ lazyComponent(() =>
    import("./pages/cli-auth-confirm.js").then((module) => module.CliAuthConfirmPage)
  ),
  "agent-auth-confirm": /* @__PURE__ */ lazyComponent(() =>
    import("./pages/agent-auth-confirm.js").then((module) => module.AgentAuthConfirmPage)
  ),
  onboarding: /* @__PURE__ */ lazyComponent(() =>
    import("./pages/onboarding.js").then((module) => module.OnboardingPage)
  ),
  mfa: /* @__PURE__ */ lazyComponent(() => import("./pages/mfa.js").then((module) => module.MfaPage))
}

const LazyFrame = /* @__PURE__ */ lazyComponent(() => import("./frame.js").then((module) => module.HandlerFrame))

/** The page in its frame, both loaded on first use; suspends meanwhile. Keyed by URL: a new link starts fresh. */
export function LazyHandlerPage(props: HandlerPageProps): ReactNode {
  const Page = props.page === undefined ? undefined : lazyPages[props.page]
  return createElement(LazyFrame, props, Page === undefined ? null : createElement(Page, { key: props.currentUrl }))
}

/** Loads the frame and the page `page` (the router awaits it before it shows the page). */
export const preloadHandlerPage = (page: HandlerRoute | undefined): Promise<void> =>
  Promise.all([LazyFrame.preload(), page === undefined ? undefined : lazyPages[page].preload()]).then(() => undefined)
