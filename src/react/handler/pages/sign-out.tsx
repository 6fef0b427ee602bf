/**
 * sign-out: ends the session on the server and here as soon as the page opens (it succeeds even when the
 * session was already over), then follows the after-sign-out target. The other tabs follow through the
 * provider's tab sync.
 */
import { type ReactNode, useEffect, useRef } from "react"
import { Auth } from "../../../services/generated/auth.js"
import { RedirectStatus, useRedirect } from "../redirect.js"
import { Button, Card, ErrorAlert } from "../ui.js"
import { useAction } from "../use-action.js"

export function SignOutPage(): ReactNode {
  const redirect = useRedirect()
  const signOut = useAction(() => Auth.use((auth) => auth.signOut))
  const started = useRef(false)
  const { toTarget } = redirect
  const { run } = signOut

  const start = async () => {
    const outcome = await run()
    if (outcome._tag === "Success") toTarget("afterSignOut")
  }

  useEffect(() => {
    // Once per page, StrictMode's second mount included.
    if (started.current) return
    started.current = true
    void start()
  }, [])

  if (redirect.state._tag !== "Idle") return <RedirectStatus state={redirect.state} />
  return (
    <Card title="Signing out…">
      {signOut.error === undefined ? (
        <p role="status" aria-live="polite">
          Signing you out…
        </p>
      ) : (
        <>
          <ErrorAlert error={signOut.error} />
          <div className="stackfx-stack">
            <Button onClick={() => void start()} pending={signOut.pending}>
              Try again
            </Button>
          </div>
        </>
      )}
    </Card>
  )
}
