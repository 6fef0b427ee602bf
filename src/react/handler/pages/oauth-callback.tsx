/**
 * oauth-callback: where the OAuth provider (through the service) sends the browser back. It finishes the
 * flow once (the code verifier cookie is consumed), asks for the TOTP code when the account needs MFA, and
 * follows the flow's after-callback URL, else after-sign-up or after-sign-in. A URL without `code` and
 * `state` (a reload, a bookmark) is ignored with a warning: both are required.
 */
import * as Option from "effect/Option"
import { type ReactNode, useEffect, useRef, useState } from "react"
import { OAuth } from "../../../services/generated/oauth.js"
import { useHandlerPage } from "../context.js"
import { HandlerLink } from "../handler-link.js"
import { OAUTH_CALLBACK_FAILED_MESSAGE } from "../messages.js"
import { MfaPrompt, mfaAttemptCode } from "../mfa-prompt.js"
import { RedirectStatus, useRedirect } from "../redirect.js"
import { Card, ErrorAlert } from "../ui.js"
import { useAction, useHandlerApp } from "../use-action.js"

type Step =
  | { readonly _tag: "Working" }
  | { readonly _tag: "Ignored" }
  | { readonly _tag: "Mfa"; readonly attemptCode: string }
  | { readonly _tag: "Failed" }

export function OAuthCallbackPage(): ReactNode {
  const app = useHandlerApp()
  const { currentUrl } = useHandlerPage()
  const redirect = useRedirect()
  const [step, setStep] = useState<Step>({ _tag: "Working" })
  const callback = useAction((url: string) => OAuth.use((oauth) => oauth.callback(url)))
  const started = useRef(false)
  const { run } = callback
  const { afterAuth } = redirect

  useEffect(() => {
    // Exactly once: the verifier cookie is consumed by the first run.
    if (started.current) return
    started.current = true
    void run(currentUrl).then((outcome) => {
      if (outcome._tag === "Success") {
        if (Option.isNone(outcome.value)) return setStep({ _tag: "Ignored" })
        return afterAuth(outcome.value.value)
      }
      if (outcome._tag === "Busy") return
      const attemptCode = outcome._tag === "Failure" ? mfaAttemptCode(outcome.error) : undefined
      setStep(attemptCode === undefined ? { _tag: "Failed" } : { _tag: "Mfa", attemptCode })
    })
  }, [currentUrl, run, afterAuth])

  if (redirect.state._tag !== "Idle") return <RedirectStatus state={redirect.state} />
  const signInAgain = (
    <div className="stackfx-stack">
      <HandlerLink href={app.urls.signIn} button>
        Sign in again
      </HandlerLink>
    </div>
  )
  switch (step._tag) {
    case "Working":
      return (
        <Card title="Signing you in…">
          <p role="status" aria-live="polite">
            Finishing sign-in…
          </p>
        </Card>
      )
    case "Ignored":
      return (
        <Card title="Nothing to finish here">
          <p>
            This page completes a sign-in with an OAuth provider, and there is no sign-in in progress in this browser.
          </p>
          {signInAgain}
        </Card>
      )
    case "Mfa":
      return (
        <Card title="Two-factor authentication">
          <MfaPrompt attemptCode={step.attemptCode} mode="oauth-callback" onSignedIn={afterAuth} />
          {/* After a wrong code the prompt is replaced by the alert; this is the way on. */}
          <div className="stackfx-stack">
            <HandlerLink href={app.urls.signIn}>Back to sign in</HandlerLink>
          </div>
        </Card>
      )
    case "Failed":
      return (
        <Card title="Sign-in failed">
          <p>{OAUTH_CALLBACK_FAILED_MESSAGE}</p>
          <ErrorAlert error={callback.error} />
          {signInAgain}
        </Card>
      )
  }
}
