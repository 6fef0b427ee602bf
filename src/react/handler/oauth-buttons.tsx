/**
 * One button per OAuth provider the project enables (its client config). A click prepares the flow (code
 * verifier cookie, state) and sends the browser to the service's authorize URL; the person comes back on
 * the oauth-callback page. A page's `after_auth_return_to` travels as the flow's after-callback URL.
 */
import { type ReactNode, useState } from "react"
import { OAuth } from "../../services/generated/oauth.js"
import { returnToOf } from "../../services/navigation/redirects.js"
import { useHandlerPage } from "./context.js"
import { Button, ErrorAlert } from "./ui.js"
import { useAction, useHandlerApp } from "./use-action.js"

const providerNames: Readonly<Record<string, string>> = {
  apple: "Apple",
  bitbucket: "Bitbucket",
  discord: "Discord",
  facebook: "Facebook",
  github: "GitHub",
  gitlab: "GitLab",
  google: "Google",
  linkedin: "LinkedIn",
  microsoft: "Microsoft",
  spotify: "Spotify",
  twitch: "Twitch",
  x: "X"
}

/** `"github"` -> `"GitHub"`; an unknown id is shown capitalised. */
export const providerDisplayName = (id: string): string =>
  providerNames[id.toLowerCase()] ?? `${id.charAt(0).toUpperCase()}${id.slice(1)}`

/** Full-page navigation: the authorize URL is on the service's origin, never a route of the app. */
const leavePage = (url: string): void => {
  ;(globalThis as { readonly location?: { assign(url: string): void } }).location?.assign(url)
}

export function OAuthButtons(props: {
  readonly providers: ReadonlyArray<string>
  readonly verb: "Sign in" | "Sign up"
}): ReactNode {
  const app = useHandlerApp()
  const { currentUrl } = useHandlerPage()
  const [leaving, setLeaving] = useState<string | undefined>(undefined)
  const start = useAction((provider: string) => {
    const returnTo = returnToOf(currentUrl)
    return OAuth.use((oauth) =>
      oauth.signIn({
        provider,
        redirectUrl: app.urls.oauthCallback,
        errorRedirectUrl: app.urls.error,
        // Absolute, as the service stores it; the callback page checks it against the redirect-trust rule.
        ...(returnTo === undefined ? {} : { afterCallbackRedirectUrl: new URL(returnTo, currentUrl).href })
      })
    )
  })

  if (props.providers.length === 0) return null
  const onClick = async (provider: string) => {
    const outcome = await start.run(provider)
    if (outcome._tag !== "Success") return
    setLeaving(provider)
    leavePage(outcome.value)
  }
  return (
    <div className="stackfx-stack">
      {props.providers.map((provider) => (
        <Button
          key={provider}
          variant="secondary"
          block
          pending={start.pending || leaving === provider}
          onClick={() => void onClick(provider)}
        >
          {props.verb} with {providerDisplayName(provider)}
        </Button>
      ))}
      <ErrorAlert error={start.error} />
    </div>
  )
}
