/**
 * Agent sign-in (every tier), both sides, as the service runs it since May 2026:
 *
 * 1. the agent registers (`register`): a claim code and confirm URL for a person, a poll token it keeps, and an
 *    anonymous session it may use at once;
 * 2. the person opens the confirm URL, the app's `agent-auth-confirm` handler page, signs in if they have to,
 *    sees who asks (`inspect`) and approves or denies (`approve`, `deny`);
 * 3. the agent polls (`poll`, or `waitFor` on a schedule) until it gets a session of its own on the person's
 *    account, tagged with its name, or learns it was denied or expired.
 *
 * `signIn` does the agent's whole side and signs the tier in with that session (kept by its token store), so the
 * program's next calls are the person's. Discovery (`discover`) is what an agent reads before anything else.
 *
 * @example
 * const program = Effect.gen(function*() {
 *   yield* AgentAuth.use((agent) => agent.signIn({ agent: { name: "Triage bot" } }))   // prints the link, waits
 *   return yield* CurrentUser.use((user) => user.get)
 * })
 */
import * as Console from "effect/Console"
import * as Effect from "effect/Effect"
import * as Pull from "effect/Pull"
import * as Schedule from "effect/Schedule"
import { AgentAuthApi } from "../../contract/agent-auth.js"
import { session } from "../../contract/data-keys.js"
import type {
  AgentPollAnswer,
  AgentRegisterRequest,
  AgentRegistration,
  AgentSessionTokens
} from "../../domain/agent-auth.js"
import { AgentAuthDenied, AgentAuthExpired, AgentAuthTimedOut, AgentAuthUsed } from "../../errors/client/agent-auth.js"
import { caller, type CallFailureAt, custom, effectCall, functionCall, implement } from "../http/service-calls.js"
import { Transport } from "../http/transport.js"
import { Session } from "../session/session.js"

/** How `waitFor` and `signIn` poll. */
export interface AgentAuthWaitOptions {
  /**
   * When to poll again while the registration waits; default every three seconds until it expires (the service
   * answers `expired` then). A schedule that ends first ends the wait with `AgentAuthTimedOut`.
   */
  readonly schedule?: Schedule.Schedule<unknown, AgentPollAnswer> | undefined
}

/** What `signIn` takes: the registration, how to show the link, how to poll. */
export interface AgentSignInOptions extends AgentRegisterRequest, AgentAuthWaitOptions {
  /** Shows the person where to confirm; default: the link and the code on the console. */
  readonly prompt?: ((registration: AgentRegistration) => Effect.Effect<void>) | undefined
}

/** The agent has no session of its own yet, and a tier's session is not the agent's: none goes with these. */
const noSession = { withSession: false } as const

type PollFailure = CallFailureAt<typeof AgentAuthApi.poll, "client">
type WaitFailure = AgentAuthDenied | AgentAuthExpired | AgentAuthUsed | AgentAuthTimedOut | PollFailure

/** Agent sign-in: an agent registers and polls; the signed-in person inspects, approves or denies. */
export const AgentAuthCalls = {
  /** The project's agent sign-in settings and endpoints (`GET /agent/discovery`). */
  discover: effectCall(AgentAuthApi.discovery, "client", { input: () => ({ options: noSession }) }),
  /** The Markdown guide the service writes for agents (`GET /agent/auth.md`), with this project's values. */
  guide: effectCall(AgentAuthApi.guide, "client", { input: () => ({ options: noSession }) }),
  /** Registers the agent (`POST /agent/register`); refused with `AgentAuthNotEnabled` until the project allows it. */
  register: functionCall(AgentAuthApi.register, "client", (request: AgentRegisterRequest) => ({
    body: request,
    options: noSession
  })),
  /** One poll (`POST /agent/register/poll`); `success` carries the session, once. */
  poll: functionCall(AgentAuthApi.poll, "client", (pollToken: string) => ({ body: { pollToken }, options: noSession })),
  /** Polls on the schedule until the registration is approved (its session), denied, expired or used. */
  waitFor:
    custom<
      (
        registration: Pick<AgentRegistration, "pollToken">,
        options?: AgentAuthWaitOptions
      ) => Effect.Effect<AgentSessionTokens, WaitFailure>
    >("function"),
  /**
   * The agent's whole side: registers, prompts with the confirm URL, waits, and signs this tier in with the
   * approved session (its token store keeps it). Answers the session.
   */
  signIn: custom<
    (
      options: AgentSignInOptions
    ) => Effect.Effect<AgentSessionTokens, CallFailureAt<typeof AgentAuthApi.register, "client"> | WaitFailure>
  >("function", session),
  /** The person's side: who asks with this claim code (as typed: case, dash and spaces do not matter). */
  inspect: functionCall(AgentAuthApi.confirm, "client", (claimCode: string) => ({
    body: { claimCode, action: "inspect" as const }
  })),
  /** Approves: the agent gets a session of its own on the signed-in person's account. */
  approve: functionCall(AgentAuthApi.confirm, "client", (claimCode: string) => ({
    body: { claimCode, action: "approve" as const }
  })),
  /** Refuses: the agent's next poll says `denied`, and its anonymous session ends. */
  deny: functionCall(AgentAuthApi.confirm, "client", (claimCode: string) => ({
    body: { claimCode, action: "deny" as const }
  }))
}

/** A wait between polls the service's guide suggests. */
const DEFAULT_POLL_INTERVAL = "3 seconds"

const defaultPrompt = (registration: AgentRegistration) =>
  Console.log(
    `To let this agent act for you, open ${registration.confirmUrl}\n(or enter the code ${registration.claimCode}) and approve it.`
  )

export const makeAgentAuth = implement(
  AgentAuthCalls,
  Effect.gen(function* () {
    const transport = yield* Transport
    const tokens = yield* Session
    const pollCall = caller(transport, AgentAuthApi.poll, "client")
    const registerCall = caller(transport, AgentAuthApi.register, "client")
    const poll = (pollToken: string) => pollCall({ body: { pollToken }, options: noSession })

    const waitFor = (registration: Pick<AgentRegistration, "pollToken">, options: AgentAuthWaitOptions = {}) =>
      Effect.gen(function* () {
        // Stepped by hand rather than with `Effect.repeat`, which would bring the schedule machinery into the
        // first load of every app (as CliLogin.waitFor).
        const next = yield* Schedule.toStepWithSleep(options.schedule ?? Schedule.spaced(DEFAULT_POLL_INTERVAL))
        let answer = yield* poll(registration.pollToken)
        while (answer.status === "waiting") {
          yield* Pull.catchDone(next(answer), () =>
            Effect.fail(new AgentAuthTimedOut({ message: "Timed out waiting for the agent's approval." }))
          )
          answer = yield* poll(registration.pollToken)
        }
        if (answer.status === "success" && answer.session !== undefined) return answer.session
        switch (answer.status) {
          case "denied":
            return yield* Effect.fail(new AgentAuthDenied({ message: "The person refused this agent." }))
          case "expired":
            return yield* Effect.fail(
              new AgentAuthExpired({ message: "Nobody approved the agent in time. Register again." })
            )
          default:
            // `used`, or a success without its session: the session is not this poll's to have.
            return yield* Effect.fail(new AgentAuthUsed({ message: "The agent's session was already handed out." }))
        }
      })

    const signIn = (options: AgentSignInOptions) =>
      Effect.gen(function* () {
        const { prompt, schedule, ...request } = options
        const registration = yield* registerCall({ body: request, options: noSession })
        yield* (prompt ?? defaultPrompt)(registration)
        const approved = yield* waitFor(registration, { schedule })
        yield* tokens.setTokens({ accessToken: approved.accessToken, refreshToken: approved.refreshToken })
        return approved
      })

    return { waitFor, signIn }
  })
)
