/**
 * error: where the service sends the browser when a flow fails outside the app (an OAuth provider refused,
 * a redirect URL was not trusted, ...). The query carries `errorCode`, `message` and `details`; an error a
 * project admin must fix in the domain settings gets the production-mode fix link.
 */
import type { ReactNode } from "react"
import { useQueryParam } from "../context.js"
import { HandlerLink } from "../handler-link.js"
import { Card, ErrorAlert } from "../ui.js"
import { useHandlerApp } from "../use-action.js"

/** `REDIRECT_URL_NOT_WHITELISTED` -> `RedirectUrlNotWhitelisted`, the tag of the known error. */
export const tagOfCode = (code: string): string =>
  code
    .toLowerCase()
    .split("_")
    .map((word) => `${word.charAt(0).toUpperCase()}${word.slice(1)}`)
    .join("")

export function ErrorPage(): ReactNode {
  const app = useHandlerApp()
  // Every hook runs on every render: no `??` between the calls.
  const errorCode = useQueryParam("errorCode")
  const oauthError = useQueryParam("error")
  const errorMessage = useQueryParam("message")
  const oauthDescription = useQueryParam("error_description")
  const code = errorCode ?? oauthError
  const message = errorMessage ?? oauthDescription
  const error = {
    _tag: code === undefined ? "Unknown" : tagOfCode(code),
    message: message ?? "An unknown error occurred."
  }
  return (
    <Card title="Something went wrong">
      <ErrorAlert error={error} />
      {code === undefined ? null : <p className="stackfx-subtitle">Error code: {code}</p>}
      <div className="stackfx-row" style={{ marginTop: "1rem" }}>
        <HandlerLink href={app.urls.signIn} button>
          Sign in
        </HandlerLink>
        <HandlerLink href={app.urls.home} button>
          Go home
        </HandlerLink>
      </div>
    </Card>
  )
}
