/** Small pieces several handler pages show: the loading card and the "already signed in" card. */
import { type ComponentType, type ReactNode, Suspense, useState } from "react"
import type { ClientUser } from "../../../domain/user.js"
import { HandlerLink } from "../handler-link.js"
import { MfaPrompt } from "../mfa-prompt.js"
import { RedirectStatus, useRedirect } from "../redirect.js"
import type { SignInCallbacks } from "../sign-in-methods.js"
import { Card } from "../ui.js"
import { useHandlerApp } from "../use-action.js"

export function Loading(): ReactNode {
  return (
    <Card title="Loading…">
      <p role="status" aria-live="polite" className="stackfx-subtitle">Loading…</p>
    </Card>
  )
}

/** Who a user is, in words: their name, else their email, else their id. */
export const userLabel = (user: ClientUser): string => user.displayName ?? user.primaryEmail ?? user.id

export function AlreadySignedIn(props: { readonly user: ClientUser }): ReactNode {
  const app = useHandlerApp()
  return (
    <Card title="You are already signed in" subtitle={`Signed in as ${userLabel(props.user)}.`}>
      <div className="stackfx-row">
        <HandlerLink href={app.urls.home} button>Go home</HandlerLink>
        <HandlerLink href={app.urls.signOut} button>Sign out</HandlerLink>
      </div>
    </Card>
  )
}

/**
 * The frame of the sign-in and sign-up pages: the redirect after success, and the TOTP prompt when the
 * answer says MFA is required; `Methods` renders the page's own ways to authenticate.
 */
export function AuthPage(props: { readonly Methods: ComponentType<SignInCallbacks> }): ReactNode {
  const redirect = useRedirect()
  const [attemptCode, setAttemptCode] = useState<string | undefined>(undefined)
  if (redirect.state._tag !== "Idle") return <RedirectStatus state={redirect.state} />
  if (attemptCode !== undefined) {
    return (
      <Card title="Two-factor authentication">
        <MfaPrompt attemptCode={attemptCode} onSignedIn={redirect.afterAuth} />
      </Card>
    )
  }
  const { Methods } = props
  return (
    <Suspense fallback={<Loading />}>
      <Methods onSignedIn={redirect.afterAuth} onMfaRequired={setAttemptCode} />
    </Suspense>
  )
}
