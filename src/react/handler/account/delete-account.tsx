/**
 * Account settings: deleting the account, shown only when the project lets clients delete their user
 * (`clientUserDeletionEnabled`). It cannot be undone, so it takes two steps: opening the confirmation, then
 * ticking a box that says so before the delete button does anything (the box is `required`, so the browser
 * itself refuses the form and says why). The page runs the deletion, since the page is what goes away.
 */
import { type FormEvent, type ReactNode, useState } from "react"
import { Button, Checkbox, ErrorAlert } from "../ui.js"
import { Section } from "./section.js"

export const DELETE_ACCOUNT_CONFIRMATION = "I understand that my account and its data will be deleted for good."

export interface AccountDeletion {
  readonly run: () => Promise<void>
  readonly pending: boolean
  readonly error: unknown
}

export function DeleteAccountSection(props: { readonly deletion: AccountDeletion }): ReactNode {
  const [confirming, setConfirming] = useState(false)
  const { deletion } = props
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    void deletion.run()
  }
  return (
    <Section title="Delete account" description="Deleting your account signs you out and cannot be undone.">
      {confirming ? (
        <form className="stackfx-stack" onSubmit={onSubmit}>
          <Checkbox label={DELETE_ACCOUNT_CONFIRMATION} name="confirmDeletion" required autoFocus />
          <div className="stackfx-row">
            <Button type="submit" variant="danger" pending={deletion.pending}>
              Delete my account
            </Button>
            <Button variant="secondary" disabled={deletion.pending} onClick={() => setConfirming(false)}>
              Cancel
            </Button>
          </div>
          <ErrorAlert error={deletion.error} />
        </form>
      ) : (
        <div className="stackfx-row">
          <Button variant="danger" onClick={() => setConfirming(true)}>
            Delete account
          </Button>
        </div>
      )}
    </Section>
  )
}
