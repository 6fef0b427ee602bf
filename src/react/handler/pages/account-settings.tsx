/**
 * account-settings: profile, email addresses, password, two-factor authentication, passkey and teams of
 * the signed-in person. A visitor is sent to sign in (and brought back here afterwards).
 */
import { type ReactNode, Suspense } from "react"
import { useProject, useUser } from "../../hooks.js"
import { EmailsSection } from "../account/emails.js"
import { PasskeySection } from "../account/passkey.js"
import { PasswordSection } from "../account/password.js"
import { ProfileSection } from "../account/profile.js"
import { TeamsSection } from "../account/teams.js"
import { TwoFactorSection } from "../account/two-factor.js"
import { Card } from "../ui.js"
import { Loading, userLabel } from "./shared.js"

function Settings(): ReactNode {
  const user = useUser({ or: "redirect" })
  const project = useProject()
  return (
    <Card title="Account settings" subtitle={`Signed in as ${userLabel(user)}.`} wide>
      <ProfileSection user={user} />
      <EmailsSection />
      {project.config.credentialEnabled ? <PasswordSection user={user} /> : null}
      <TwoFactorSection user={user} />
      {project.config.passkeyEnabled ? <PasskeySection user={user} /> : null}
      <TeamsSection />
    </Card>
  )
}

export function AccountSettingsPage(): ReactNode {
  return (
    <Suspense fallback={<Loading />}>
      <Settings />
    </Suspense>
  )
}
