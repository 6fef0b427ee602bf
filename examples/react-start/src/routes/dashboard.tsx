/** A page for signed-in users only: the guard sends a visitor to sign-in, on the server and on navigation. */
import { createFileRoute } from "@tanstack/react-router"
import { useUser } from "stackfx/react"
import { requireUser } from "stackfx/react-start"

export const Route = createFileRoute("/dashboard")({
  beforeLoad: ({ context, location }) => ({ user: requireUser({ snapshot: context.stack, location }) }),
  component: Dashboard
})

function Dashboard() {
  const user = useUser({ or: "throw" })
  return (
    <section>
      <h1>Dashboard</h1>
      <p className="dashboard-user">Welcome, {user.displayName ?? user.primaryEmail}</p>
    </section>
  )
}
