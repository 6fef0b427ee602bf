/** Small pieces several handler pages show: the loading card and the "already signed in" card. */
import type { ReactNode } from "react"
import type { ClientUser } from "../../../domain/user.js"
import { HandlerLink } from "../handler-link.js"
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
