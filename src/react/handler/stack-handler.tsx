/**
 * `StackHandler` shows the handler page a route name stands for: `sign-in`, `sign-up`,
 * `sign-out`, `email-verification`, `password-reset`, `forgot-password`, `oauth-callback`,
 * `magic-link-callback`, `account-settings`, `error` and `team-invitation`. It needs no router: any router
 * (or none) passes the name and the page URL; `stackHandlerRoute` wires it into TanStack Router.
 */
import { type ReactNode, useMemo } from "react"
import { HANDLER_ROUTES, type HandlerRoute } from "../../domain/constants.js"
import { normalizeBasepath } from "../basepath.js"
import { HandlerPage, type HandlerPageContext } from "./context.js"
import { DEFAULT_DASHBOARD_URL } from "./describe-error.js"
import { HandlerErrorBoundary } from "./error-boundary.js"
import { AccountSettingsPage } from "./pages/account-settings.js"
import { EmailVerificationPage } from "./pages/email-verification.js"
import { ErrorPage } from "./pages/error.js"
import { ForgotPasswordPage } from "./pages/forgot-password.js"
import { MagicLinkCallbackPage } from "./pages/magic-link-callback.js"
import { OAuthCallbackPage } from "./pages/oauth-callback.js"
import { PasswordResetPage } from "./pages/password-reset.js"
import { SignInPage } from "./pages/sign-in.js"
import { SignOutPage } from "./pages/sign-out.js"
import { SignUpPage } from "./pages/sign-up.js"
import { TeamInvitationPage } from "./pages/team-invitation.js"
import { Card } from "./ui.js"
import { useHandlerApp } from "./use-action.js"

const pages: { readonly [K in HandlerRoute]: () => ReactNode } = {
  "sign-in": SignInPage,
  "sign-up": SignUpPage,
  "sign-out": SignOutPage,
  "email-verification": EmailVerificationPage,
  "password-reset": PasswordResetPage,
  "forgot-password": ForgotPasswordPage,
  "oauth-callback": OAuthCallbackPage,
  "magic-link-callback": MagicLinkCallbackPage,
  "account-settings": AccountSettingsPage,
  error: ErrorPage,
  "team-invitation": TeamInvitationPage
}

const isHandlerRoute = (name: string): name is HandlerRoute => (HANDLER_ROUTES as ReadonlyArray<string>).includes(name)

export interface StackHandlerProps {
  /** The route name, e.g. `"sign-in"` (a trailing slash or a leading one is ignored). */
  readonly route: string
  /** The page URL with its query, as the browser shows it; default `location.href`. */
  readonly currentUrl?: string | undefined
  /**
   * The router's basepath (`"/app"`) when the app lives below one: the app's URLs are then taken as the
   * router's paths and given it wherever the browser, an email or the OAuth service will visit them.
   */
  readonly basepath?: string | undefined
  /** Where the production-mode fix link points; default the hosted dashboard. */
  readonly dashboardUrl?: string | undefined
}

const pageUrl = (): string =>
  (globalThis as { readonly location?: { readonly href?: string } }).location?.href ?? "http://localhost/"

function NotFound(props: { readonly route: string }): ReactNode {
  const app = useHandlerApp()
  return (
    <Card title="Page not found">
      <p>There is no page called “{props.route}” here.</p>
      <p>
        <a className="stackfx-link" href={app.urls.home}>Go home</a>
      </p>
    </Card>
  )
}

/** `<StackHandler route="sign-in" />` inside a `StackProvider`. */
export function StackHandler(props: StackHandlerProps): ReactNode {
  const route = props.route.replace(/^\/+|\/+$/g, "")
  const currentUrl = props.currentUrl ?? pageUrl()
  const dashboardUrl = props.dashboardUrl ?? DEFAULT_DASHBOARD_URL
  const basepath = normalizeBasepath(props.basepath)
  const page = useMemo<HandlerPageContext>(
    () => ({ currentUrl, search: new URL(currentUrl).searchParams, basepath, dashboardUrl }),
    [currentUrl, basepath, dashboardUrl]
  )
  const Page = isHandlerRoute(route) ? pages[route] : undefined
  return (
    <HandlerPage.Provider value={page}>
      <HandlerErrorBoundary resetKey={currentUrl}>
        {/* Keyed by URL: a new link (another code, another page) starts with fresh state. */}
        {Page === undefined ? <NotFound route={route} /> : <Page key={currentUrl} />}
      </HandlerErrorBoundary>
    </HandlerPage.Provider>
  )
}
