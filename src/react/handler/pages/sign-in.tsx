/**
 * sign-in: every method the project enables (OAuth providers, email and password, emailed link, passkey),
 * the MFA prompt when the account asks for it, then the after-sign-in (or after-sign-up) redirect that
 * honours `after_auth_return_to`.
 */
import * as Result from "effect/Result"
import { type ReactNode, useState } from "react"
import { redirectUrlFor } from "../../../services/navigation/redirects.js"
import { useProject, useUser } from "../../hooks.js"
import { useHandlerPage } from "../context.js"
import { HandlerLink } from "../handler-link.js"
import { OAuthButtons } from "../oauth-buttons.js"
import {
  CredentialSignInForm,
  MagicLinkSignInForm,
  PasskeySignInButton,
  type SignInCallbacks
} from "../sign-in-methods.js"
import { Card, Tabs } from "../ui.js"
import { useHandlerApp } from "../use-action.js"
import { AlreadySignedIn, AuthPage } from "../page-shared.js"

type Method = "password" | "magic-link"

function SignInMethods(props: SignInCallbacks): ReactNode {
  const app = useHandlerApp()
  const { currentUrl } = useHandlerPage()
  const project = useProject()
  const user = useUser()
  const config = project.config
  const [method, setMethod] = useState<Method>(config.credentialEnabled ? "password" : "magic-link")
  if (user !== null) return <AlreadySignedIn user={user} />

  const signUpUrl = Result.getOrElse(redirectUrlFor(app.urls, "signUp", { currentUrl }), () => app.urls.signUp)
  const providers = config.enabledOauthProviders.map((provider) => provider.id)
  const tabs = [
    ...(config.credentialEnabled ? [{ id: "password" as const, label: "Password" }] : []),
    ...(config.magicLinkEnabled ? [{ id: "magic-link" as const, label: "Email link" }] : [])
  ]
  const hasEmailMethods = tabs.length > 0
  return (
    <Card
      title={`Sign in to ${project.displayName}`}
      subtitle={
        config.signUpEnabled ? (
          <>
            Don't have an account? <HandlerLink href={signUpUrl}>Sign up</HandlerLink>
          </>
        ) : undefined
      }
    >
      <OAuthButtons providers={providers} verb="Sign in" />
      {providers.length > 0 && (hasEmailMethods || config.passkeyEnabled) ? (
        <div className="stackfx-divider">or</div>
      ) : null}
      {tabs.length > 1 ? <Tabs label="Sign-in method" tabs={tabs} selected={method} onSelect={setMethod} /> : null}
      {hasEmailMethods ? (
        method === "password" && config.credentialEnabled ? (
          <CredentialSignInForm {...props} />
        ) : (
          <MagicLinkSignInForm {...props} />
        )
      ) : null}
      {config.passkeyEnabled ? <PasskeySignInButton {...props} /> : null}
      {!hasEmailMethods && !config.passkeyEnabled && providers.length === 0 ? (
        <p>This project has no sign-in method enabled.</p>
      ) : null}
    </Card>
  )
}

export function SignInPage(): ReactNode {
  return <AuthPage Methods={SignInMethods} />
}
