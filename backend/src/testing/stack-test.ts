/**
 * `StackTest`: the kit for `@effect/vitest`. `it.layer(StackTest.layer(options))` gives the tests of a block
 * a project of their own on the run's backend (provide the layer to one test for a project per
 * test), the client, server and admin tiers pointed at it, fixtures, its mailbox and its faults. The
 * backend's clock for the project is the test's: under `TestClock`, `TestClock.adjust` moves it.
 */
import * as Context from "effect/Context"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as Schema from "effect/Schema"
import type * as Scope from "effect/Scope"
import {
  type AdminServices,
  adminTier,
  type ClientServices,
  clientTier,
  type ServerServices,
  serverTier,
  type TierError,
  TokenStore
} from "stackfx"
import {
  createAnonymousUser,
  createApiKey,
  createTeam,
  createUser,
  type FixtureContext,
  type FixtureError,
  FixtureFailed,
  invite,
  type NewTestTeam,
  signInWithPasskey,
  type NewTestUser,
  type TestApiKey,
  type TestTeam,
  type TestUser
} from "./fixtures.js"
import {
  type ActiveFault,
  type FaultAnswer,
  type FaultOptions,
  type FaultTarget,
  matcherOf,
  UnknownRoute
} from "./faults.js"
import type { EmailLink, Mail, MailTimeout, MailWait, MailWithoutLink } from "./mailbox.js"
import { latestLink, latestMail, latestOtp, type MailSource } from "./mail-reader.js"
import { openProject, type OpenProject, type StackTestOptions, testTime, type TestProjectKeys } from "./project.js"
import { workerBackend } from "./worker-backend.js"
import { openTestWebhooks, type TestWebhooks } from "./webhooks.js"
import { ServerUserCreate } from "@stackfx/lib/domain/user-inputs.js"

/** The test's mailbox: what the backend sent to an address of the project, as typed values. */
export interface TestMailbox {
  /** Every message to the address, oldest first (no waiting). */
  readonly all: (address: string) => Effect.Effect<ReadonlyArray<Mail>>
  /** The newest message to the address, waiting for one. */
  readonly latest: (address: string, wait?: MailWait) => Effect.Effect<Mail, MailTimeout>
  /** The six-character sign-in code of the newest magic-link message (what `Auth.signInWithOtp` takes). */
  readonly otpCode: (address: string, wait?: MailWait) => Effect.Effect<string, MailTimeout | MailWithoutLink>
  readonly magicLink: (address: string, wait?: MailWait) => Effect.Effect<EmailLink, MailTimeout | MailWithoutLink>
  readonly verificationLink: (
    address: string,
    wait?: MailWait
  ) => Effect.Effect<EmailLink, MailTimeout | MailWithoutLink>
  readonly resetLink: (address: string, wait?: MailWait) => Effect.Effect<EmailLink, MailTimeout | MailWithoutLink>
  readonly invitationLink: (address: string, wait?: MailWait) => Effect.Effect<EmailLink, MailTimeout | MailWithoutLink>
}

/** What a test gets: its project, the tiers on it, fixtures, the mailbox and faults. */
export interface StackTestShape {
  readonly project: TestProjectKeys
  readonly options: StackTestOptions
  /** The client tier (publishable key, memory token store), signed in as `user` when given. */
  readonly client: (user?: TestUser) => Layer.Layer<ClientServices, TierError>
  /** The server tier (secret server key). */
  readonly server: Layer.Layer<ServerServices, TierError>
  /** The admin tier (super-secret admin key). */
  readonly admin: Layer.Layer<AdminServices, TierError>
  readonly createUser: (input?: NewTestUser) => Effect.Effect<TestUser, FixtureError>
  readonly createAnonymousUser: Effect.Effect<TestUser, FixtureError>
  readonly createTeam: (input?: NewTestTeam) => Effect.Effect<TestTeam, FixtureError>
  /** Invites `email` to the team from `inviter`; answers the invitation link from the mailbox. */
  readonly invite: (input: {
    readonly team: TestTeam
    readonly inviter: TestUser
    readonly email: string
  }) => Effect.Effect<EmailLink, FixtureError | MailTimeout | MailWithoutLink>
  readonly createApiKey: (
    input:
      | { readonly user: TestUser; readonly description?: string | undefined }
      | { readonly team: TestTeam; readonly description?: string | undefined }
  ) => Effect.Effect<TestApiKey, FixtureError>
  /** A fresh session of `user` by their passkey (created with `passkey: true`), signed in as a visitor's page does. */
  readonly signInWithPasskey: (user: TestUser) => Effect.Effect<TestUser, FixtureError>
  /** A new user (see `createUser`) and the client tier signed in as them, in one call. */
  readonly signedIn: (input?: NewTestUser) => Effect.Effect<
    {
      readonly user: TestUser
      readonly client: Layer.Layer<ClientServices, TierError>
    },
    FixtureError
  >
  readonly mailbox: TestMailbox
  /**
   * The project's webhook deliveries, as an app's endpoint receives them (verified, decoded); `failNext` makes
   * the endpoint refuse some, retried by the backend on the test's clock.
   */
  readonly webhooks: TestWebhooks
  /**
   * Makes the next `times` (default 1) calls matching `target` answer `answer` (see `Fault`); undone when
   * the scope (the test) ends. A route the backend does not serve is `UnknownRoute`.
   */
  readonly fault: (
    target: FaultTarget,
    answer: FaultAnswer,
    options?: FaultOptions
  ) => Effect.Effect<void, UnknownRoute, Scope.Scope>
}

const tokensOf = (user: { readonly accessToken: string; readonly refreshToken: string } | undefined) =>
  TokenStore.memory(
    user === undefined
      ? { accessToken: null, refreshToken: null }
      : { accessToken: user.accessToken, refreshToken: user.refreshToken }
  )

const encodeUser = Schema.encodeUnknownEffect(ServerUserCreate)

/** The test's kit over an open project (shared by the Effect and the Promise API). */
export const makeStackTest = (
  project: OpenProject,
  now: () => number
): Effect.Effect<StackTestShape, never, Scope.Scope> =>
  Effect.gen(function* () {
    const { control } = yield* workerBackend
    const mailTo: MailSource = (address) => control.mail(project.projectId, address)
    const common = { projectId: project.projectId, baseUrl: project.baseUrl }
    const client = (user?: { readonly accessToken: string; readonly refreshToken: string }) =>
      clientTier({ ...common, publishableClientKey: project.publishableClientKey, tokenStore: tokensOf(user) })
    const server = serverTier({
      ...common,
      publishableClientKey: project.publishableClientKey,
      secretServerKey: project.secretServerKey,
      tokenStore: "memory"
    })
    const admin = adminTier({
      ...common,
      publishableClientKey: project.publishableClientKey,
      secretServerKey: project.secretServerKey,
      superSecretAdminKey: project.superSecretAdminKey,
      tokenStore: "memory"
    })
    // The fixtures' own server tier, built once for the test.
    const serverContext = yield* Layer.build(server).pipe(Effect.orDie)
    const webhooks = yield* openTestWebhooks({
      project,
      now,
      reportTime: (millis) => control.reportTime(project.projectId, millis)
    })
    const mailbox: TestMailbox = {
      all: mailTo,
      latest: (address, wait) => latestMail(mailTo, address, "any", wait),
      otpCode: (address, wait) => latestOtp(mailTo, address, wait),
      magicLink: (address, wait) => latestLink(mailTo, address, "magicLink", wait),
      verificationLink: (address, wait) => latestLink(mailTo, address, "emailVerification", wait),
      resetLink: (address, wait) => latestLink(mailTo, address, "passwordReset", wait),
      invitationLink: (address, wait) => latestLink(mailTo, address, "teamInvitation", wait)
    }
    const fixtures: FixtureContext = {
      options: project.options,
      server: serverContext,
      clientContext: (tokens, use) =>
        Effect.scoped(
          Effect.flatMap(
            Layer.build(client(tokens)).pipe(
              Effect.mapError((cause) => new FixtureFailed({ fixture: "client tier", message: cause.message, cause }))
            ),
            use
          )
        ),
      createUserWithSession: (user) =>
        encodeUser(user).pipe(
          Effect.mapError((error) => error.message),
          Effect.flatMap((wire) =>
            control.createUser(project.projectId, { user: wire, baseUrl: project.baseUrl }, now())
          ),
          Effect.mapError(
            (message) =>
              new FixtureFailed({
                fixture: "createUser",
                message: `createUser: the backend refused it (${message})`,
                cause: message
              })
          )
        ),
      now,
      invitationLink: (email) => mailbox.invitationLink(email)
    }
    return {
      project: {
        baseUrl: project.baseUrl,
        projectId: project.projectId,
        publishableClientKey: project.publishableClientKey,
        secretServerKey: project.secretServerKey,
        superSecretAdminKey: project.superSecretAdminKey
      },
      options: project.options,
      client,
      server,
      admin,
      createUser: (input) => createUser(fixtures, input),
      createAnonymousUser: createAnonymousUser(fixtures),
      createTeam: (input) => createTeam(fixtures, input),
      invite: (input) => invite(fixtures, input),
      createApiKey: (input) => createApiKey(fixtures, input),
      signInWithPasskey: (user) => signInWithPasskey(fixtures, user),
      signedIn: (input) => Effect.map(createUser(fixtures, input), (user) => ({ user, client: client(user) })),
      mailbox,
      webhooks,
      fault: (target, answer, options = {}) =>
        Effect.gen(function* () {
          const matches = matcherOf(target)
          if (matches instanceof UnknownRoute) return yield* Effect.fail(matches)
          const times = options.times ?? 1
          const fault: ActiveFault = {
            matches,
            answer,
            remaining: times === "always" ? Number.POSITIVE_INFINITY : times
          }
          project.faults.push(fault)
          yield* Effect.addFinalizer(() =>
            Effect.sync(() => {
              const index = project.faults.indexOf(fault)
              if (index !== -1) project.faults.splice(index, 1)
            })
          )
        })
    }
  })

/** The kit for `@effect/vitest`: see the module's comment. */
export class StackTest extends Context.Service<StackTest, StackTestShape>()("stackfx-backend/testing/StackTest") {
  /**
   * A project with `options` on the run's backend for as long as the layer lives (a block of `it.layer`,
   * or one test when provided to it); the backend's clock for it is the clock of whoever builds the layer.
   */
  static readonly layer = (options: StackTestOptions = {}): Layer.Layer<StackTest> =>
    Layer.effect(
      StackTest,
      Effect.gen(function* () {
        const now = yield* testTime
        return yield* makeStackTest(yield* openProject(options, now), now)
      })
    )
}
