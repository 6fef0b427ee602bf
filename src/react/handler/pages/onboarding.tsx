/**
 * onboarding: where a restricted user finishes their account, as the official SDK's onboarding page does.
 * A user restricted for an unverified e-mail sees "verify your e-mail": the address, a button that sends the
 * link again (the sign-up sent the first one) and, without an address, a form to add one; the link opens the
 * email-verification page, after which they are a full user. A user an administrator restricted sees the
 * reason they were given. A full user is sent on (after sign-in); a visitor or a guest to sign in.
 */
import { type FormEvent, type ReactNode, useEffect, useRef, useState } from "react"
import type { ClientUser } from "../../../domain/user.js"
import { allowingRestrictedUsers } from "../../../services/wire/transport-request.js"
import { Auth } from "../../../services/generated/auth.js"
import { CurrentUser } from "../../../services/generated/current-user.js"
import { useUser } from "../../hooks.js"
import { useHandlerPage } from "../context.js"
import { HandlerLink } from "../handler-link.js"
import { RedirectStatus, useRedirect } from "../redirect.js"
import { Button, Card, ErrorAlert, Field, formValue, Notice } from "../ui.js"
import { useAction, useHandlerApp } from "../use-action.js"
import { userLabel } from "../page-shared.js"

function SignOutLink(): ReactNode {
  const app = useHandlerApp()
  return (
    <HandlerLink href={app.urls.signOut} button>
      Sign out
    </HandlerLink>
  )
}

/** The user has no primary e-mail: they give one, which the service then asks them to verify. */
function AddEmailForm(props: { readonly onAdded: () => void }): ReactNode {
  const add = useAction((email: string) =>
    CurrentUser.use((me) => me.update({ primaryEmail: email })).pipe(allowingRestrictedUsers)
  )
  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const outcome = await add.run(formValue(event.currentTarget, "email").trim())
    if (outcome._tag === "Success") props.onAdded()
  }
  return (
    <Card title="Add your email address" subtitle="Add an email address to finish setting up your account.">
      <form className="stackfx-stack" onSubmit={onSubmit}>
        <Field label="Email" name="email" type="email" autoComplete="email" required />
        <Button type="submit" block pending={add.pending}>
          Continue
        </Button>
        <ErrorAlert error={add.error} />
      </form>
      <div className="stackfx-row">
        <SignOutLink />
      </div>
    </Card>
  )
}

function VerifyEmail(props: { readonly user: ClientUser }): ReactNode {
  const app = useHandlerApp()
  const { currentUrl } = useHandlerPage()
  const [sent, setSent] = useState(false)
  const [changing, setChanging] = useState(false)
  const send = useAction(() =>
    Auth.use((auth) =>
      auth.sendVerificationEmail({ callbackUrl: new URL(app.urls.emailVerification, currentUrl).href })
    )
  )
  const email = props.user.primaryEmail
  if (email === null || changing) return <AddEmailForm onAdded={() => setChanging(false)} />
  return (
    <Card
      title="Verify your email"
      subtitle={`Please verify your email address ${email} to finish setting up your account.`}
    >
      <div className="stackfx-stack">
        <p>Open the link in the email we sent you. No email? Send it again.</p>
        {sent ? <Notice kind="success">Verification email sent to {email}.</Notice> : null}
        <Button
          block
          pending={send.pending}
          onClick={async () => {
            const outcome = await send.run()
            if (outcome._tag === "Success") setSent(true)
          }}
        >
          Send verification email
        </Button>
        <ErrorAlert error={send.error} />
      </div>
      <div className="stackfx-row">
        <Button onClick={() => setChanging(true)}>Change email</Button>
        <SignOutLink />
      </div>
    </Card>
  )
}

export function OnboardingPage(): ReactNode {
  const user = useUser({ includeRestricted: true })
  const redirect = useRedirect()
  const started = useRef(false)
  const { toTarget } = redirect
  // Nothing to finish: a full user goes on, a visitor (or a guest, whom this read leaves out) signs in.
  const leaveFor = user === null ? "signIn" : user.isRestricted ? undefined : "afterSignIn"
  useEffect(() => {
    if (leaveFor === undefined || started.current) return
    started.current = true
    toTarget(leaveFor)
  }, [leaveFor, toTarget])
  if (redirect.state._tag !== "Idle" || user === null || !user.isRestricted) {
    return (
      <RedirectStatus
        state={redirect.state._tag === "Idle" ? { _tag: "Redirecting", url: "", waited: false } : redirect.state}
      />
    )
  }
  if (user.restrictedReason?.type === "email_not_verified") return <VerifyEmail user={user} />
  return (
    <Card title="Your account is restricted" subtitle={`Signed in as ${userLabel(user)}.`}>
      <p>
        {user.restrictedByAdminReason ??
          "You have not yet completed your account setup. Please reach out to support if you believe this is an error."}
      </p>
      <div className="stackfx-row">
        <SignOutLink />
      </div>
    </Card>
  )
}
