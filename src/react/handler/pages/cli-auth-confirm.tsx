/**
 * cli-auth-confirm: the page a command-line program sends the person to (`?login_code=...`, the URL
 * `cliAuthConfirmUrl` builds; the official SDK names the page the same). A visitor signs in (or up) and is
 * brought back; a signed-in person confirms, which hands the program this browser's session
 * (`CliLogin.complete`), and the program's next poll is signed in.
 */
import { type ReactNode, Suspense, useState } from "react"
import { CliLogin } from "../../../services/generated/cli-login.js"
import { useUser } from "../../hooks.js"
import { useQueryParam } from "../context.js"
import { Button, Card, ErrorAlert, Notice } from "../ui.js"
import { useAction } from "../use-action.js"
import { Loading, SignInOrUpHere, userLabel } from "../page-shared.js"

function VisitorConfirm(): ReactNode {
  return (
    <SignInOrUpHere
      title="Authorize a command-line program"
      subtitle="Sign in to the account the program should use."
    />
  )
}

function MemberConfirm(props: { readonly loginCode: string; readonly who: string }): ReactNode {
  const [done, setDone] = useState(false)
  const complete = useAction((loginCode: string) => CliLogin.use((cli) => cli.complete(loginCode)))
  if (done) {
    return (
      <Card title="Command-line program authorized">
        <Notice kind="success">
          The program is signed in as {props.who}. You can close this window and go back to it.
        </Notice>
      </Card>
    )
  }
  return (
    <Card title="Authorize a command-line program?" subtitle={`You are signed in as ${props.who}.`}>
      <p>
        A program on a command line asked to use your account. Authorize it only if you started it yourself just now: it
        gets the same access as this browser. Nobody will ever send you this link in an e-mail or a message.
      </p>
      <div className="stackfx-row" style={{ marginTop: "1rem" }}>
        <Button
          pending={complete.pending}
          onClick={async () => {
            const outcome = await complete.run(props.loginCode)
            if (outcome._tag === "Success") setDone(true)
          }}
        >
          Authorize
        </Button>
      </div>
      <ErrorAlert error={complete.error} />
    </Card>
  )
}

function Confirm(props: { readonly loginCode: string }): ReactNode {
  const user = useUser()
  return user === null ? <VisitorConfirm /> : <MemberConfirm loginCode={props.loginCode} who={userLabel(user)} />
}

export function CliAuthConfirmPage(): ReactNode {
  const loginCode = useQueryParam("login_code")
  if (loginCode === undefined) {
    return (
      <Card title="Authorize a command-line program">
        <p>This link has no login code. Start the sign-in from the command line again and open the link it shows.</p>
      </Card>
    )
  }
  return (
    <Suspense fallback={<Loading />}>
      <Confirm loginCode={loginCode} />
    </Suspense>
  )
}
