/**
 * A team's settings, for members who may update the team: the permission is checked on the server. The
 * loader brings the user's teams from the server, so the page renders the team there and hydrates without a
 * request.
 */
import { createFileRoute } from "@tanstack/react-router"
import { useTeam } from "stackfx/react"
import { requireTeamPermission, useStackPageData } from "stackfx/react-start"
import { getTeamsData, hasTeamPermission } from "../session"

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
  loader: () => getTeamsData(),
  component: TeamSettings
})

function TeamSettings() {
  useStackPageData(Route.useLoaderData())
  const { teamId } = Route.useParams()
  const team = useTeam(teamId)
  return <h1>{team?.displayName ?? "Team"} settings</h1>
}
