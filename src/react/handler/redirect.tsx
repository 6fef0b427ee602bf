/**
 * Leaving a handler page for a redirect target: the URL comes from
 * `services/navigation/redirects.ts` (after-sign-in honours `after_auth_return_to`, a URL from outside must be
 * trusted), the page shows "Redirecting…" while the navigation takes over, and if the page is still there
 * after the redirect wait (2000 ms) it offers the link by hand. An untrusted URL is refused with an error.
 */
import * as Effect from "effect/Effect"
import * as Result from "effect/Result"
import { type ReactNode, useCallback, useEffect, useState } from "react"
import { REDIRECT_WAIT_MS } from "../redirect-wait.js"
import type { RedirectNotTrusted } from "../../errors/client/redirect-not-trusted.js"
import { afterAuthRedirectUrl, redirectUrlFor, type RedirectTarget } from "../../services/navigation/redirects.js"
import { isRestrictedSession } from "../../services/session/guest-session.js"
import { Session } from "../../services/session/session.js"
import { useHandlerPage } from "./context.js"
import { Card, ErrorAlert } from "./ui.js"
import { useHandlerApp } from "./use-action.js"

export type RedirectState =
  | { readonly _tag: "Idle" }
  | { readonly _tag: "Redirecting"; readonly url: string; readonly waited: boolean }
  | { readonly _tag: "Refused"; readonly error: RedirectNotTrusted }

/** How a sign-in ended, for choosing between after-sign-in and after-sign-up. */
export interface AuthOutcome {
  readonly isNewUser: boolean
  readonly afterCallbackRedirectUrl?: string | null | undefined
}

export interface Redirect {
  readonly state: RedirectState
  readonly toTarget: (target: RedirectTarget) => void
  /** A URL the page built from the app's own targets, so it is trusted as given. */
  readonly toUrl: (url: string) => void
  readonly afterAuth: (outcome: AuthOutcome) => void
}

export function useRedirect(): Redirect {
  const app = useHandlerApp()
  const { currentUrl } = useHandlerPage()
  const [state, setState] = useState<RedirectState>({ _tag: "Idle" })

  useEffect(() => {
    if (state._tag !== "Redirecting" || state.waited) return
    const timer = setTimeout(() => setState({ ...state, waited: true }), REDIRECT_WAIT_MS)
    return () => clearTimeout(timer)
  }, [state])

  const go = useCallback(
    (url: Result.Result<string, RedirectNotTrusted>) => {
      if (Result.isFailure(url)) {
        setState({ _tag: "Refused", error: url.failure })
        return
      }
      setState({ _tag: "Redirecting", url: url.success, waited: false })
      app.navigate(url.success)
    },
    [app]
  )

  const toTarget = useCallback(
    (target: RedirectTarget) => go(redirectUrlFor(app.urls, target, { currentUrl })),
    [app, currentUrl, go]
  )
  const toUrl = useCallback((url: string) => go(Result.succeed(url)), [go])
  // A user the session shows restricted (an e-mail to verify first, or a sign-up rule's restriction) is not
  // signed in to the app yet: they finish their account on the onboarding page, as the official SDK's auth
  // pages send them. Read from the new token, without a request.
  const afterAuth = useCallback(
    (outcome: AuthOutcome) =>
      app.runtime.runSync(Session.use((session) => Effect.succeed(isRestrictedSession(session))))
        ? go(redirectUrlFor(app.urls, "onboarding", { currentUrl }))
        : go(afterAuthRedirectUrl(app.urls, outcome, { currentUrl })),
    [app, currentUrl, go]
  )
  return { state, toTarget, toUrl, afterAuth }
}

/** The page while a redirect is under way (or was refused); `null` when idle. */
export function RedirectStatus(props: { readonly state: RedirectState; readonly title?: string }): ReactNode {
  const { state } = props
  switch (state._tag) {
    case "Idle":
      return null
    case "Refused":
      return (
        <Card title={props.title ?? "Redirect refused"}>
          <ErrorAlert error={state.error} />
        </Card>
      )
    case "Redirecting":
      return (
        <Card title={props.title ?? "Redirecting…"}>
          <p role="status" aria-live="polite">
            Redirecting…
          </p>
          {state.waited ? (
            <p>
              Not redirected?{" "}
              <a className="stackfx-link" href={state.url}>
                Continue
              </a>
            </p>
          ) : null}
        </Card>
      )
  }
}
