/**
 * Account settings: the team invitations sent to the person's verified e-mail addresses, each with its
 * team's name and an Accept button that joins the team by the invitation's id, without the e-mailed link.
 * The accept reloads this list and the Teams section, which then shows the team. The official SDK shows no
 * such section (it offers `user.useTeamInvitations()` only); with none pending this one says so in a line.
 */
import type { ReactNode } from "react"
import type { TeamInvitation } from "../../../domain/team-invitation.js"
import { TeamInvitations } from "../../../services/generated/team-invitations.js"
import { useReceivedTeamInvitations } from "../../hooks.js"
import { Button, ErrorAlert } from "../ui.js"
import { useAction } from "../use-action.js"
import { Section } from "./section.js"

const day = (date: Date): string => date.toLocaleDateString(undefined, { dateStyle: "medium" })

function InvitationItem(props: { readonly invitation: TeamInvitation }): ReactNode {
  const { invitation } = props
  const accept = useAction(() => TeamInvitations.use((invitations) => invitations.acceptById(invitation.id)))
  return (
    <li className="stackfx-list-item">
      <span>
        {invitation.teamDisplayName}
        <br />
        <span className="stackfx-subtitle">
          Sent to {invitation.recipientEmail} · expires {day(invitation.expiresAt)}
        </span>
      </span>
      <Button
        pending={accept.pending}
        aria-label={`Accept the invitation to ${invitation.teamDisplayName}`}
        onClick={() => void accept.run()}
      >
        Accept
      </Button>
      <ErrorAlert error={accept.error} />
    </li>
  )
}

export function InvitationsSection(): ReactNode {
  const invitations = useReceivedTeamInvitations()
  return (
    <Section title="Team invitations">
      {invitations.length === 0 ? (
        <p className="stackfx-subtitle">No pending invitations.</p>
      ) : (
        <ul className="stackfx-list" aria-label="Team invitations">
          {invitations.map((invitation) => (
            <InvitationItem key={invitation.id} invitation={invitation} />
          ))}
        </ul>
      )}
    </Section>
  )
}
