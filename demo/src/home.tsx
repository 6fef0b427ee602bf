/** The home page: who is signed in, and where to go from here. */
import { Link } from "@tanstack/react-router"
import { type ReactNode, Suspense } from "react"
import { useProject, useStackApp, useUser } from "stackfx/react"
import { apiUrl } from "./config.js"

function Greeting(): ReactNode {
  const app = useStackApp()
  const user = useUser()
  const project = useProject()
  if (user === null) {
    return (
      <>
        <p>You are not signed in to {project.displayName}.</p>
        <p className="demo-actions">
          <a className="demo-button" href={app.urls.signIn}>
            Sign in
          </a>
          <a className="demo-button demo-secondary" href={app.urls.signUp}>
            Sign up
          </a>
        </p>
      </>
    )
  }
  return (
    <>
      <p>
        Signed in as <strong>{user.displayName ?? user.primaryEmail ?? user.id}</strong>
        {user.primaryEmail === null ? null : (
          <>
            {" "}
            {/* The e-mail in brackets only beside a name: without one it is already the bold part. */}(
            {user.displayName === null ? "" : `${user.primaryEmail}, `}
            {user.primaryEmailVerified ? "verified" : "not verified"})
          </>
        )}
        .
      </p>
      <p className="demo-actions">
        <Link className="demo-button" to="/teams">
          Your teams
        </Link>
        <a className="demo-button demo-secondary" href={app.urls.accountSettings}>
          Account settings
        </a>
      </p>
    </>
  )
}

export function HomePage(): ReactNode {
  return (
    <section>
      <h1>Welcome</h1>
      <p className="demo-muted">
        This app uses stackfx against the local backend: sign up, verify your email in the <MailboxLink />, set up
        two-factor authentication or a passkey, and build a team.
      </p>
      <Suspense fallback={<p className="demo-muted">Loading…</p>}>
        <Greeting />
      </Suspense>
    </section>
  )
}

function MailboxLink(): ReactNode {
  return (
    <a href={`${apiUrl}/mailbox`} target="_blank" rel="noreferrer">
      local mailbox
    </a>
  )
}
