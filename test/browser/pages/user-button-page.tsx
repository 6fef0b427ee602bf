/**
 * The browser test page: a `StackProvider` over a fake Layer (no backend), chosen by `?scenario=`:
 * loading | visitor | initials | image | broken-image | fifty | redirect | throw | session | teams.
 * `session` uses the real Session over the real cookie token store, so two tabs share it.
 * `window.stackfx` lets the test drive and observe the page.
 */
import { layerLazyParts } from "../../../src/services/http/internal/lazy-service.js"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import { Component, type ReactNode, StrictMode, Suspense } from "react"
import { createRoot } from "react-dom/client"
import type { ClientTeam } from "../../../src/domain/team.js"
import type { TeamPermission } from "../../../src/domain/team-permission.js"
import type { ClientUser } from "../../../src/domain/user.js"
import { usePermission, usePermissions, useTeam, useTeams, useUser } from "../../../src/react/hooks.js"
import { StackProvider, useStackApp } from "../../../src/react/provider.js"
import { UserButton } from "../../../src/react/user-button.js"
import { ClientConfig } from "../../../src/services/wire/client-config.js"
import { CurrentUser, type CurrentUserShape } from "../../../src/services/generated/current-user.js"
import { isLoggedIn, Session } from "../../../src/services/session/session.js"
import { TeamPermissions, type TeamPermissionsShape } from "../../../src/services/generated/team-permissions.js"
import { Teams, type TeamsShape } from "../../../src/services/generated/teams.js"
import { cookieTokenStore } from "../../../src/services/session/token-store-cookie.js"

interface TestApi {
  navigations: Array<string>
  userLoads: number
  teamListLoads: number
  permissionLoads: number
  themeToggles: number
  extraClicks: number
  signIn?: () => Promise<void>
  signOut?: () => Promise<void>
}
const api: TestApi = {
  navigations: [],
  userLoads: 0,
  teamListLoads: 0,
  permissionLoads: 0,
  themeToggles: 0,
  extraClicks: 0
}
;(window as unknown as { stackfx: TestApi }).stackfx = api

const params = new URLSearchParams(location.search)
const scenario = params.get("scenario") ?? "visitor"

const portrait =
  "data:image/svg+xml," +
  encodeURIComponent(
    `<svg xmlns="http://www.w3.org/2000/svg" width="64" height="64"><rect width="64" height="64" fill="#0ea5e9"/>` +
      `<circle cx="32" cy="26" r="12" fill="#fde68a"/><rect x="14" y="42" width="36" height="22" rx="11" fill="#fde68a"/></svg>`
  )

const makeUser = (fields: Partial<ClientUser>): ClientUser =>
  ({
    id: "u-ada",
    displayName: "Ada Lovelace",
    primaryEmail: "ada.lovelace@analytical-engine.example.com",
    primaryEmailVerified: true,
    profileImageUrl: null,
    ...fields
  }) as unknown as ClientUser

const userFor = (name: string): ClientUser | null => {
  switch (name) {
    case "visitor":
    case "redirect":
    case "throw":
      return null
    case "image":
      return makeUser({ profileImageUrl: portrait })
    case "broken-image":
      return makeUser({ profileImageUrl: "/missing-image.png" })
    default:
      return makeUser({})
  }
}

const countedLoad = <A,>(effect: Effect.Effect<A>) =>
  Effect.andThen(
    Effect.sync(() => void api.userLoads++),
    effect
  )

const fakeCurrentUser = (get: Effect.Effect<ClientUser | null>): CurrentUserShape => ({
  get: countedLoad(get),
  getWith: () => Effect.die("not in the test page"),
  update: () => Effect.die("not in the test page"),
  delete: Effect.die("not in the test page"),
  authJson: Effect.die("not in the test page"),
  authHeaders: Effect.die("not in the test page")
})

const unsignedJwt = (payload: Record<string, unknown>): string => {
  const part = (value: unknown) =>
    btoa(JSON.stringify(value)).replace(/=+$/, "").replace(/\+/g, "-").replace(/\//g, "_")
  return `${part({ alg: "ES256", typ: "JWT" })}.${part(payload)}.c2ln`
}

const sessionLayer = () => {
  const core = Session.layer.pipe(Layer.provide(layerLazyParts)).pipe(
    Layer.provideMerge(
      Layer.merge(
        ClientConfig.layer({
          projectId: "browser-test",
          accessType: "client",
          publishableClientKey: "pck",
          baseUrl: "http://127.0.0.1:9"
        }),
        cookieTokenStore({ projectId: "browser-test", secure: false })
      )
    )
  )
  const currentUser = Layer.effect(
    CurrentUser,
    Effect.map(Session, (session) =>
      fakeCurrentUser(Effect.sync(() => (isLoggedIn(session.current()) ? makeUser({}) : null)))
    )
  )
  return Layer.provideMerge(currentUser, core)
}

const team = (id: string, displayName: string) =>
  ({
    id,
    displayName,
    profileImageUrl: null,
    clientMetadata: null,
    clientReadOnlyMetadata: null
  }) as unknown as ClientTeam

const teamsLayer = Layer.mergeAll(
  Layer.succeed(Teams, {
    list: Effect.sync(() => {
      api.teamListLoads++
      return [team("t1", "Analytical Engine"), team("t2", "Difference Engine")]
    })
  } as unknown as TeamsShape),
  Layer.succeed(TeamPermissions, {
    list: (teamId: string) =>
      Effect.sync((): ReadonlyArray<TeamPermission> => {
        api.permissionLoads++
        return teamId === "t1"
          ? [
              { id: "$invite_members", teamId, userId: "u-ada" },
              { id: "$read_members", teamId, userId: "u-ada" }
            ]
          : []
      })
  } as unknown as TeamPermissionsShape)
)

// Built once, outside components: a new Layer per render would rebuild the runtime.
const layer: Layer.Layer<CurrentUser> =
  scenario === "session"
    ? sessionLayer()
    : Layer.merge(
        Layer.succeed(
          CurrentUser,
          fakeCurrentUser(scenario === "loading" ? Effect.never : Effect.succeed(userFor(scenario)))
        ),
        teamsLayer
      )

class ErrorBoundary extends Component<{ readonly children: ReactNode }, { readonly message: string | undefined }> {
  override state = { message: undefined as string | undefined }
  static getDerivedStateFromError(error: unknown) {
    return { message: error instanceof Error ? error.message : String(error) }
  }
  override render() {
    return this.state.message === undefined ? this.props.children : <p role="alert">{this.state.message}</p>
  }
}

function UserName(): ReactNode {
  const user = useUser()
  return <span className="reader">{user?.displayName ?? "nobody"}</span>
}

function Protected(props: { readonly or: "redirect" | "throw" }): ReactNode {
  const user = useUser({ or: props.or })
  return <p>Welcome {user.displayName}</p>
}

function TeamsView(): ReactNode {
  const teams = useTeams()
  const second = useTeam("t2")
  const missing = useTeam("nope")
  const invite = usePermission("t1", "$invite_members")
  const elsewhere = usePermission("t2", "$invite_members")
  const all = usePermissions("t1")
  return (
    <ul className="teams">
      <li className="names">{teams.map((t) => t.displayName).join(", ")}</li>
      <li className="second">{second?.displayName ?? "none"}</li>
      <li className="missing">{missing === null ? "null" : "found"}</li>
      <li className="invite">{invite?.id ?? "null"}</li>
      <li className="elsewhere">{elsewhere?.id ?? "null"}</li>
      <li className="all">{all.map((p) => p.id).join(", ")}</li>
    </ul>
  )
}

function SessionControls(): ReactNode {
  const app = useStackApp<Session>()
  api.signIn = () =>
    app.run(
      Effect.flatMap(Session, (session) =>
        session.setTokens({
          accessToken: unsignedJwt({ sub: "u-ada", exp: Math.floor(Date.now() / 1000) + 3600 }),
          refreshToken: "r-ada"
        })
      )
    )
  api.signOut = () => app.run(Effect.flatMap(Session, (session) => session.clear))
  return null
}

/** `?edge=left|right`: the button in a corner of the viewport, as a page header puts it. */
function AtEdge(props: { readonly edge: string | null; readonly children: ReactNode }): ReactNode {
  if (props.edge !== "left" && props.edge !== "right") return props.children
  return <div style={{ position: "fixed", top: 4, [props.edge]: 4 }}>{props.children}</div>
}

function Page(): ReactNode {
  switch (scenario) {
    case "fifty":
      return (
        <div>
          <UserButton />
          <Suspense fallback={<span>loading readers</span>}>
            {Array.from({ length: 50 }, (_, i) => (
              <UserName key={i} />
            ))}
          </Suspense>
        </div>
      )
    case "teams":
      return (
        <Suspense fallback={<span>loading teams</span>}>
          <TeamsView />
        </Suspense>
      )
    case "redirect":
    case "throw":
      return (
        <ErrorBoundary>
          <Suspense fallback={<span className="suspended">suspended</span>}>
            <Protected or={scenario} />
          </Suspense>
        </ErrorBoundary>
      )
    default:
      return (
        <>
          {scenario === "session" ? <SessionControls /> : null}
          <AtEdge edge={params.get("edge")}>
            <UserButton
              showUserInfo={params.get("info") === "1"}
              align={params.get("align") === "start" ? "start" : undefined}
              onToggleTheme={params.get("theme") === "1" ? () => void api.themeToggles++ : undefined}
              extraItems={
                params.get("extra") === "1" ? [{ text: "Billing", onClick: () => void api.extraClicks++ }] : undefined
              }
            />
          </AtEdge>
        </>
      )
  }
}

const stage = document.getElementById("stage")
if (stage !== null) {
  createRoot(stage).render(
    <StrictMode>
      <StackProvider
        layer={layer}
        navigate={(url) => void api.navigations.push(url)}
        fallback={<span className="booting" />}
      >
        <Page />
      </StackProvider>
    </StrictMode>
  )
}
