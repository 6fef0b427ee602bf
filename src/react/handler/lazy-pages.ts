/**
 * Each handler page behind a dynamic import, so an app's bundler puts every page in a chunk of its own and
 * a visitor of sign-in never loads account settings; the frame around them (../frame.tsx) too, so an app
 * that only shows the user button loads none of it. `lazyRouteComponent` suspends until the chunk is there
 * and has a `preload` the router runs before it shows the page (see ../routes.tsx).
 *
 * Each call is marked pure so that a bundle without the handler drops the table: a call at module level is
 * otherwise kept for its effects. Nothing the pages import may be imported from here or from the modules
 * that import this one: the bundler loads with the app's first page whatever the entry reaches statically
 * and any lazy page uses.
 */
import { lazyRouteComponent, type RouteComponent } from "@tanstack/react-router"
import { createElement, type ReactNode } from "react"
import type { HandlerRoute } from "../../domain/handler-routes.js"
import type { HandlerPageProps } from "./frame.js"

export const lazyPages: { readonly [K in HandlerRoute]: RouteComponent } = {
  "sign-in": /* @__PURE__ */ lazyRouteComponent(() => import("./pages/sign-in.js"), "SignInPage"),
  "sign-up": /* @__PURE__ */ lazyRouteComponent(() => import("./pages/sign-up.js"), "SignUpPage"),
  "sign-out": /* @__PURE__ */ lazyRouteComponent(() => import("./pages/sign-out.js"), "SignOutPage"),
  "email-verification": /* @__PURE__ */ lazyRouteComponent(
    () => import("./pages/email-verification.js"),
    "EmailVerificationPage"
  ),
  "password-reset": /* @__PURE__ */ lazyRouteComponent(() => import("./pages/password-reset.js"), "PasswordResetPage"),
  "forgot-password": /* @__PURE__ */ lazyRouteComponent(
    () => import("./pages/forgot-password.js"),
    "ForgotPasswordPage"
  ),
  "oauth-callback": /* @__PURE__ */ lazyRouteComponent(() => import("./pages/oauth-callback.js"), "OAuthCallbackPage"),
  "magic-link-callback": /* @__PURE__ */ lazyRouteComponent(
    () => import("./pages/magic-link-callback.js"),
    "MagicLinkCallbackPage"
  ),
  "account-settings": /* @__PURE__ */ lazyRouteComponent(
    () => import("./pages/account-settings.js"),
    "AccountSettingsPage"
  ),
  error: /* @__PURE__ */ lazyRouteComponent(() => import("./pages/error.js"), "ErrorPage"),
  "team-invitation": /* @__PURE__ */ lazyRouteComponent(
    () => import("./pages/team-invitation.js"),
    "TeamInvitationPage"
  ),
  "cli-auth-confirm": /* @__PURE__ */ lazyRouteComponent(
    () => import("./pages/cli-auth-confirm.js"),
    "CliAuthConfirmPage"
  ),
  "agent-auth-confirm": /* @__PURE__ */ lazyRouteComponent(
    () => import("./pages/agent-auth-confirm.js"),
    "AgentAuthConfirmPage"
  ),
  onboarding: /* @__PURE__ */ lazyRouteComponent(() => import("./pages/onboarding.js"), "OnboardingPage"),
  mfa: /* @__PURE__ */ lazyRouteComponent(() => import("./pages/mfa.js"), "MfaPage")
}

const LazyFrame = /* @__PURE__ */ lazyRouteComponent(() => import("./frame.js"), "HandlerFrame")

/** The page in its frame, both loaded on first use; suspends meanwhile. Keyed by URL: a new link starts fresh. */
export function LazyHandlerPage(props: HandlerPageProps): ReactNode {
  const Page = props.page === undefined ? undefined : lazyPages[props.page]
  return createElement(LazyFrame, props, Page === undefined ? null : createElement(Page, { key: props.currentUrl }))
}

/** Loads the frame and the page `page` (the router awaits it before it shows the page). */
export const preloadHandlerPage = (page: HandlerRoute | undefined): Promise<void> =>
  Promise.all([LazyFrame.preload?.(), page === undefined ? undefined : lazyPages[page].preload?.()]).then(
    () => undefined
  )
