/**
 * The server tier, as backend code uses it with the secret server key: create and find users, page through
 * them, open a session for one and verify its access token locally, end the session, clean up.
 *
 *   npx stackfx dev           # starts the local backend on http://127.0.0.1:8102
 *   npm run example:server    # STACK_API_URL, STACK_PROJECT_ID, STACK_SECRET_SERVER_KEY override the defaults
 */
import * as Console from "effect/Console"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as Stream from "effect/Stream"
import { serverTierFromEnv, ServerSessions, ServerUsers, TokenVerifier } from "stackfx"
import { localBackendDefaults, runExample, stop, whenAnythingElseFails } from "./local-backend.js"

const tag = `server-example-${Date.now().toString(36)}`

const program = Effect.gen(function* () {
  const users = yield* ServerUsers
  const sessions = yield* ServerSessions
  const verifier = yield* TokenVerifier

  const createUser = (n: number) =>
    users
      .create({ primaryEmail: `${tag}-${n}@example.com`, primaryEmailVerified: true, displayName: `Example user ${n}` })
      .pipe(
        Effect.catchTag(
          ["UserEmailAlreadyExists", "ContactChannelAlreadyUsedForAuthBySomeoneElse", "InvalidInput"],
          stop("creating users")
        )
      )
  const first = yield* createUser(1)
  const created = [first, ...(yield* Effect.forEach([2, 3], createUser))]
  yield* Console.log(`created ${created.length} users`)

  const firstPage = yield* users.list({ query: tag, limit: 2 }).pipe(Effect.catchTag("InvalidInput", stop("listing")))
  yield* Console.log(`first page: ${firstPage.items.length} users, more pages: ${firstPage.nextCursor !== null}`)
  const everyone = yield* Stream.runCollect(users.listAll({ query: tag, limit: 2 })).pipe(
    Effect.catchTag("InvalidInput", stop("listing"))
  )
  yield* Console.log(`all pages: ${everyone.length} users`)

  const tokens = yield* sessions
    .create({ userId: first.id })
    .pipe(
      Effect.catchTag(["UserIdDoesNotExist", "CannotGetOwnUserWithoutUser", "InvalidInput"], stop("opening a session"))
    )
  const verified = yield* verifier
    .verify(tokens.accessToken)
    .pipe(Effect.catchTag("JwtVerificationError", stop("verifying the access token")))
  yield* Console.log(
    `access token verified locally: ${verified.userId === first.id ? "it is user 1" : "someone else?!"}`
  )

  const open = yield* sessions
    .list(first.id)
    .pipe(Effect.catchTag("CannotGetOwnUserWithoutUser", stop("listing sessions")))
  yield* Console.log(`user 1 has ${open.length} session(s)`)
  yield* Effect.forEach(open, (session) =>
    sessions.delete(first.id, session.id).pipe(
      Effect.catchTags({
        // Already gone (e.g. it expired meanwhile): the goal is reached all the same.
        SessionNotFound: () => Effect.void,
        CannotDeleteCurrentSession: stop("ending a session"),
        InvalidInput: stop("ending a session"),
        CannotGetOwnUserWithoutUser: stop("ending a session")
      })
    )
  )
  const left = yield* sessions
    .list(first.id)
    .pipe(Effect.catchTag("CannotGetOwnUserWithoutUser", stop("listing sessions")))
  yield* Console.log(`after ending them: ${left.length} session(s)`)

  // A well-formed id no user has ("no-such-user" would be refused before sending: a user id is a UUID or `me`).
  const unknown = yield* users.get("00000000-0000-4000-8000-000000000000").pipe(
    Effect.as("found?!"),
    Effect.catchTags({
      UserNotFound: (error) => Effect.succeed(`${error._tag} (${error.message})`),
      InvalidInput: (error) => Effect.succeed(`not sent, ${error.message}`)
    })
  )
  yield* Console.log(`reading an unknown user: ${unknown}`)

  yield* Effect.forEach(created, (user) => users.delete(user.id)).pipe(
    Effect.catchTags({ UserNotFound: stop("cleaning up"), InvalidInput: stop("cleaning up") })
  )
  yield* Console.log(`deleted ${created.length} users`)
})

const ServerLive = serverTierFromEnv({ tokenStore: "memory" }).pipe(Layer.provide(localBackendDefaults))

await runExample(program.pipe(Effect.provide(ServerLive), Effect.catchTags(whenAnythingElseFails)))
