/**
 * The teams page: the signed-in person's teams; create one, and for the selected team its members, its
 * pending invitations, an invitation form and the person's own permissions in it. What is shown follows
 * those permissions (`$read_members`, `$invite_members`).
 */
import { type FormEvent, type ReactNode, Suspense, useState } from "react"
import { TeamInvitations, Teams } from "stackfx"
import { useStackApp, usePermissions, useTeamInvitations, useTeamMembers, useTeams, useUser } from "stackfx/react"
import { ErrorBoundary } from "./error-boundary.js"
import { useRun } from "./use-run.js"

const valueOf = (form: HTMLFormElement, name: string): string => {
  const value = new FormData(form).get(name)
  return typeof value === "string" ? value.trim() : ""
}

function Members(props: { readonly teamId: string; readonly userId: string }): ReactNode {
  const members = useTeamMembers(props.teamId)
  return (
    <ul aria-label="Members" className="demo-list">
      {members.map((member) => (
        <li key={member.userId}>
          {member.displayName ?? (
            <span className="demo-muted">Member without a name ({member.userId.slice(0, 8)})</span>
          )}
          {member.userId === props.userId ? " (you)" : null}
        </li>
      ))}
    </ul>
  )
}

function Invitations(props: { readonly teamId: string }): ReactNode {
  const invitations = useTeamInvitations(props.teamId)
  if (invitations.length === 0) return <p className="demo-muted">No pending invitations.</p>
  return (
    <ul aria-label="Pending invitations" className="demo-list">
      {invitations.map((invitation) => (
        <li key={invitation.id}>
          {invitation.recipientEmail}{" "}
          <span className="demo-muted">(expires {invitation.expiresAt.toLocaleDateString()})</span>
        </li>
      ))}
    </ul>
  )
}

function InviteForm(props: { readonly teamId: string }): ReactNode {
  const app = useStackApp()
  const { run, pending, error } = useRun()
  const [sentTo, setSentTo] = useState<string | undefined>(undefined)
  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const form = event.currentTarget
    const email = valueOf(form, "email")
    const callbackUrl = new URL(app.urls.teamInvitation, location.href).href
    const sent = await run(
      TeamInvitations.use((invitations) => invitations.send({ teamId: props.teamId, email, callbackUrl }))
    )
    if (sent !== undefined) {
      form.reset()
      setSentTo(email)
    }
  }
  return (
    <form onSubmit={onSubmit} className="demo-form" aria-label="Invite someone">
      <label htmlFor="invite-email">Email to invite</label>
      <input id="invite-email" name="email" type="email" required />
      <button type="submit" className="demo-button" disabled={pending}>
        Send invitation
      </button>
      {sentTo === undefined ? null : <p role="status">Invitation sent to {sentTo}.</p>}
      {error === undefined ? null : (
        <p role="alert" className="demo-error">
          {error}
        </p>
      )}
    </form>
  )
}

function TeamPanel(props: { readonly teamId: string; readonly name: string; readonly userId: string }): ReactNode {
  const permissions = usePermissions(props.teamId)
  const has = (id: string) => permissions.some((permission) => permission.id === id)
  return (
    <article className="demo-panel" aria-label={props.name}>
      <h2>{props.name}</h2>
      <h3>Your permissions</h3>
      <ul aria-label="Your permissions" className="demo-list demo-inline">
        {permissions.map((permission) => (
          <li key={permission.id}>
            <code>{permission.id}</code>
          </li>
        ))}
      </ul>
      <h3>Members</h3>
      {has("$read_members") ? (
        <ErrorBoundary>
          <Members teamId={props.teamId} userId={props.userId} />
        </ErrorBoundary>
      ) : (
        <p className="demo-muted">You may not see the members of this team.</p>
      )}
      {has("$invite_members") ? (
        <>
          <h3>Invitations</h3>
          {has("$read_members") ? (
            <ErrorBoundary>
              <Invitations teamId={props.teamId} />
            </ErrorBoundary>
          ) : null}
          <InviteForm teamId={props.teamId} />
        </>
      ) : null}
    </article>
  )
}

function CreateTeam(props: { readonly onCreated: (id: string) => void }): ReactNode {
  const { run, pending, error } = useRun()
  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const form = event.currentTarget
    const displayName = valueOf(form, "name")
    const created = await run(Teams.use((teams) => teams.create({ displayName })))
    if (created === undefined) return
    form.reset()
    props.onCreated(created.value.id)
  }
  return (
    <form onSubmit={onSubmit} className="demo-form" aria-label="Create a team">
      <label htmlFor="team-name">Team name</label>
      <input id="team-name" name="name" required />
      <button type="submit" className="demo-button" disabled={pending}>
        Create team
      </button>
      {error === undefined ? null : (
        <p role="alert" className="demo-error">
          {error}
        </p>
      )}
    </form>
  )
}

function TeamsList(): ReactNode {
  const user = useUser({ or: "redirect" })
  const teams = useTeams()
  const [selected, setSelected] = useState<string | undefined>(undefined)
  const current = teams.find((team) => team.id === selected) ?? teams[0]
  return (
    <div className="demo-teams">
      <aside>
        <ul aria-label="Your teams" className="demo-list">
          {teams.map((team) => (
            <li key={team.id}>
              <button
                type="button"
                className="demo-link-button"
                aria-pressed={team.id === current?.id}
                onClick={() => setSelected(team.id)}
              >
                {team.displayName}
              </button>
            </li>
          ))}
        </ul>
        <CreateTeam onCreated={setSelected} />
      </aside>
      {current === undefined ? (
        <p className="demo-muted">You are not in any team yet. Create one.</p>
      ) : (
        <ErrorBoundary key={current.id}>
          <Suspense fallback={<p className="demo-muted">Loading team…</p>}>
            <TeamPanel teamId={current.id} name={current.displayName} userId={user.id} />
          </Suspense>
        </ErrorBoundary>
      )}
    </div>
  )
}

export function TeamsPage(): ReactNode {
  return (
    <section>
      <h1>Teams</h1>
      <Suspense fallback={<p className="demo-muted">Loading…</p>}>
        <TeamsList />
      </Suspense>
    </section>
  )
}
