import { createFileRoute, Link } from "@tanstack/react-router"
import { useUser } from "stackfx/react"

export const Route = createFileRoute("/")({ component: Home })

function Home() {
  const user = useUser()
  return user === null ? (
    <p>
      You are not signed in. <Link to="/handler/$" params={{ _splat: "sign-in" }}>Sign in</Link>
    </p>
  ) : (
    <p>Signed in as {user.displayName ?? user.primaryEmail}.</p>
  )
}
