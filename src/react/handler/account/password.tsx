/** Account settings: change the password, or set one for an account that has none (OAuth, magic link). */
import { type FormEvent, type ReactNode, useState } from "react"
import type { ClientUser } from "../../../domain/user.js"
import { Auth } from "../../../services/generated/auth.js"
import { Button, ErrorAlert, Field, formValue, NewPasswordFields, Notice } from "../ui.js"
import { useAction } from "../use-action.js"
import { Section } from "./section.js"

export function PasswordSection(props: { readonly user: ClientUser }): ReactNode {
  const [done, setDone] = useState(false)
  const change = useAction((form: { readonly old: string; readonly next: string; readonly repeat: string }) =>
    props.user.hasPassword
      ? Auth.use((auth) =>
          auth.updatePassword({ oldPassword: form.old, newPassword: form.next, newPasswordConfirmation: form.repeat })
        )
      : Auth.use((auth) => auth.setPassword({ password: form.next, passwordConfirmation: form.repeat }))
  )
  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const form = event.currentTarget
    setDone(false)
    const outcome = await change.run({
      old: formValue(form, "oldPassword"),
      next: formValue(form, "newPassword"),
      repeat: formValue(form, "newPasswordConfirmation")
    })
    if (outcome._tag === "Success") {
      form.reset()
      setDone(true)
    }
  }
  return (
    <Section
      title="Password"
      description={
        props.user.hasPassword
          ? undefined
          : "Your account has no password yet. Set one to sign in with your email and a password."
      }
    >
      <form className="stackfx-stack" onSubmit={onSubmit}>
        {props.user.hasPassword ? (
          <Field label="Current password" name="oldPassword" type="password" autoComplete="current-password" required />
        ) : null}
        <NewPasswordFields name="newPassword" label="New password" />
        <div className="stackfx-row">
          <Button type="submit" pending={change.pending}>
            {props.user.hasPassword ? "Update password" : "Set password"}
          </Button>
        </div>
        {done ? <Notice kind="success">Password saved.</Notice> : null}
        <ErrorAlert error={change.error} />
      </form>
    </Section>
  )
}
