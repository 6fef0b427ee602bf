/**
 * email-verification: the page an emailed verification link opens (`?code=...`). The code is redeemed on
 * a click rather than on load, because mail scanners open links too and would use it up.
 */
import { type ReactNode, useState } from "react"
import { Auth } from "../../../services/generated/auth.js"
import { useQueryParam } from "../context.js"
import { LinkWithoutCode } from "../page-shared.js"
import { HandlerLink } from "../handler-link.js"
import { Button, Card, ErrorAlert, Notice } from "../ui.js"
import { useAction, useHandlerApp } from "../use-action.js"

export function EmailVerificationPage(): ReactNode {
  const app = useHandlerApp()
  const code = useQueryParam("code")
  const [verified, setVerified] = useState(false)
  const verify = useAction((code: string) => Auth.use((auth) => auth.verifyEmail(code)))
  if (code === undefined) {
    return <LinkWithoutCode title="Verify your email" what="verification" />
  }
  if (verified) {
    return (
      <Card title="Email verified">
        <Notice kind="success">Your email has been verified.</Notice>
        <div className="stackfx-stack">
          {/* A user who had to verify it first is a full user now (verifyEmail renewed their token). */}
          <HandlerLink href={app.urls.afterSignIn} button>
            Continue
          </HandlerLink>
        </div>
      </Card>
    )
  }
  return (
    <Card title="Verify your email" subtitle="Confirm that this email address is yours.">
      <div className="stackfx-stack">
        <Button
          block
          pending={verify.pending}
          onClick={async () => {
            const outcome = await verify.run(code)
            if (outcome._tag === "Success") setVerified(true)
          }}
        >
          Verify email
        </Button>
        <ErrorAlert error={verify.error} />
      </div>
    </Card>
  )
}
