/**
 * agent-auth-confirm: the page an agent's confirm URL opens (`?code=XXXX-XXXX`, the link `/agent/register`
 * answers; the official SDK names the page the same). A visitor signs in (or up) and is brought back; a
 * signed-in person sees who asks (the agent's name, what it means to do, its site, who it expects to approve)
 * and approves, which gives the agent a session of its own on their account, or denies it.
 */
import { type ReactNode, Suspense, useState } from "react"
import type { AgentConfirmAnswer } from "../../../domain/agent-auth.js"
import { AgentAuth } from "../../../services/generated/agent-auth.js"
import { useUser } from "../../hooks.js"
import { useQueryParam } from "../context.js"
import { Button, Card, ErrorAlert, Notice } from "../ui.js"
import { useAction, useLoadOnce } from "../use-action.js"
import { LinkWithoutCode, Loading, SignInOrUpHere, userLabel } from "../page-shared.js"

const TITLE = "Authorize an AI agent"

function Decided(props: { readonly approved: boolean; readonly agent: string; readonly who: string }): ReactNode {
  return (
    <Card title={props.approved ? "Agent authorized" : "Agent refused"}>
      <Notice kind={props.approved ? "success" : "info"}>
        {props.approved
          ? `${props.agent} can now act as ${props.who}. You can end its session at any time in your account settings.`
          : `${props.agent} was refused and gets no access to your account.`}
      </Notice>
    </Card>
  )
}

/** Who asks, as the person must see it before deciding. */
function Request(props: { readonly answer: AgentConfirmAnswer }): ReactNode {
  const { agent, userHint } = props.answer
  return (
    <dl className="stackfx-stack" aria-label="The agent asking for access">
      <div>
        <dt>Agent</dt>
        <dd>{agent.name}</dd>
      </div>
      {agent.description === null ? null : (
        <div>
          <dt>What it wants to do</dt>
          <dd>{agent.description}</dd>
        </div>
      )}
      {agent.url === null ? null : (
        <div>
          <dt>Its website</dt>
          {/* Shown as text, not a link: the agent chose it, and nothing here should send the person away. */}
          <dd>{agent.url}</dd>
        </div>
      )}
      {userHint === null ? null : (
        <div>
          <dt>Expected approver</dt>
          <dd>{userHint}</dd>
        </div>
      )}
    </dl>
  )
}

function MemberConfirm(props: { readonly code: string; readonly who: string }): ReactNode {
  const [decided, setDecided] = useState<"approved" | "denied" | undefined>(undefined)
  const inspect = useAction((code: string) => AgentAuth.use((agent) => agent.inspect(code)))
  const approve = useAction((code: string) => AgentAuth.use((agent) => agent.approve(code)))
  const deny = useAction((code: string) => AgentAuth.use((agent) => agent.deny(code)))
  const loaded = useLoadOnce(props.code, inspect.run)
  if (!loaded.done) return <Loading />
  if (loaded.value === undefined) {
    return (
      <Card title={TITLE}>
        <ErrorAlert error={inspect.error} />
      </Card>
    )
  }
  const name = loaded.value.agent.name
  if (decided !== undefined) return <Decided approved={decided === "approved"} agent={name} who={props.who} />
  const busy = approve.pending || deny.pending
  return (
    <Card title={`Authorize ${name}?`} subtitle={`You are signed in as ${props.who}.`}>
      <p>
        An AI agent asks to act as you in this app. If you approve, it gets its own session with the same access as your
        account. Approve only an agent you started yourself just now.
      </p>
      <Request answer={loaded.value} />
      <div className="stackfx-row" style={{ marginTop: "1rem" }}>
        <Button
          pending={approve.pending}
          disabled={busy}
          onClick={async () => {
            const outcome = await approve.run(props.code)
            if (outcome._tag === "Success") setDecided("approved")
          }}
        >
          Approve
        </Button>
        <Button
          variant="secondary"
          pending={deny.pending}
          disabled={busy}
          onClick={async () => {
            const outcome = await deny.run(props.code)
            if (outcome._tag === "Success") setDecided("denied")
          }}
        >
          Deny
        </Button>
      </div>
      <ErrorAlert error={approve.error ?? deny.error} />
    </Card>
  )
}

function Confirm(props: { readonly code: string }): ReactNode {
  const user = useUser()
  return user === null ? (
    <SignInOrUpHere title={TITLE} subtitle="Sign in to the account the agent should use." />
  ) : (
    <MemberConfirm code={props.code} who={userLabel(user)} />
  )
}

export function AgentAuthConfirmPage(): ReactNode {
  const code = useQueryParam("code")
  if (code === undefined) return <LinkWithoutCode title={TITLE} what="agent's request" />
  return (
    <Suspense fallback={<Loading />}>
      <Confirm code={code} />
    </Suspense>
  )
}
