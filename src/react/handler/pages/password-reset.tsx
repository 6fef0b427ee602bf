/**
 * password-reset: the page an emailed reset link opens (`?code=...`). It checks the code first (without
 * using it) so a dead link says so before anyone types a password, then sets the new password.
 */
import { type FormEvent, type ReactNode, useEffect, useRef, useState } from "react"
import { Auth } from "../../../services/generated/auth.js"
import { useQueryParam } from "../context.js"
import { LinkWithoutCode } from "../page-shared.js"
import { HandlerLink } from "../handler-link.js"
import { Button, Card, ErrorAlert, formValue, NewPasswordFields, Notice } from "../ui.js"
import { useAction, useHandlerApp } from "../use-action.js"

type Step = "checking" | "ready" | "invalid" | "done"

function ResetForm(props: { readonly code: string }): ReactNode {
  const app = useHandlerApp()
  const [step, setStep] = useState<Step>("checking")
  const check = useAction((code: string) => Auth.use((auth) => auth.verifyPasswordResetCode(code)))
  const reset = useAction((code: string, password: string, passwordConfirmation: string) =>
    Auth.use((auth) => auth.resetPassword({ code, password, passwordConfirmation }))
  )
  const checked = useRef<string | undefined>(undefined)
  const runCheck = check.run

  useEffect(() => {
    if (checked.current === props.code) return
    checked.current = props.code
    void runCheck(props.code).then((outcome) => setStep(outcome._tag === "Success" ? "ready" : "invalid"))
  }, [props.code, runCheck])

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const form = event.currentTarget
    const outcome = await reset.run(props.code, formValue(form, "password"), formValue(form, "passwordConfirmation"))
    if (outcome._tag === "Success") setStep("done")
  }

  switch (step) {
    case "checking":
      return (
        <Card title="Reset your password">
          <p role="status" aria-live="polite">
            Checking the link…
          </p>
        </Card>
      )
    case "invalid":
      return (
        <Card title="Reset your password">
          <ErrorAlert error={check.error} />
          <p>
            <HandlerLink href={app.urls.forgotPassword}>Request a new link</HandlerLink>
          </p>
        </Card>
      )
    case "done":
      return (
        <Card title="Password reset">
          <Notice kind="success">Your password has been reset. Sign in with the new one.</Notice>
          <div className="stackfx-stack">
            <HandlerLink href={app.urls.signIn} button>
              Sign in
            </HandlerLink>
          </div>
        </Card>
      )
    case "ready":
      return (
        <Card title="Reset your password" subtitle="Choose a new password.">
          <form className="stackfx-stack" onSubmit={onSubmit}>
            <NewPasswordFields name="password" label="New password" />
            <Button type="submit" block pending={reset.pending}>
              Reset password
            </Button>
            <ErrorAlert error={reset.error} />
          </form>
        </Card>
      )
  }
}

export function PasswordResetPage(): ReactNode {
  const code = useQueryParam("code")
  if (code === undefined) {
    return <LinkWithoutCode title="Reset your password" what="reset" />
  }
  return <ResetForm code={code} />
}
