/**
 * Agent sign-in, as an AI agent or a CLI does it: the program registers as an agent, prints the link a person
 * opens to approve it, polls on an Effect `Schedule` until the approval arrives, and then acts with its own
 * session on that person's account. Run in a terminal, it waits for you to open the link (the demo app's
 * `/handler/agent-auth-confirm` page: sign up there and approve); run without one (CI, the examples test), a
 * headless person of its own signs up and approves.
 *
 *   npm start                 # the local backend on http://127.0.0.1:8102 and the demo app on :5173
 *   npm run example:agent     # STACK_API_URL, STACK_APP_URL and the STACK_* keys override the defaults
 */
import * as Console from "effect/Console"
import * as Deferred from "effect/Deferred"
import * as Effect from "effect/Effect"
import * as Fiber from "effect/Fiber"
import * as Layer from "effect/Layer"
import * as Schedule from "effect/Schedule"
import {
  ActiveSessions,
  AdminAuthErrorTags,
  adminTierFromEnv,
  AgentAuth,
  type AgentRegistration,
  Auth,
  clientTierFromEnv,
  CurrentUser,
  ProjectConfig
} from "stackfx"
import { localBackendDefaults, runExample, signUpRefusals, stop, whenAClientCallFails } from "./local-backend.js"

/** A person at a terminal can open the link; anywhere else the example approves for them. */
const interactive = process.stdin.isTTY === true && process.env["CI"] === undefined

/** The app whose handler pages show the confirm page: the demo app unless STACK_APP_URL says otherwise. */
const appUrl = process.env["STACK_APP_URL"] ?? "http://127.0.0.1:5173"

const AdminLive = adminTierFromEnv().pipe(Layer.provide(localBackendDefaults))
const AgentLive = clientTierFromEnv({ tokenStore: "memory" }).pipe(Layer.provide(localBackendDefaults))
const PersonLive = clientTierFromEnv({ tokenStore: "memory" }).pipe(Layer.provide(localBackendDefaults))

/** The project owner installs the Agent Auth app (the dashboard's switch): agents are refused until then. */
const installAgentAuth = ProjectConfig.use((config) =>
  config.override("environment", { "apps.installed.agent-auth.enabled": true })
).pipe(
  Effect.catchTag(
    ["InvalidInput", "InsufficientAccessType", "SchemaError", ...AdminAuthErrorTags],
    stop("installing the Agent Auth app")
  )
)

/** The headless person: signs up, sees who asks, approves. */
const approveHeadless = (registration: AgentRegistration) =>
  Effect.gen(function* () {
    const email = `agent-example-${Date.now().toString(36)}@example.com`
    yield* Auth.use((auth) => auth.signUpWithCredential({ email, password: "correct horse battery staple" })).pipe(
      Effect.catchTag(signUpRefusals, stop("signing the person up"))
    )
    const asking = yield* AgentAuth.use((a) => a.inspect(registration.claimCode)).pipe(
      Effect.catchTag(["AgentAuthNotEnabled", "AgentAuthInvalidClaimCode"], stop("looking at the request"))
    )
    yield* AgentAuth.use((a) => a.approve(registration.claimCode)).pipe(
      Effect.catchTag(["AgentAuthNotEnabled", "AgentAuthInvalidClaimCode"], stop("approving"))
    )
    yield* Console.log(`${email} approved "${asking.agent.name}" (headless)`)
  })

/** The agent's side: register, show the link, wait on the schedule, then act as the person. */
const agentProgram = (shown: Deferred.Deferred<AgentRegistration>) =>
  Effect.gen(function* () {
    const session = yield* AgentAuth.use((a) =>
      a.signIn({
        agent: { name: "Example agent", description: "Shows how agent sign-in works" },
        appUrl,
        prompt: (registration) =>
          Console.log(`open ${registration.confirmUrl} (code ${registration.claimCode}) to approve this agent`).pipe(
            Effect.andThen(Deferred.succeed(shown, registration))
          ),
        // Polls every second, for at most ten minutes of a person's time.
        schedule: Schedule.spaced("1 second").pipe(Schedule.upTo({ times: 600 }))
      })
    ).pipe(
      Effect.catchTag(
        ["AgentAuthDenied", "AgentAuthExpired", "AgentAuthUsed", "AgentAuthTimedOut", "AgentAuthNotEnabled"],
        stop("waiting for approval")
      ),
      Effect.catchTag(["InvalidPollingCode", "RedirectUrlNotWhitelisted"], stop("signing the agent in"))
    )
    const me = yield* CurrentUser.use((user) => user.get)
    yield* Console.log(`the agent acts as ${me?.primaryEmail ?? session.userId}`)
    const sessions = yield* ActiveSessions.use((s) => s.list).pipe(
      Effect.catchTag("CannotGetOwnUserWithoutUser", stop("listing sessions"))
    )
    const names = sessions.flatMap((s) => (s.agentName === null ? [] : [s.agentName]))
    yield* Console.log(`the person's agent sessions: ${names.join(", ")}`)
    yield* Auth.use((auth) => auth.signOut)
    yield* Console.log("the agent signed out")
  })

const program = Effect.gen(function* () {
  yield* installAgentAuth.pipe(Effect.provide(AdminLive))
  const shown = yield* Deferred.make<AgentRegistration>()
  const agent = yield* Effect.forkChild(agentProgram(shown).pipe(Effect.provide(AgentLive)))
  const registration = yield* Deferred.await(shown)
  if (interactive) yield* Console.log("waiting for you to approve in the browser...")
  else yield* approveHeadless(registration).pipe(Effect.provide(PersonLive))
  yield* Fiber.join(agent)
})

await runExample(program.pipe(Effect.catchTags(whenAClientCallFails)))
