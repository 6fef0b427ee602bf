/**
 * account-settings, one section at a time (`?section=`, ../account/sections.ts): profile (name, e-mail addresses,
 * linked logins), security (password, two-factor authentication, passkey, active sessions), e-mail notifications,
 * API keys (when the project allows them), teams (the invitations received, the teams with their API keys) and
 * the account (signing out and, when the project allows it, deleting the account). A visitor is sent to sign in
 * and brought back here afterwards.
 */
import { type ReactNode, Suspense, useState } from "react"
import { Auth } from "../../../services/generated/auth.js"
import { CurrentUser } from "../../../services/generated/current-user.js"
import { useProject, useUser } from "../../hooks.js"
import { ApiKeysSection } from "../account/api-keys.js"
import { type AccountDeletion, DeleteAccountSection } from "../account/delete-account.js"
import { EmailsSection } from "../account/emails.js"
import { InvitationsSection } from "../account/invitations.js"
import { NotificationsSection } from "../account/notifications.js"
import { LinkedLoginsSection } from "../account/linked-logins.js"
import { PasskeySection } from "../account/passkey.js"
import { PasswordSection } from "../account/password.js"
import { ProfileSection } from "../account/profile.js"
import { SessionsSection } from "../account/sessions.js"
import { type AccountSignOut, SignOutSection } from "../account/sign-out.js"
import { TeamsSection } from "../account/teams.js"
import { TwoFactorSection } from "../account/two-factor.js"
import { RedirectStatus, useRedirect } from "../redirect.js"
import { Card } from "../ui.js"
import { useAction, useHandlerApp } from "../use-action.js"
import { useQueryParam } from "../context.js"
import { HandlerLink } from "../handler-link.js"
import {
  ACCOUNT_SECTION_PARAM,
  type AccountSection,
  offeredSections,
  SECTION_TITLES,
  sectionHref,
  shownSection
} from "../account-sections.js"
import { Loading, SignInFirst, userLabel } from "../page-shared.js"

/** The navigation between the sections: links, so each section has its own URL (and a server renders it). */
function SectionNav(props: { readonly sections: ReadonlyArray<AccountSection>; readonly shown: AccountSection }) {
  const app = useHandlerApp()
  return (
    <nav className="stackfx-row" aria-label="Account settings sections">
      {props.sections.map((section) => (
        <HandlerLink
          key={section}
          href={sectionHref(app.urls.accountSettings, section)}
          current={section === props.shown}
        >
          {SECTION_TITLES[section]}
        </HandlerLink>
      ))}
    </nav>
  )
}

function Settings(props: {
  readonly deletion: AccountDeletion
  readonly signOut: AccountSignOut
  readonly leaving: boolean
}): ReactNode {
  const user = useUser()
  const project = useProject()
  const requested = useQueryParam(ACCOUNT_SECTION_PARAM)
  if (user === null) return props.leaving ? <Loading /> : <SignInFirst />
  const config = project.config
  const shown = shownSection(requested, config)
  return (
    <Card title="Account settings" subtitle={`Signed in as ${userLabel(user)}.`} wide>
      <SectionNav sections={offeredSections(config)} shown={shown} />
      {shown === "profile" ? (
        <>
          <ProfileSection user={user} />
          <EmailsSection />
          <LinkedLoginsSection user={user} providers={config.enabledOauthProviders.map((provider) => provider.id)} />
        </>
      ) : shown === "security" ? (
        <>
          {config.credentialEnabled ? <PasswordSection user={user} /> : null}
          <TwoFactorSection user={user} />
          {config.passkeyEnabled ? <PasskeySection user={user} /> : null}
          <SessionsSection />
        </>
      ) : shown === "notifications" ? (
        <NotificationsSection />
      ) : shown === "api-keys" ? (
        <ApiKeysSection />
      ) : shown === "teams" ? (
        <>
          <InvitationsSection />
          <TeamsSection />
        </>
      ) : (
        <>
          <SignOutSection signOut={props.signOut} />
          {config.clientUserDeletionEnabled ? <DeleteAccountSection deletion={props.deletion} /> : null}
        </>
      )}
    </Card>
  )
}

export function AccountSettingsPage(): ReactNode {
  const redirect = useRedirect()
  const remove = useAction(() => CurrentUser.use((currentUser) => currentUser.delete))
  const end = useAction(() => Auth.use((auth) => auth.signOut))
  // The session ends (with the account, or signed out) a moment before the redirect starts: meanwhile the page
  // must not take the person, now a visitor, to sign in.
  const [leaving, setLeaving] = useState(false)
  const leave = (action: typeof remove | typeof end): AccountDeletion => ({
    pending: action.pending,
    error: action.error,
    run: async () => {
      setLeaving(true)
      const outcome = await action.run()
      if (outcome._tag === "Success") redirect.toTarget("afterSignOut")
      else if (outcome._tag !== "Busy") setLeaving(false)
    }
  })
  if (redirect.state._tag !== "Idle") return <RedirectStatus state={redirect.state} />
  return (
    <Suspense fallback={<Loading />}>
      <Settings deletion={leave(remove)} signOut={leave(end)} leaving={leaving} />
    </Suspense>
  )
}
