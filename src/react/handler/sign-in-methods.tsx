/**
 * The ways to sign in that the sign-in page offers, each a small form: email and password, an emailed link
 * (or the code in it), and a passkey. Each reports a finished sign-in, or the MFA step's attempt code, to
 * the page; other failures stay in the form as an alert.
 */
import { type FormEvent, type ReactNode, useState } from "react"
import { Auth } from "../../services/generated/auth.js"
import type { SignedIn } from "../../services/auth/auth.js"
import { Passkeys } from "../../services/generated/passkey.js"
import { withReturnTo } from "../../services/navigation/redirects.js"
import { useHandlerPage } from "./context.js"
import { HandlerLink } from "./handler-link.js"
import { mfaAttemptCode } from "./mfa-prompt.js"
import { Button, ErrorAlert, Field, formValue, Notice } from "./ui.js"
import { type ActionOutcome, useAction, useHandlerApp } from "./use-action.js"

export interface SignInCallbacks {
  readonly onSignedIn: (signedIn: SignedIn) => void
  readonly onMfaRequired: (attemptCode: string) => void
}

/** Routes an outcome to the page; `true` when the form should show its error. */
const settle = <E,>(outcome: ActionOutcome<SignedIn, E>, callbacks: SignInCallbacks): void => {
  if (outcome._tag === "Success") return callbacks.onSignedIn(outcome.value)
  if (outcome._tag !== "Failure") return
  const attemptCode = mfaAttemptCode(outcome.error)
  if (attemptCode !== undefined) callbacks.onMfaRequired(attemptCode)
}

/** The error to show: the MFA step is not an error, the page moves on to the prompt. */
const visibleError = (error: unknown): unknown => (mfaAttemptCode(error) === undefined ? error : undefined)

export function CredentialSignInForm(props: SignInCallbacks): ReactNode {
  const app = useHandlerApp()
  const signIn = useAction((email: string, password: string) =>
    Auth.use((auth) => auth.signInWithCredential({ email, password }))
  )
  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const form = event.currentTarget
    settle(await signIn.run(formValue(form, "email").trim(), formValue(form, "password")), props)
  }
  return (
    <form className="stackfx-stack" onSubmit={onSubmit}>
      <Field label="Email" name="email" type="email" autoComplete="username" required />
      <Field label="Password" name="password" type="password" autoComplete="current-password" required />
      <HandlerLink href={app.urls.forgotPassword}>Forgot password?</HandlerLink>
      <Button type="submit" block pending={signIn.pending}>
        Sign in
      </Button>
      <ErrorAlert error={visibleError(signIn.error)} />
    </form>
  )
}

export function MagicLinkSignInForm(props: SignInCallbacks): ReactNode {
  const app = useHandlerApp()
  const { currentUrl } = useHandlerPage()
  const [sent, setSent] = useState<{ readonly email: string; readonly nonce: string } | undefined>(undefined)
  // Absolute, as the email links to it; it carries this page's `after_auth_return_to` on to the page
  // that finishes the sign-in.
  const callbackUrl = new URL(withReturnTo(app.urls.magicLinkCallback, currentUrl, app.urls), currentUrl).href
  const send = useAction((email: string) => Auth.use((auth) => auth.sendMagicLinkEmail(email, { callbackUrl })))
  const verify = useAction((code: string, nonce: string) => Auth.use((auth) => auth.signInWithOtp(code, nonce)))

  const onSend = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const email = formValue(event.currentTarget, "email").trim()
    const outcome = await send.run(email)
    if (outcome._tag === "Success") setSent({ email, nonce: outcome.value.nonce })
  }
  const onVerify = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    if (sent === undefined) return
    settle(await verify.run(formValue(event.currentTarget, "otp"), sent.nonce), props)
  }

  if (sent === undefined) {
    return (
      <form className="stackfx-stack" onSubmit={onSend}>
        <Field label="Email" name="email" type="email" autoComplete="email" required />
        <Button type="submit" block pending={send.pending}>
          Send sign-in link
        </Button>
        <ErrorAlert error={send.error} />
      </form>
    )
  }
  return (
    <form className="stackfx-stack" onSubmit={onVerify}>
      <Notice kind="success">
        We sent a sign-in link to {sent.email}. Open it on this device, or type the code from the email.
      </Notice>
      <Field label="Code from the email" name="otp" autoComplete="one-time-code" required />
      <Button type="submit" block pending={verify.pending}>
        Sign in
      </Button>
      <Button variant="secondary" block onClick={() => setSent(undefined)}>
        Use another email
      </Button>
      <ErrorAlert error={visibleError(verify.error)} />
    </form>
  )
}

export function PasskeySignInButton(props: SignInCallbacks): ReactNode {
  const signIn = useAction(() => Passkeys.use((passkeys) => passkeys.signIn))
  return (
    <div className="stackfx-stack">
      <Button
        variant="secondary"
        block
        pending={signIn.pending}
        onClick={async () => settle(await signIn.run(), props)}
      >
        Sign in with a passkey
      </Button>
      <ErrorAlert error={visibleError(signIn.error)} />
    </div>
  )
}
