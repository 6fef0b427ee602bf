/**
 * A page for signed-in users only: the guard sends a visitor to sign-in, on the server and on navigation. Its
 * loader brings the user's teams from the server, so the page renders them there and hydrates without a request.
 */
import { createFileRoute, Link } from "@tanstack/react-router"
import { useTeams, useUser } from "stackfx/react"
import { requireUser, useStackPageData } from "stackfx/react-start"
import { getTeamsData } from "../session"

export const Route = createFileRoute("/dashboard")({
  beforeLoad: ({ context, location }) => ({ user: requireUser({ snapshot: context.stack, location }) }),
  loader: () => getTeamsData(),
  component: Dashboard
})

function Dashboard() {
  useStackPageData(Route.useLoaderData())
  const user = useUser({ or: "throw" })
  const teams = useTeams()
  return (
    <section>
      <h1>Dashboard</h1>
      <p className="dashboard-user">Welcome, {user.displayName ?? user.primaryEmail}</p>
      <ul aria-label="Team settings">
        {teams.map((team) => (
          <li key={team.id}>
            <Link to="/teams/$teamId" params={{ teamId: team.id }}>
              {team.displayName}
            </Link>
          </li>
        ))}
      </ul>
    </section>
  )
}
