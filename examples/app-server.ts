/**
 * An app's own server that knows who is calling: a small effect HTTP server with one protected route,
 * `GET /api/me`, which reads the caller's session from the request with the server tier's `RequestAuth`.
 * The client tier signs a new user up and calls the route with `CurrentUser.authHeaders`; a call without
 * them is refused with 401.
 *
 *   npx stackfx dev               # starts the local backend on http://127.0.0.1:8102
 *   npm run example:app-server    # STACK_API_URL, STACK_PROJECT_ID, STACK_PUBLISHABLE_CLIENT_KEY and
 *                                 # STACK_SECRET_SERVER_KEY override the defaults
 */
import { NodeHttpServer } from "@effect/platform-node"
import * as Console from "effect/Console"
import * as Effect from "effect/Effect"
import * as HttpRouter from "effect/http/HttpRouter"
import * as HttpServer from "effect/http/HttpServer"
import * as HttpServerRequest from "effect/http/HttpServerRequest"
import * as HttpServerResponse from "effect/http/HttpServerResponse"
import * as Layer from "effect/Layer"
import { createServer } from "node:http"
import { Auth, clientTierFromEnv, CurrentUser, RequestAuth, type RequestAuthRefusal, serverTierFromEnv } from "stackfx"
import {
  ExampleStopped,
  localBackendDefaults,
  runExample,
  signUpRefusals,
  stop,
  whenAClientCallFails
} from "./local-backend.js"

// --- the app's server -------------------------------------------------------------------------------

/** Any refusal of the caller's session: who they are is unknown, so 401, saying why. */
const unauthorized = (refusal: RequestAuthRefusal) =>
  Effect.succeed(HttpServerResponse.jsonUnsafe({ error: refusal._tag, message: refusal.message }, { status: 401 }))

const MeRoute = HttpRouter.add(
  "GET",
  "/api/me",
  Effect.gen(function* () {
    const request = yield* HttpServerRequest.HttpServerRequest
    const { user } = yield* (yield* RequestAuth).user(request)
    return HttpServerResponse.jsonUnsafe({ id: user.id, primaryEmail: user.primaryEmail })
  }).pipe(
    Effect.catchTags({ Unauthenticated: unauthorized, InvalidSession: unauthorized, MalformedAuthJson: unauthorized })
  )
)

/** The server on a free port of 127.0.0.1, its routes on the server tier (secret server key). */
const AppServerLive = HttpRouter.serve(MeRoute, { disableLogger: true, disableListenLog: true }).pipe(
  Layer.provideMerge(NodeHttpServer.layer(createServer, { port: 0, host: "127.0.0.1" })),
  Layer.provide(serverTierFromEnv({ tokenStore: "memory" })),
  Layer.provide(localBackendDefaults)
)

// --- the app's client -------------------------------------------------------------------------------

const ClientLive = clientTierFromEnv({ tokenStore: "memory" }).pipe(Layer.provide(localBackendDefaults))

const email = `app-server-example-${Date.now().toString(36)}@example.com`
const password = "correct horse battery staple"

/** Signs a new user up; answers their id and the headers that carry their session. */
const signUpAndGetHeaders = Effect.gen(function* () {
  const signedUp = yield* (yield* Auth)
    .signUpWithCredential({ email, password, passwordConfirmation: password })
    .pipe(Effect.catchTag(signUpRefusals, stop("signing up")))
  return { userId: signedUp.userId, headers: yield* (yield* CurrentUser).authHeaders }
}).pipe(Effect.provide(ClientLive))

/** `GET url` with `headers`: the status and the JSON body. */
const get = (url: string, headers: Readonly<Record<string, string>> = {}) =>
  Effect.tryPromise({
    try: async () => {
      const answer = await fetch(url, { headers })
      return { status: answer.status, body: (await answer.json()) as Readonly<Record<string, unknown>> }
    },
    catch: (error) => new ExampleStopped({ message: `calling the app server: ${String(error)}` })
  })

const program = Effect.gen(function* () {
  const baseUrl = HttpServer.formatAddress((yield* HttpServer.HttpServer).address)
  yield* Console.log("app server listening")

  const { headers, userId } = yield* signUpAndGetHeaders
  yield* Console.log(`signed up ${email} as ${userId}`)

  const me = yield* get(`${baseUrl}/api/me`, headers)
  yield* Console.log(
    `GET /api/me with the session headers: ${me.status}, the server read user ${String(me.body["id"])}`
  )

  const anonymous = yield* get(`${baseUrl}/api/me`)
  yield* Console.log(`GET /api/me without a session: ${anonymous.status} ${String(anonymous.body["error"])}`)
}).pipe(
  Effect.provide(AppServerLive),
  // Its YieldableError carries the message of the socket failure (e.g. no free port).
  Effect.catchTag("ServeError", stop("starting the app server")),
  Effect.andThen(Console.log("app server stopped"))
)

await runExample(program.pipe(Effect.catchTags(whenAClientCallFails)))
