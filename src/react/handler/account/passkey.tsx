/** Account settings: register a passkey (the browser's WebAuthn ceremony) for signing in without a password. */
import { type ReactNode, useState } from "react"
import type { ClientUser } from "../../../domain/user.js"
import { Passkeys } from "../../../services/generated/passkey.js"
import { Button, ErrorAlert, Notice } from "../ui.js"
import { useAction } from "../use-action.js"
import { Section } from "./section.js"

export function PasskeySection(props: { readonly user: ClientUser }): ReactNode {
  const [registered, setRegistered] = useState(false)
  const register = useAction(() => Passkeys.use((passkeys) => passkeys.register))
  return (
    <Section
      title="Passkey"
      description="Sign in with your device's screen lock or a security key instead of a password."
    >
      <div className="stackfx-stack">
        {props.user.passkeyAuthEnabled ? <Notice kind="info">Passkey sign-in is on for this account.</Notice> : null}
        <div className="stackfx-row">
          <Button
            pending={register.pending}
            onClick={async () => {
              setRegistered(false)
              const outcome = await register.run()
              setRegistered(outcome._tag === "Success")
            }}
          >
            Register a passkey
          </Button>
        </div>
        {registered ? <Notice kind="success">Passkey registered.</Notice> : null}
        <ErrorAlert error={register.error} />
      </div>
    </Section>
  )
}
