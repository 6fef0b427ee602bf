/**
 * forgot-password: asks for the account's email and sends a reset link pointing at the password-reset
 * page. The answer is the same whether or not the address has an account, so the page cannot be used to
 * find out who has one.
 */
import { type FormEvent, type ReactNode, useState } from "react"
import { Auth } from "../../../services/generated/auth.js"
import { HandlerLink } from "../handler-link.js"
import { Button, Card, ErrorAlert, Field, formValue, Notice } from "../ui.js"
import { useAction, useHandlerApp } from "../use-action.js"

export function ForgotPasswordPage(): ReactNode {
  const app = useHandlerApp()
  const [sentTo, setSentTo] = useState<string | undefined>(undefined)
  const send = useAction((email: string) =>
    Auth.use((auth) => auth.sendForgotPasswordEmail(email, { callbackUrl: app.urls.passwordReset }))
  )
  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const email = formValue(event.currentTarget, "email").trim()
    const outcome = await send.run(email)
    if (outcome._tag === "Success") setSentTo(email)
  }
  const back = (
    <>
      Remembered it? <HandlerLink href={app.urls.signIn}>Sign in</HandlerLink>
    </>
  )
  if (sentTo !== undefined) {
    return (
      <Card title="Check your email" subtitle={back}>
        <Notice kind="success">If {sentTo} belongs to an account, we sent it a link to reset the password.</Notice>
      </Card>
    )
  }
  return (
    <Card title="Reset your password" subtitle={back}>
      <form className="stackfx-stack" onSubmit={onSubmit}>
        <Field label="Email" name="email" type="email" autoComplete="email" required />
        <Button type="submit" block pending={send.pending}>
          Send reset link
        </Button>
        <ErrorAlert error={send.error} />
      </form>
    </Card>
  )
}
