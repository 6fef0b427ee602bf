/**
 * sign-up: email, password and its confirmation ('Passwords do not match.' is checked before
 * anything is sent), the OAuth providers, or an emailed link when passwords are off; the new account gets
 * a verification email pointing at the email-verification page, then the after-sign-up redirect.
 */
import * as Result from "effect/Result"
import type { FormEvent, ReactNode } from "react"
import { SignUpNotEnabled } from "../../../errors/known/sign-in.js"
import { Auth } from "../../../services/generated/auth.js"
import { redirectUrlFor } from "../../../services/navigation/redirects.js"
import { useProject, useUser } from "../../hooks.js"
import { useHandlerPage } from "../context.js"
import { HandlerLink } from "../handler-link.js"
import { OAuthButtons } from "../oauth-buttons.js"
import { MagicLinkSignInForm, type SignInCallbacks } from "../sign-in-methods.js"
import { Button, Card, ErrorAlert, Field, formValue, NewPasswordFields } from "../ui.js"
import { useAction, useHandlerApp } from "../use-action.js"
import { AlreadySignedIn, AuthPage } from "../page-shared.js"

function CredentialSignUpForm(props: SignInCallbacks): ReactNode {
  const app = useHandlerApp()
  const { currentUrl } = useHandlerPage()
  const signUp = useAction((email: string, password: string, passwordConfirmation: string) =>
    Auth.use((auth) =>
      auth.signUpWithCredential({
        email,
        password,
        passwordConfirmation,
        // Sent as is, so it must be absolute: the email links to it.
        verificationCallbackUrl: new URL(app.urls.emailVerification, currentUrl).href
      })
    )
  )
  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const form = event.currentTarget
    const outcome = await signUp.run(
      formValue(form, "email").trim(),
      formValue(form, "password"),
      formValue(form, "passwordConfirmation")
    )
    if (outcome._tag === "Success") props.onSignedIn(outcome.value)
  }
  return (
    <form className="stackfx-stack" onSubmit={onSubmit}>
      <Field label="Email" name="email" type="email" autoComplete="email" required />
      <NewPasswordFields name="password" label="Password" />
      <Button type="submit" block pending={signUp.pending}>
        Sign up
      </Button>
      <ErrorAlert error={signUp.error} />
    </form>
  )
}

function SignUpMethods(props: SignInCallbacks): ReactNode {
  const app = useHandlerApp()
  const { currentUrl } = useHandlerPage()
  const project = useProject()
  const user = useUser()
  if (user !== null) return <AlreadySignedIn user={user} />
  const config = project.config
  const signInUrl = Result.getOrElse(redirectUrlFor(app.urls, "signIn", { currentUrl }), () => app.urls.signIn)
  const subtitle = (
    <>
      Already have an account? <HandlerLink href={signInUrl}>Sign in</HandlerLink>
    </>
  )
  if (!config.signUpEnabled) {
    return (
      <Card title="Sign up" subtitle={subtitle}>
        <ErrorAlert error={new SignUpNotEnabled({})} />
      </Card>
    )
  }
  const providers = config.enabledOauthProviders.map((provider) => provider.id)
  const hasEmailMethod = config.credentialEnabled || config.magicLinkEnabled
  return (
    <Card title={`Create an account for ${project.displayName}`} subtitle={subtitle}>
      <OAuthButtons providers={providers} verb="Sign up" />
      {providers.length > 0 && hasEmailMethod ? <div className="stackfx-divider">or</div> : null}
      {config.credentialEnabled ? (
        <CredentialSignUpForm {...props} />
      ) : config.magicLinkEnabled ? (
        <MagicLinkSignInForm {...props} />
      ) : null}
    </Card>
  )
}

export function SignUpPage(): ReactNode {
  return <AuthPage Methods={SignUpMethods} />
}
