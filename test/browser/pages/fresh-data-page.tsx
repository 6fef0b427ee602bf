/**
 * The fresh-data test page: a `StackProvider` over the real client tier, aimed at a local backend given as
 * `?api=&project=&key=`. It renders the signed-in user's name, teams and email addresses through the
 * hooks; `window.stackfx` lets the test write through the provider's runtime from plain page code (no hook,
 * no cache helper), as an app's event handler or a script outside React would.
 */
import * as Effect from "effect/Effect"
import { type ReactNode, Suspense } from "react"
import { createRoot } from "react-dom/client"
import { clientTier } from "../../../src/layers/client.js"
import { useContactChannels, useTeams, useUser } from "../../../src/react/hooks.js"
import { type StackApp, StackProvider, useStackApp } from "../../../src/react/provider.js"
import { Auth } from "../../../src/services/generated/auth.js"
import { ContactChannels } from "../../../src/services/generated/contact-channels.js"
import { CurrentUser } from "../../../src/services/generated/current-user.js"
import { Teams } from "../../../src/services/generated/teams.js"

const params = new URLSearchParams(location.search)
const layer = clientTier({
  projectId: params.get("project") ?? "",
  publishableClientKey: params.get("key") ?? "",
  baseUrl: params.get("api") ?? "",
  tokenStore: "memory"
})

interface TestApi {
  app?: StackApp<unknown>
  signUp: (email: string, password: string) => Promise<void>
  rename: (displayName: string) => Promise<void>
  createTeam: (displayName: string) => Promise<void>
  addEmail: (email: string) => Promise<void>
  signOutTo: (url: string) => Promise<void>
}

const appOf = (): StackApp<unknown> => {
  const app = api.app
  if (app === undefined) throw new Error("the provider is not ready")
  return app
}

/** What the test calls: each write goes straight to the provider's runtime. */
const run = <A, E>(effect: Effect.Effect<A, E, never>) => appOf().runtime.runPromise(effect)
const api: TestApi = {
  signUp: (email, password) =>
    run(
      Effect.asVoid(
        Auth.use((auth) => auth.signUpWithCredential({ email, password })) as Effect.Effect<unknown, unknown>
      )
    ),
  rename: (displayName) =>
    run(Effect.asVoid(CurrentUser.use((user) => user.update({ displayName })) as Effect.Effect<unknown, unknown>)),
  createTeam: (displayName) =>
    run(Effect.asVoid(Teams.use((teams) => teams.create({ displayName })) as Effect.Effect<unknown, unknown>)),
  addEmail: (value) =>
    run(
      Effect.asVoid(
        ContactChannels.use((channels) => channels.create({ value, usedForAuth: false })) as Effect.Effect<
          unknown,
          unknown
        >
      )
    ),
  signOutTo: (url) => appOf().signOut({ redirectUrl: url })
}
;(window as unknown as { stackfx: TestApi }).stackfx = api

function ExposeApp(): ReactNode {
  api.app = useStackApp()
  return null
}

function SignedIn(): ReactNode {
  const teams = useTeams()
  const channels = useContactChannels()
  return (
    <>
      <ul aria-label="Teams">
        {teams.map((team) => (
          <li key={team.id}>{team.displayName}</li>
        ))}
      </ul>
      <ul aria-label="Emails">
        {channels.map((channel) => (
          <li key={channel.id}>{channel.value}</li>
        ))}
      </ul>
    </>
  )
}

function Profile(): ReactNode {
  const user = useUser()
  return (
    <section>
      <p role="status" aria-label="Signed in as">
        {user === null ? "Nobody" : (user.displayName ?? "(no name)")}
      </p>
      {user === null ? null : <SignedIn />}
    </section>
  )
}

// Without the backend's address this is where a sign-out lands: a page of the app without a provider.
createRoot(document.getElementById("stage")!).render(
  params.has("project") ? (
    <StackProvider layer={layer} tabSync={false}>
      <ExposeApp />
      <Suspense fallback={<p>Loading…</p>}>
        <Profile />
      </Suspense>
    </StackProvider>
  ) : (
    <h1>Goodbye</h1>
  )
)
