/**
 * Account settings: the person's teams; create one (when the project allows it) or leave one, and manage a
 * team's API keys where the person holds `$manage_api_keys` (when the project allows team keys).
 */
import { type FormEvent, type ReactNode, Suspense, useState } from "react"
import type { ClientTeam } from "../../../domain/team.js"
import { Teams } from "../../../services/generated/teams.js"
import { usePermission, usePreloadedQueries, useProject, useTeams } from "../../hooks.js"
import { permissionsQuery } from "../../queries.js"
import { Button, ErrorAlert, Field, formValue } from "../ui.js"
import { useAction } from "../use-action.js"
import { TeamApiKeysPanel } from "./api-keys.js"
import { Section } from "./section.js"

/** The service's permission for a team's keys; a team admin holds it through `team_admin`. */
const MANAGE_API_KEYS = "$manage_api_keys"

/** A team's API keys behind a toggle, for members allowed to manage them; nothing for the others. */
function TeamKeys(props: { readonly team: ClientTeam }): ReactNode {
  const permission = usePermission(props.team.id, MANAGE_API_KEYS)
  const [open, setOpen] = useState(false)
  if (permission === null) return null
  return (
    <div className="stackfx-stack" style={{ flexBasis: "100%", marginTop: 0 }}>
      <div className="stackfx-row">
        <Button
          variant="secondary"
          aria-expanded={open}
          aria-label={`${open ? "Hide API keys" : "API keys"} of ${props.team.displayName}`}
          onClick={() => setOpen((was) => !was)}
        >
          {open ? "Hide API keys" : "API keys"}
        </Button>
      </div>
      {open ? (
        <Suspense fallback={<p className="stackfx-subtitle">Loading API keys…</p>}>
          <TeamApiKeysPanel teamId={props.team.id} teamName={props.team.displayName} />
        </Suspense>
      ) : null}
    </div>
  )
}

function TeamItem(props: { readonly team: ClientTeam; readonly teamKeys: boolean }): ReactNode {
  const leave = useAction(() => Teams.use((teams) => teams.leave(props.team.id)))
  return (
    <li className="stackfx-list-item">
      <span>{props.team.displayName}</span>
      <Button
        variant="danger"
        pending={leave.pending}
        aria-label={`Leave ${props.team.displayName}`}
        onClick={() => void leave.run()}
      >
        Leave
      </Button>
      <ErrorAlert error={leave.error} />
      {props.teamKeys ? <TeamKeys team={props.team} /> : null}
    </li>
  )
}

export function TeamsSection(): ReactNode {
  const project = useProject()
  const teams = useTeams()
  // Whether each team shows its API keys is known before the page shows: a button appearing afterwards pushed
  // everything below it down, under a pointer already on its way to a button there (the page's delete button).
  usePreloadedQueries(project.config.allowTeamApiKeys ? teams.map((team) => permissionsQuery(team.id)) : [])
  const create = useAction((displayName: string) => Teams.use((teams) => teams.create({ displayName })))
  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const form = event.currentTarget
    const outcome = await create.run(formValue(form, "teamName").trim())
    if (outcome._tag === "Success") form.reset()
  }
  return (
    <Section title="Teams">
      {teams.length === 0 ? (
        <p className="stackfx-subtitle">You are not in any team.</p>
      ) : (
        <ul className="stackfx-list" aria-label="Your teams">
          {teams.map((team) => (
            <TeamItem key={team.id} team={team} teamKeys={project.config.allowTeamApiKeys} />
          ))}
        </ul>
      )}
      {project.config.clientTeamCreationEnabled ? (
        <form className="stackfx-stack" onSubmit={onSubmit}>
          <Field label="Team name" name="teamName" required />
          <div className="stackfx-row">
            <Button type="submit" pending={create.pending}>
              Create team
            </Button>
          </div>
          <ErrorAlert error={create.error} />
        </form>
      ) : null}
    </Section>
  )
}
