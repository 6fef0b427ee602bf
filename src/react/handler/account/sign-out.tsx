/**
 * Account settings: signing out, as the official SDK's account settings offers. The page runs it (as it runs
 * the account's deletion), since the page is what the session's end takes away.
 */
import type { ReactNode } from "react"
import { Button, ErrorAlert } from "../ui.js"
import type { AccountDeletion } from "./delete-account.js"
import { Section } from "./section.js"

/** The sign-out to run, with its pending state and failure (the same shape as the deletion's). */
export type AccountSignOut = AccountDeletion

export function SignOutSection(props: { readonly signOut: AccountSignOut }): ReactNode {
  const { signOut } = props
  return (
    <Section title="Sign out" description="Ends this session on this device; your other sessions stay signed in.">
      <div className="stackfx-row">
        <Button variant="secondary" pending={signOut.pending} onClick={() => void signOut.run()}>
          Sign out
        </Button>
      </div>
      <ErrorAlert error={signOut.error} />
    </Section>
  )
}
