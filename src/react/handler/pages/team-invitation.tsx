/**
 * team-invitation: the page an invitation email opens (`?code=...`). A visitor learns the link is valid
 * (check) and is sent to sign in or sign up with a way back here; a signed-in person sees the team's name
 * (details) and joins it (accept).
 */
import { type ReactNode, Suspense, useState } from "react"
import { TeamInvitations } from "../../../services/generated/team-invitations.js"
import { useUser } from "../../hooks.js"
import { useQueryParam } from "../context.js"
import { HandlerLink } from "../handler-link.js"
import { Button, Card, ErrorAlert, Notice } from "../ui.js"
import { useAction, useHandlerApp, useLoadOnce } from "../use-action.js"
import { LinkWithoutCode, Loading, SignInOrUpHere, userLabel } from "../page-shared.js"

function VisitorInvitation(props: { readonly code: string }): ReactNode {
  const check = useAction((code: string) => TeamInvitations.use((invitations) => invitations.checkCode(code)))
  const checked = useLoadOnce(props.code, check.run)
  if (!checked.done) return <Loading />
  if (check.error !== undefined) {
    return (
      <Card title="Team invitation">
        <ErrorAlert error={check.error} />
      </Card>
    )
  }
  return (
    <SignInOrUpHere
      title="You are invited to a team"
      subtitle="Sign in or create an account to accept the invitation."
    />
  )
}

function MemberInvitation(props: { readonly code: string; readonly who: string }): ReactNode {
  const app = useHandlerApp()
  const [joined, setJoined] = useState(false)
  const [ignored, setIgnored] = useState(false)
  const details = useAction((code: string) => TeamInvitations.use((invitations) => invitations.details(code)))
  const accept = useAction((code: string) => TeamInvitations.use((invitations) => invitations.accept(code)))
  const loaded = useLoadOnce(props.code, details.run)
  if (!loaded.done) return <Loading />
  if (loaded.value === undefined) {
    return (
      <Card title="Team invitation">
        <ErrorAlert error={details.error} />
      </Card>
    )
  }
  const team = loaded.value.teamDisplayName
  if (joined || ignored) {
    return (
      <Card title={joined ? `You joined ${team}` : "Invitation ignored"}>
        {joined ? <Notice kind="success">You are now a member of {team}.</Notice> : null}
        <div className="stackfx-stack">
          <HandlerLink href={app.urls.home} button>
            Go home
          </HandlerLink>
        </div>
      </Card>
    )
  }
  return (
    <Card title={`Join ${team}?`} subtitle={`You are signed in as ${props.who}.`}>
      <div className="stackfx-row" style={{ marginTop: "1rem" }}>
        <Button
          pending={accept.pending}
          onClick={async () => {
            const outcome = await accept.run(props.code)
            if (outcome._tag === "Success") setJoined(true)
          }}
        >
          Accept invitation
        </Button>
        <Button variant="secondary" onClick={() => setIgnored(true)}>
          Ignore
        </Button>
      </div>
      <ErrorAlert error={accept.error} />
    </Card>
  )
}

function Invitation(props: { readonly code: string }): ReactNode {
  const user = useUser()
  return user === null ? (
    <VisitorInvitation code={props.code} />
  ) : (
    <MemberInvitation code={props.code} who={userLabel(user)} />
  )
}

export function TeamInvitationPage(): ReactNode {
  const code = useQueryParam("code")
  if (code === undefined) {
    return <LinkWithoutCode title="Team invitation" what="invitation" />
  }
  return (
    <Suspense fallback={<Loading />}>
      <Invitation code={code} />
    </Suspense>
  )
}
