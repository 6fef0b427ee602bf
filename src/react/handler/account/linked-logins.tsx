/**
 * Account settings: the person's linked logins (the provider accounts linked to them, the hosted SDK's
 * `listOAuthProviders`). Per account: turn signing in with it on or off, turn connected access (the app
 * acting at the provider with its tokens) on or off, or remove it; and link another account of a provider
 * the project offers. The official account settings have no such section; the name is this package's.
 *
 * The service keeps no rule about a last sign-in method, so neither does this page: it says so before the
 * one account that signs the person in is turned off or removed when no password is set.
 */
import * as Effect from "effect/Effect"
import { type ReactNode, useState } from "react"
import type { OAuthProvider } from "../../../domain/oauth-provider.js"
import type { ClientUser } from "../../../domain/user.js"
import { OAuth } from "../../../services/generated/oauth.js"
import { OAuthProviders } from "../../../services/generated/oauth-providers.js"
import { useStackQuery } from "../../hooks.js"
import { oauthProvidersQuery } from "../../queries.js"
import { useHandlerPage } from "../context.js"
import { providerDisplayName } from "../oauth-buttons.js"
import { Button, ErrorAlert, Notice, RowAction } from "../ui.js"
import { useAction, useHandlerApp } from "../use-action.js"
import { Section } from "./section.js"

type Change = "sign-in" | "connected" | "remove"

/** How the account is named on the page: the provider, and the account's e-mail when the provider gave one. */
const accountLabel = (provider: OAuthProvider): string =>
  provider.email === undefined
    ? providerDisplayName(provider.type)
    : `${providerDisplayName(provider.type)} (${provider.email})`

function LinkedItem(props: { readonly provider: OAuthProvider; readonly lastSignIn: boolean }): ReactNode {
  const { provider } = props
  const label = accountLabel(provider)
  // One action for the three buttons, so one request at a time runs per account.
  const act = useAction((change: Change) =>
    OAuthProviders.use((providers) => {
      switch (change) {
        case "sign-in":
          return Effect.asVoid(providers.update(provider.id, { allowSignIn: !provider.allowSignIn }))
        case "connected":
          return Effect.asVoid(
            providers.update(provider.id, { allowConnectedAccounts: !provider.allowConnectedAccounts })
          )
        case "remove":
          return providers.delete(provider.id)
      }
    })
  )
  return (
    <li className="stackfx-list-item">
      <span>
        {label}
        <span className="stackfx-badge">{provider.allowSignIn ? "Used for sign-in" : "Not used for sign-in"}</span>
        {provider.allowConnectedAccounts ? <span className="stackfx-badge">Connected access</span> : null}
      </span>
      <span className="stackfx-row">
        <Button
          variant="secondary"
          pending={act.pending}
          aria-label={`${provider.allowSignIn ? "Turn off sign-in" : "Use for sign-in"}: ${label}`}
          onClick={() => void act.run("sign-in")}
        >
          {provider.allowSignIn ? "Turn off sign-in" : "Use for sign-in"}
        </Button>
        <Button
          variant="secondary"
          pending={act.pending}
          aria-label={`${provider.allowConnectedAccounts ? "Turn off connected access" : "Allow connected access"}: ${label}`}
          onClick={() => void act.run("connected")}
        >
          {provider.allowConnectedAccounts ? "Turn off connected access" : "Allow connected access"}
        </Button>
        <RowAction verb="Remove" what={label} pending={act.pending} onClick={() => void act.run("remove")} />
      </span>
      {props.lastSignIn ? (
        <Notice kind="info">
          This is the only way you sign in: turning it off or removing it leaves you no way back in.
        </Notice>
      ) : null}
      <ErrorAlert error={act.error} />
    </li>
  )
}

/** A button per provider the project offers, linking one more account of it to the signed-in person. */
function LinkButtons(props: { readonly providers: ReadonlyArray<string> }): ReactNode {
  const app = useHandlerApp()
  const { currentUrl } = useHandlerPage()
  const [leaving, setLeaving] = useState(false)
  const link = useAction((provider: string) =>
    OAuth.use((oauth) =>
      oauth.link({
        provider,
        redirectUrl: app.urls.oauthCallback,
        errorRedirectUrl: app.urls.error,
        // Back to this page once the provider has answered.
        afterCallbackRedirectUrl: currentUrl
      })
    )
  )
  if (props.providers.length === 0) return null
  const onClick = async (provider: string) => {
    const outcome = await link.run(provider)
    if (outcome._tag !== "Success") return
    setLeaving(true)
    // Full-page navigation: the authorize URL is on the service's origin.
    ;(globalThis as { readonly location?: { assign(url: string): void } }).location?.assign(outcome.value)
  }
  return (
    <div className="stackfx-stack">
      <div className="stackfx-row">
        {props.providers.map((provider) => (
          <Button
            key={provider}
            variant="secondary"
            pending={link.pending || leaving}
            onClick={() => void onClick(provider)}
          >
            Link {providerDisplayName(provider)}
          </Button>
        ))}
      </div>
      <ErrorAlert error={link.error} />
    </div>
  )
}

export function LinkedLoginsSection(props: {
  readonly user: ClientUser
  readonly providers: ReadonlyArray<string>
}): ReactNode {
  const linked = useStackQuery(oauthProvidersQuery)
  if (linked.length === 0 && props.providers.length === 0) return null
  const signingIn = linked.filter((provider) => provider.allowSignIn)
  // Another way in: a password, a one-time code by e-mail, a passkey or another linked account.
  const otherWays = props.user.hasPassword || props.user.otpAuthEnabled || props.user.passkeyAuthEnabled
  return (
    <Section title="Linked logins" description="Accounts at other services you can sign in with or let this app use.">
      {linked.length === 0 ? (
        <p className="stackfx-subtitle">No accounts linked yet.</p>
      ) : (
        <ul className="stackfx-list" aria-label="Linked logins">
          {linked.map((provider) => (
            <LinkedItem
              key={provider.id}
              provider={provider}
              lastSignIn={!otherWays && signingIn.length === 1 && signingIn[0]?.id === provider.id}
            />
          ))}
        </ul>
      )}
      <LinkButtons providers={props.providers} />
    </Section>
  )
}
