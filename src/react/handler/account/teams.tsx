/** Account settings: the person's teams; create one (when the project allows it) or leave one. */
import { type FormEvent, type ReactNode } from "react"
import type { ClientTeam } from "../../../domain/team.js"
import { Teams } from "../../../services/teams/teams.js"
import { useProject, useTeams } from "../../hooks.js"
import { Button, ErrorAlert, Field, formValue } from "../ui.js"
import { useAction } from "../use-action.js"
import { Section } from "./section.js"

function TeamItem(props: { readonly team: ClientTeam }): ReactNode {
  const leave = useAction(() => Teams.use((teams) => teams.leave(props.team.id)))
  return (
    <li className="stackfx-list-item">
      <span>{props.team.displayName}</span>
      <Button variant="danger" pending={leave.pending} aria-label={`Leave ${props.team.displayName}`} onClick={() => void leave.run()}>
        Leave
      </Button>
      <ErrorAlert error={leave.error} />
    </li>
  )
}

export function TeamsSection(): ReactNode {
  const project = useProject()
  const teams = useTeams()
  const create = useAction((displayName: string) => Teams.use((teams) => teams.create({ displayName })))
  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const form = event.currentTarget
    const outcome = await create.run(formValue(form, "teamName").trim())
    if (outcome._tag === "Success") form.reset()
  }
  return (
    <Section title="Teams">
      {teams.length === 0
        ? <p className="stackfx-subtitle">You are not in any team.</p>
        : (
          <ul className="stackfx-list" aria-label="Your teams">
            {teams.map((team) => <TeamItem key={team.id} team={team} />)}
          </ul>
        )}
      {project.config.clientTeamCreationEnabled
        ? (
          <form className="stackfx-stack" onSubmit={onSubmit}>
            <Field label="Team name" name="teamName" required />
            <div className="stackfx-row">
              <Button type="submit" pending={create.pending}>Create team</Button>
            </div>
            <ErrorAlert error={create.error} />
          </form>
        )
        : null}
    </Section>
  )
}
