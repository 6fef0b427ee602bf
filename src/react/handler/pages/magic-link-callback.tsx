/**
 * magic-link-callback: the page an emailed sign-in link opens (`?code=...`). Like email verification it
 * waits for a click, since mail scanners open links too; then the MFA prompt if needed, and the
 * after-sign-up (first use creates the account) or after-sign-in redirect.
 */
import { type ReactNode, useState } from "react"
import { Auth } from "../../../services/generated/auth.js"
import { useQueryParam } from "../context.js"
import { LinkWithoutCode } from "../page-shared.js"
import { MfaPrompt, mfaAttemptCode } from "../mfa-prompt.js"
import { RedirectStatus, useRedirect } from "../redirect.js"
import { Button, Card, ErrorAlert } from "../ui.js"
import { useAction } from "../use-action.js"

export function MagicLinkCallbackPage(): ReactNode {
  const code = useQueryParam("code")
  const redirect = useRedirect()
  const [attemptCode, setAttemptCode] = useState<string | undefined>(undefined)
  const signIn = useAction((code: string) => Auth.use((auth) => auth.signInWithMagicLink(code)))

  if (redirect.state._tag !== "Idle") return <RedirectStatus state={redirect.state} />
  if (code === undefined) {
    return <LinkWithoutCode title="Sign in" what="sign-in" />
  }
  if (attemptCode !== undefined) {
    return (
      <Card title="Two-factor authentication">
        <MfaPrompt attemptCode={attemptCode} onSignedIn={redirect.afterAuth} />
      </Card>
    )
  }
  const onClick = async () => {
    const outcome = await signIn.run(code)
    if (outcome._tag === "Success") return redirect.afterAuth(outcome.value)
    const attempt = outcome._tag === "Failure" ? mfaAttemptCode(outcome.error) : undefined
    if (attempt !== undefined) setAttemptCode(attempt)
  }
  return (
    <Card title="Sign in" subtitle="Finish signing in with the link from your email.">
      <div className="stackfx-stack">
        <Button block pending={signIn.pending} onClick={() => void onClick()}>
          Sign in
        </Button>
        <ErrorAlert error={mfaAttemptCode(signIn.error) === undefined ? signIn.error : undefined} />
      </div>
    </Card>
  )
}
