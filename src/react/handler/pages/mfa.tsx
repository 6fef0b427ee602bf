/**
 * mfa: the page a sign-in that needs its second factor is sent to by the official SDK (`redirectToMfa`, so an
 * app that signs in with it and shows stackfx's handler, or that sends people here itself, works): the attempt
 * code waits in the tab's session storage under `hexclave_mfa_attempt_code` (`stack_mfa_attempt_code` for the
 * SDK before Hexclave). The six-digit code completes the sign-in; the stored code is then removed and the
 * after-sign-in redirect follows. stackfx's own pages ask for the code where the sign-in happened.
 */
import { type ReactNode, useEffect, useState } from "react"
import { MfaPrompt } from "../mfa-prompt.js"
import { RedirectStatus, useRedirect } from "../redirect.js"
import { Card } from "../ui.js"

/** The session-storage keys of the attempt code, the newer name first (the official SDK's mfa page). */
const MFA_ATTEMPT_CODE_KEYS = ["hexclave_mfa_attempt_code", "stack_mfa_attempt_code"] as const

interface SessionStorageLike {
  readonly getItem: (key: string) => string | null
  readonly removeItem: (key: string) => void
}

const tabStorage = (): SessionStorageLike | undefined => {
  try {
    return (globalThis as { readonly sessionStorage?: SessionStorageLike }).sessionStorage
  } catch {
    // A browser that refuses storage (a sandboxed frame) holds no attempt code.
    return undefined
  }
}

const storedAttemptCode = (): string | undefined => {
  const storage = tabStorage()
  for (const key of MFA_ATTEMPT_CODE_KEYS) {
    const code = storage?.getItem(key)
    if (code !== null && code !== undefined && code !== "") return code
  }
  return undefined
}

const forgetAttemptCode = (): void => {
  const storage = tabStorage()
  for (const key of MFA_ATTEMPT_CODE_KEYS) storage?.removeItem(key)
}

export function MfaPage(): ReactNode {
  const redirect = useRedirect()
  // Read once the page is in the browser (a server render has no session storage, and the first render in the
  // browser must match it); the code stays the one this page started with.
  const [stored, setStored] = useState<{ readonly attemptCode: string | undefined } | undefined>(undefined)
  useEffect(() => setStored({ attemptCode: storedAttemptCode() }), [])

  if (redirect.state._tag !== "Idle") return <RedirectStatus state={redirect.state} />
  if (stored === undefined) return <Card title="Two-factor authentication">{null}</Card>
  const attemptCode = stored.attemptCode
  if (attemptCode === undefined) {
    return (
      <Card title="Two-factor authentication">
        <p>There is no sign-in waiting for a code in this tab. Sign in again.</p>
      </Card>
    )
  }
  return (
    <Card title="Two-factor authentication">
      <MfaPrompt
        attemptCode={attemptCode}
        onSignedIn={(signedIn) => {
          forgetAttemptCode()
          redirect.afterAuth(signedIn)
        }}
      />
    </Card>
  )
}
