/**
 * Account settings: TOTP two-factor authentication. Set-up makes a secret in the browser, shows it as the
 * base32 key and the `otpauth://` URI for an authenticator app, checks one code from the app, and only
 * then saves the secret (`PATCH /users/me { totp_secret_base64 }`), which turns MFA on.
 */
import * as Effect from "effect/Effect"
import { type FormEvent, type ReactNode, useId, useState } from "react"
import type { ClientUser } from "../../../domain/user.js"
import type { ClientUserUpdate } from "../../../domain/user-inputs.js"
import { useProject } from "../../hooks.js"
import { CurrentUser } from "../../../services/generated/current-user.js"
import { generateTotpSecret, otpauthUri, type TotpSecret, verifyTotpCode } from "../totp.js"
import { Button, ErrorAlert, Field, formValue, MessageAlert, Notice } from "../ui.js"
import { useAction } from "../use-action.js"
import { Section } from "./section.js"

const updateUser = (patch: ClientUserUpdate) => CurrentUser.use((currentUser) => currentUser.update(patch))

export const TOTP_CODE_MISMATCH =
  "That code does not match. Check that your device's clock is right and try the next code."

function SetUp(props: {
  readonly user: ClientUser
  readonly secret: TotpSecret
  readonly onCancel: () => void
}): ReactNode {
  const project = useProject()
  const id = useId()
  const [mismatch, setMismatch] = useState(false)
  const enable = useAction((code: string) =>
    Effect.flatMap(verifyTotpCode(props.secret, code), (matches) =>
      matches ? Effect.as(updateUser({ totpSecretBase64: props.secret.base64 }), true) : Effect.succeed(false)
    )
  )
  const uri = otpauthUri(props.secret, {
    issuer: project.displayName,
    account: props.user.primaryEmail ?? props.user.displayName ?? props.user.id
  })
  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const outcome = await enable.run(formValue(event.currentTarget, "totp"))
    setMismatch(outcome._tag === "Success" && !outcome.value)
  }
  return (
    <form className="stackfx-stack" onSubmit={onSubmit}>
      <p>Add this key to your authenticator app, then type the code it shows.</p>
      <div className="stackfx-field">
        <span className="stackfx-field-label" id={`${id}-secret`}>
          Secret key
        </span>
        <code className="stackfx-code" aria-labelledby={`${id}-secret`} data-testid="totp-secret">
          {props.secret.base32}
        </code>
      </div>
      <div className="stackfx-field">
        <span className="stackfx-field-label" id={`${id}-uri`}>
          Key URI
        </span>
        <code className="stackfx-code" aria-labelledby={`${id}-uri`} data-testid="totp-uri">
          {uri}
        </code>
      </div>
      <Field label="Authentication code" name="totp" inputMode="numeric" autoComplete="one-time-code" required />
      <div className="stackfx-row">
        <Button type="submit" pending={enable.pending}>
          Enable two-factor authentication
        </Button>
        <Button variant="secondary" onClick={props.onCancel}>
          Cancel
        </Button>
      </div>
      <MessageAlert message={mismatch ? TOTP_CODE_MISMATCH : undefined} />
      <ErrorAlert error={enable.error} />
    </form>
  )
}

export function TwoFactorSection(props: { readonly user: ClientUser }): ReactNode {
  const [secret, setSecret] = useState<TotpSecret | undefined>(undefined)
  const generate = useAction(() => generateTotpSecret)
  const disable = useAction(() => updateUser({ totpSecretBase64: null }))
  const on = props.user.isMultiFactorRequired
  return (
    <Section
      title="Two-factor authentication"
      description="Ask for a code from an authenticator app whenever you sign in."
    >
      {on ? (
        <div className="stackfx-stack">
          <Notice kind="success">Two-factor authentication is on.</Notice>
          <div className="stackfx-row">
            <Button variant="danger" pending={disable.pending} onClick={() => void disable.run()}>
              Turn off two-factor authentication
            </Button>
          </div>
          <ErrorAlert error={disable.error} />
        </div>
      ) : secret !== undefined ? (
        <SetUp user={props.user} secret={secret} onCancel={() => setSecret(undefined)} />
      ) : (
        <div className="stackfx-stack">
          <div className="stackfx-row">
            <Button
              pending={generate.pending}
              onClick={async () => {
                const outcome = await generate.run()
                if (outcome._tag === "Success") setSecret(outcome.value)
              }}
            >
              Set up two-factor authentication
            </Button>
          </div>
          <ErrorAlert error={generate.error} />
        </div>
      )}
    </Section>
  )
}
