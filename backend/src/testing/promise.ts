/**
 * The kit without Effect: `await startStackTest(options)` opens a project on the run's backend and
 * answers its keys, fixtures, mailbox, webhooks and faults as Promises; `advanceTime(ms)` moves the backend's clock
 * for the project; `stop()` (or `await using`) deletes the project and undoes its faults.
 */
import * as Cause from "effect/Cause"
import * as Effect from "effect/Effect"
import * as Exit from "effect/Exit"
import * as Option from "effect/Option"
import type * as Layer from "effect/Layer"
import * as Scope from "effect/Scope"
import type { AdminServices, ClientServices, ServerServices, TierError } from "stackfx"
import type { WebhookEvent, WebhookEventOf, WebhookEventType } from "stackfx/server"
import type { FaultAnswer, FaultOptions, FaultTarget } from "./faults.js"
import type { NewTestTeam, NewTestUser, TestApiKey, TestTeam, TestUser } from "./fixtures.js"
import type { EmailLink, Mail, MailWait } from "./mailbox.js"
import { openProject, type StackTestOptions, type TestProjectKeys } from "./project.js"
import { makeStackTest } from "./stack-test.js"
import type { RefusedWebhook, WebhookFailure, WebhookWait } from "./webhooks.js"

/** A running test project (Promise API). */
export interface RunningStackTest extends TestProjectKeys {
  readonly options: StackTestOptions
  /** Moves the backend's clock for this project forward by `millis` (tokens, codes and invitations expire). */
  readonly advanceTime: (millis: number) => void
  /** The client tier on the project (memory token store), signed in as `user` when given. */
  readonly client: (user?: TestUser) => Layer.Layer<ClientServices, TierError>
  /** The server tier on the project. */
  readonly server: Layer.Layer<ServerServices, TierError>
  /** The admin tier on the project. */
  readonly admin: Layer.Layer<AdminServices, TierError>
  /** The project's time now, in milliseconds. */
  readonly now: () => number
  readonly createUser: (input?: NewTestUser) => Promise<TestUser>
  readonly createAnonymousUser: () => Promise<TestUser>
  /** A fresh session of `user` by their passkey (created with `passkey: true`). */
  readonly signInWithPasskey: (user: TestUser) => Promise<TestUser>
  readonly createTeam: (input?: NewTestTeam) => Promise<TestTeam>
  readonly invite: (input: {
    readonly team: TestTeam
    readonly inviter: TestUser
    readonly email: string
  }) => Promise<EmailLink>
  readonly createApiKey: (
    input:
      | { readonly user: TestUser; readonly description?: string | undefined }
      | { readonly team: TestTeam; readonly description?: string | undefined }
  ) => Promise<TestApiKey>
  readonly mailbox: {
    readonly all: (address: string) => Promise<ReadonlyArray<Mail>>
    readonly latest: (address: string, wait?: MailWait) => Promise<Mail>
    readonly otpCode: (address: string, wait?: MailWait) => Promise<string>
    readonly magicLink: (address: string, wait?: MailWait) => Promise<EmailLink>
    readonly verificationLink: (address: string, wait?: MailWait) => Promise<EmailLink>
    readonly resetLink: (address: string, wait?: MailWait) => Promise<EmailLink>
    readonly invitationLink: (address: string, wait?: MailWait) => Promise<EmailLink>
  }
  /**
   * The project's webhook deliveries, received by an endpoint of the test's (as `StackTest`'s `webhooks`): the
   * waits are in real time, and while one waits the backend hears the project's time, so a refused delivery is
   * retried once `advanceTime` reached Svix's next interval.
   */
  readonly webhooks: {
    /** Every event delivered so far, in the order received. */
    readonly all: () => Promise<ReadonlyArray<WebhookEvent>>
    /** The next event of `type` not yet answered by `next`; rejects with `WebhookTimeout` when none comes. */
    readonly next: <T extends WebhookEventType>(type: T, wait?: WebhookWait) => Promise<WebhookEventOf<T>>
    /** Makes the endpoint refuse the next deliveries (by default the next one, with a 500). */
    readonly failNext: (failure?: WebhookFailure) => Promise<void>
    /** Every delivery refused so far, in order. */
    readonly refused: () => Promise<ReadonlyArray<RefusedWebhook>>
    /** The next refused delivery (of `type`, when given) not yet answered here; rejects with `WebhookTimeout`. */
    readonly nextRefused: (type?: WebhookEventType, wait?: WebhookWait) => Promise<RefusedWebhook>
  }
  /** Injects a fault until `stop()` (or the returned function is called); an unknown route rejects. */
  readonly fault: (target: FaultTarget, answer: FaultAnswer, options?: FaultOptions) => Promise<() => void>
  /** Deletes the project (once); `await using test = await startStackTest()` calls it. */
  readonly stop: () => Promise<void>
  readonly [Symbol.asyncDispose]: () => Promise<void>
}

// A rejected promise carries the kit's tagged error itself (its message says what went wrong).
const run = async <A, E>(effect: Effect.Effect<A, E>): Promise<A> => {
  const exit = await Effect.runPromiseExit(effect)
  if (Exit.isSuccess(exit)) return exit.value
  const error = Exit.findErrorOption(exit)
  return Promise.reject(Option.isSome(error) ? error.value : Cause.squash(exit.cause))
}

/** Opens a project of the test's own on the run's backend; see the module's comment. */
export const startStackTest = async (options: StackTestOptions = {}): Promise<RunningStackTest> => {
  let offsetMillis = 0
  const now = () => Date.now() + offsetMillis
  const scope = Effect.runSync(Scope.make())
  const kit = await Effect.runPromise(
    Scope.provide(
      Effect.flatMap(openProject(options, now), (project) => makeStackTest(project, now)),
      scope
    )
  )
  let stopped: Promise<void> | undefined
  const stop = () => (stopped ??= Effect.runPromise(Scope.close(scope, Exit.void)))
  return {
    ...kit.project,
    options,
    advanceTime: (millis) => {
      offsetMillis += millis
    },
    now,
    client: kit.client,
    server: kit.server,
    admin: kit.admin,
    createUser: (input) => run(kit.createUser(input)),
    createAnonymousUser: () => run(kit.createAnonymousUser),
    signInWithPasskey: (user) => run(kit.signInWithPasskey(user)),
    createTeam: (input) => run(kit.createTeam(input)),
    invite: (input) => run(kit.invite(input)),
    createApiKey: (input) => run(kit.createApiKey(input)),
    mailbox: {
      all: (address) => run(kit.mailbox.all(address)),
      latest: (address, wait) => run(kit.mailbox.latest(address, wait)),
      otpCode: (address, wait) => run(kit.mailbox.otpCode(address, wait)),
      magicLink: (address, wait) => run(kit.mailbox.magicLink(address, wait)),
      verificationLink: (address, wait) => run(kit.mailbox.verificationLink(address, wait)),
      resetLink: (address, wait) => run(kit.mailbox.resetLink(address, wait)),
      invitationLink: (address, wait) => run(kit.mailbox.invitationLink(address, wait))
    },
    webhooks: {
      all: () => run(kit.webhooks.all),
      next: (type, wait) => run(kit.webhooks.next(type, wait)),
      failNext: (failure) => run(kit.webhooks.failNext(failure)),
      refused: () => run(kit.webhooks.refused),
      nextRefused: (type, wait) => run(kit.webhooks.nextRefused(type, wait))
    },
    fault: async (target, answer, faultOptions) => {
      const faultScope = await Effect.runPromise(Scope.fork(scope))
      await run(Scope.provide(kit.fault(target, answer, faultOptions), faultScope))
      return () => void Effect.runFork(Scope.close(faultScope, Exit.void))
    },
    stop,
    [Symbol.asyncDispose]: stop
  }
}
