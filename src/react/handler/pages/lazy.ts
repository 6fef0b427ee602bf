/**
 * Each handler page behind a dynamic import, so an app's bundler puts every page in a chunk of its own and
 * a visitor of sign-in never loads account settings. `lazyRouteComponent` suspends until the chunk is
 * there and has a `preload` the router runs before it shows the page (see ../routes.tsx).
 */
import { lazyRouteComponent, type RouteComponent } from "@tanstack/react-router"
import type { HandlerRoute } from "../../../domain/constants.js"

export const lazyPages: { readonly [K in HandlerRoute]: RouteComponent } = {
  "sign-in": lazyRouteComponent(() => import("./sign-in.js"), "SignInPage"),
  "sign-up": lazyRouteComponent(() => import("./sign-up.js"), "SignUpPage"),
  "sign-out": lazyRouteComponent(() => import("./sign-out.js"), "SignOutPage"),
  "email-verification": lazyRouteComponent(() => import("./email-verification.js"), "EmailVerificationPage"),
  "password-reset": lazyRouteComponent(() => import("./password-reset.js"), "PasswordResetPage"),
  "forgot-password": lazyRouteComponent(() => import("./forgot-password.js"), "ForgotPasswordPage"),
  "oauth-callback": lazyRouteComponent(() => import("./oauth-callback.js"), "OAuthCallbackPage"),
  "magic-link-callback": lazyRouteComponent(() => import("./magic-link-callback.js"), "MagicLinkCallbackPage"),
  "account-settings": lazyRouteComponent(() => import("./account-settings.js"), "AccountSettingsPage"),
  error: lazyRouteComponent(() => import("./error.js"), "ErrorPage"),
  "team-invitation": lazyRouteComponent(() => import("./team-invitation.js"), "TeamInvitationPage")
}
