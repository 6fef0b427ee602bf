/**
 * The MFA prompt: after a sign-in answered MULTI_FACTOR_AUTHENTICATION_REQUIRED, the
 * six-digit code of the person's authenticator app completes it with the attempt code.
 *
 * On the OAuth callback a wrong code ends the attempt: the page alerts the fixed
 * 'Invalid TOTP code. Please try signing in again.' and offers sign-in again. Elsewhere the prompt stays
 * and shows the error, so the person can type the next code.
 */
import { type FormEvent, type ReactNode, useState } from "react"
import { TOTP_CODE_LENGTH } from "../../domain/rules/totp.js"
import { Auth } from "../../services/generated/auth.js"
import type { SignedIn } from "../../services/auth/auth.js"
import { Button, ErrorAlert, Field, formValue, MessageAlert } from "./ui.js"
import { useAction } from "./use-action.js"
import { OAUTH_INVALID_TOTP_MESSAGE } from "./messages.js"

export interface MfaPromptProps {
  readonly attemptCode: string
  readonly onSignedIn: (signedIn: SignedIn) => void
  /** `"oauth-callback"`: a wrong code ends the attempt (alert, then `onGiveUp`). */
  readonly mode?: "sign-in" | "oauth-callback"
  readonly onGiveUp?: (() => void) | undefined
}

const alertPerson = (message: string): void => {
  const alert = (globalThis as { readonly alert?: (message: string) => void }).alert
  alert?.(message)
}

export function MfaPrompt(props: MfaPromptProps): ReactNode {
  const [oauthFailure, setOauthFailure] = useState<string | undefined>(undefined)
  const verify = useAction((totp: string) => Auth.use((auth) => auth.signInWithMfa(props.attemptCode, totp)))

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const outcome = await verify.run(formValue(event.currentTarget, "totp"))
    if (outcome._tag === "Success") return props.onSignedIn(outcome.value)
    if (props.mode === "oauth-callback" && outcome._tag === "Failure" && outcome.error._tag === "InvalidTotpCode") {
      setOauthFailure(OAUTH_INVALID_TOTP_MESSAGE)
      alertPerson(OAUTH_INVALID_TOTP_MESSAGE)
      props.onGiveUp?.()
    }
  }

  if (oauthFailure !== undefined) return <MessageAlert message={oauthFailure} />
  return (
    <form className="stackfx-stack" onSubmit={onSubmit}>
      <p>Enter the {TOTP_CODE_LENGTH}-digit code from your authenticator app.</p>
      <Field
        label="Authentication code"
        name="totp"
        inputMode="numeric"
        autoComplete="one-time-code"
        pattern={`[0-9]{${TOTP_CODE_LENGTH}}`}
        maxLength={TOTP_CODE_LENGTH}
        required
        autoFocus
      />
      <Button type="submit" block pending={verify.pending}>
        Verify
      </Button>
      <ErrorAlert error={verify.error} />
    </form>
  )
}

/** Pulls the attempt code out of a sign-in failure, if the failure is the MFA step. */
export const mfaAttemptCode = (error: unknown): string | undefined =>
  typeof error === "object" &&
  error !== null &&
  "_tag" in error &&
  error._tag === "MultiFactorAuthenticationRequired" &&
  "details" in error &&
  typeof error.details === "object" &&
  error.details !== null &&
  "attempt_code" in error.details &&
  typeof error.details.attempt_code === "string"
    ? error.details.attempt_code
    : undefined
