/** A team's settings, for members who may update the team: the permission is checked on the server. */
import { createFileRoute } from "@tanstack/react-router"
import { useTeam } from "stackfx/react"
import { requireTeamPermission } from "stackfx/react-start"
import { hasTeamPermission } from "../session"

export const Route = createFileRoute("/teams/$teamId")({
  beforeLoad: async ({ context, location, params }) => ({
    user: await requireTeamPermission({
      snapshot: context.stack,
      location,
      teamId: params.teamId,
      permissionId: "$update_team",
      check: (data) => hasTeamPermission({ data })
    })
  }),
  component: TeamSettings
})

function TeamSettings() {
  const { teamId } = Route.useParams()
  const team = useTeam(teamId)
  return <h1>{team?.displayName ?? "Team"} settings</h1>
}
