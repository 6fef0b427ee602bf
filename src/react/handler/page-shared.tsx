/**
 * Small pieces several handler pages show: the loading card, the "already signed in" card, a visitor's
 * sign-in or sign-up card, the sign-in detour of pages that need a user, and the frame of the sign-in and
 * sign-up pages.
 */
import { type ComponentType, type ReactNode, Suspense, useEffect, useRef, useState } from "react"
import type { ClientUser } from "../../domain/user.js"
import { useHandlerPage } from "./context.js"
import { HandlerLink } from "./handler-link.js"
import { MfaPrompt } from "./mfa-prompt.js"
import { RedirectStatus, useRedirect } from "./redirect.js"
import { returningHere } from "./return-here.js"
import type { SignInCallbacks } from "./sign-in-methods.js"
import { Card } from "./ui.js"
import { useHandlerApp } from "./use-action.js"

export function Loading(): ReactNode {
  return (
    <Card title="Loading…" placeholder>
      <p role="status" aria-live="polite" className="stackfx-subtitle">
        Loading…
      </p>
    </Card>
  )
}

/** Who a user is, in words: their name, else their email, else their id. */
export const userLabel = (user: ClientUser): string => user.displayName ?? user.primaryEmail ?? user.id

/** A page of an emailed link that came without its code: `what` names the code ("reset", "invitation"). */
export function LinkWithoutCode(props: { readonly title: string; readonly what: string }): ReactNode {
  return (
    <Card title={props.title}>
      <p>{`This link has no ${props.what} code. Open the link from the email again.`}</p>
    </Card>
  )
}

export function AlreadySignedIn(props: { readonly user: ClientUser }): ReactNode {
  const app = useHandlerApp()
  return (
    <Card title="You are already signed in" subtitle={`Signed in as ${userLabel(props.user)}.`}>
      <div className="stackfx-row">
        <HandlerLink href={app.urls.home} button>
          Go home
        </HandlerLink>
        <HandlerLink href={app.urls.signOut} button>
          Sign out
        </HandlerLink>
      </div>
    </Card>
  )
}

/**
 * A visitor's way in from a page that acts on their account (an invitation, a command-line sign-in): a card
 * with Sign in and Sign up, each bringing them back to this page.
 */
export function SignInOrUpHere(props: { readonly title: string; readonly subtitle: string }): ReactNode {
  const app = useHandlerApp()
  const { currentUrl } = useHandlerPage()
  return (
    <Card title={props.title} subtitle={props.subtitle}>
      <div className="stackfx-row" style={{ marginTop: "1rem" }}>
        <HandlerLink href={returningHere(app.urls.signIn, currentUrl)} button>
          Sign in
        </HandlerLink>
        <HandlerLink href={returningHere(app.urls.signUp, currentUrl)} button>
          Sign up
        </HandlerLink>
      </div>
    </Card>
  )
}

/**
 * What a page that needs a user shows a visitor: it sends them to sign in, and after signing in (or signing
 * up from there) they come back to this page. `useUser({ or: "redirect" })` would bring them home instead,
 * since it never returns to a handler page.
 */
export function SignInFirst(): ReactNode {
  const app = useHandlerApp()
  const { currentUrl } = useHandlerPage()
  const redirect = useRedirect()
  const started = useRef(false)
  const { toUrl } = redirect
  useEffect(() => {
    // Once per page, StrictMode's second mount included.
    if (started.current) return
    started.current = true
    toUrl(returningHere(app.urls.signIn, currentUrl))
  }, [app, currentUrl, toUrl])
  return redirect.state._tag === "Idle" ? <Loading /> : <RedirectStatus state={redirect.state} />
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
