/**
 * The backend's side of the testing kit's control (see control-protocol.ts): a wrapper around every request
 * of a backend the kit started in test mode. A request carrying the run's control secret may name its
 * project's time (the test's clock) and a fault to answer; the control routes open and delete a test's
 * project, make a signed-in fixture user, read its mail and report its time. The last time a request of a
 * project carried is kept (`ProjectTimes`): the webhook dispatcher times that project's deliveries by it. Nothing here exists in a normal `stackfx-backend` start: only `startTestBackend`
 * installs it, with a secret drawn at random for the run, compared in constant time. A wrong secret is a 403,
 * a control route without one a 404, as if it were not there.
 */
import { createHash, timingSafeEqual } from "node:crypto"
import * as Clock from "effect/Clock"
import * as Effect from "effect/Effect"
import * as Schema from "effect/Schema"
import * as HttpServerRequest from "effect/http/HttpServerRequest"
import * as HttpServerResponse from "effect/http/HttpServerResponse"
import { AdminProjectConfigUpdate } from "@stackfx/lib/domain/project.js"
import { ServerUserCreate } from "@stackfx/lib/domain/user-inputs.js"
import { RequestBaseUrl } from "../config.js"
import { conventionHeaders } from "../http/middleware.js"
import { pathOf } from "../http/request.js"
import { createSession } from "../operations/auth/sessions.js"
import { createProject, freshKeys } from "../operations/projects/project-setup.js"
import { createUser } from "../operations/users/create-user.js"
import type { RequestWrapper } from "../server.js"
import { Db } from "../store/db.js"
import type { Projects } from "../store/projects/project-lookup.js"
import { deleteProject, findProject } from "../store/projects/projects.js"
import {
  CONTROL_HEADERS,
  CONTROL_PREFIX,
  type MailList,
  NewProjectRequest,
  NewUserRequest,
  WireFault
} from "./control-protocol.js"
import { mailTo } from "./mail-store.js"
import { followingClock } from "./project-clock.js"
import type { ProjectTimesStore } from "../webhooks/project-times.js"
import { STACK_HEADERS } from "@stackfx/lib/domain/api.js"

const digest = (value: string) => createHash("sha256").update(value).digest()

/** Whether `given` is the secret, in time that does not depend on where they differ. */
const isSecret = (expected: Buffer) => (given: string) => timingSafeEqual(digest(given), expected)

const header = (request: HttpServerRequest.HttpServerRequest, name: string): string | undefined => {
  const value = request.headers[name]
  return value === undefined || value === "" ? undefined : value
}

const plain = (status: number, message: string) => HttpServerResponse.text(message, { status })
const json = (status: number, body: unknown) => HttpServerResponse.jsonUnsafe(body, { status })

const decodeFault = Schema.decodeUnknownOption(Schema.fromJsonString(WireFault))

const faultOf = (encoded: string): WireFault | undefined => {
  const decoded = decodeFault(Buffer.from(encoded, "base64url").toString("utf8"))
  return decoded._tag === "Some" ? decoded.value : undefined
}

/** The fault's answer, with the headers of every answer (CORS, request id): the router, which adds them, never runs. */
const answerFault = <E, R>(
  fault: WireFault,
  request: HttpServerRequest.HttpServerRequest,
  app: Effect.Effect<HttpServerResponse.HttpServerResponse, E, R>
): Effect.Effect<HttpServerResponse.HttpServerResponse, E, R | Projects> => {
  if (fault._tag === "Delay") return Effect.andThen(Effect.sleep(fault.millis), app)
  const { "content-type": contentType, ...headers } = fault.headers
  return Effect.map(conventionHeaders(request), (conventions) =>
    HttpServerResponse.text(fault.body, {
      status: fault.status,
      headers: { ...conventions, ...headers },
      contentType: contentType ?? "text/plain"
    })
  )
}

const readJson = <S extends Schema.Top & { readonly DecodingServices: never }>(
  request: HttpServerRequest.HttpServerRequest,
  schema: S
) =>
  request.text.pipe(
    Effect.flatMap((text) => Schema.decodeUnknownEffect(Schema.fromJsonString(schema))(text)),
    Effect.mapError((error) => plain(400, `testing kit control: bad request body (${error.message})`))
  )

const decodeConfig = Schema.decodeUnknownEffect(AdminProjectConfigUpdate)

const openProject = (request: HttpServerRequest.HttpServerRequest) =>
  Effect.gen(function* () {
    const input = yield* readJson(request, NewProjectRequest)
    const config = yield* decodeConfig(input.config).pipe(
      Effect.mapError((error) => plain(400, `testing kit control: bad project options (${error.message})`))
    )
    const keys = yield* freshKeys
    const created = yield* Db.transaction(
      createProject({ displayName: input.displayName, description: null, isProductionMode: false, config, keys })
    ).pipe(Effect.orDie)
    return json(201, { projectId: created.project.id, ...keys })
  })

const decodeUser = Schema.decodeUnknownEffect(ServerUserCreate)

/**
 * The fixture's user: what `POST /users` and then `POST /auth/sessions` do, in one call (the same
 * operations, without two requests, their key checks and the answers' user views).
 */
const signedInUser = (projectId: string, request: HttpServerRequest.HttpServerRequest) =>
  Effect.gen(function* () {
    const input = yield* readJson(request, NewUserRequest)
    const user = yield* decodeUser(input.user).pipe(
      Effect.mapError((error) => plain(400, `testing kit control: bad user (${error.message})`))
    )
    const project = yield* findProject(projectId).pipe(Effect.orDie)
    if (project === undefined) return plain(404, `testing kit control: no project ${projectId}`)
    const created = yield* createUser(project, user).pipe(Effect.mapError((error) => plain(400, error.message)))
    const session = yield* createSession({ projectId, userId: created.id }).pipe(
      Effect.orDie,
      Effect.provideService(RequestBaseUrl, input.baseUrl)
    )
    return json(201, { userId: created.id, accessToken: session.accessToken, refreshToken: session.refreshToken })
  })

const mailOf = (projectId: string, request: HttpServerRequest.HttpServerRequest) =>
  Effect.gen(function* () {
    const address = new URL(request.url, "http://localhost").searchParams.get("address")
    if (address === null) return plain(400, "testing kit control: the mail read needs ?address=")
    const all = yield* mailTo(projectId, address)
    const list: MailList = all.map((mail) => ({ ...mail, sentAt: mail.sentAt.getTime() }))
    return json(200, list)
  })

/** The control route's segments below `CONTROL_PREFIX`: `projects`, the project's id, what of it. */
const controlSegments = (path: string) =>
  path
    .slice(CONTROL_PREFIX.length)
    .split("/")
    .filter((s) => s !== "")

/** The control routes, below `CONTROL_PREFIX` (the caller's secret already checked). */
const control = (request: HttpServerRequest.HttpServerRequest, path: string, times: ProjectTimesStore) =>
  Effect.gen(function* () {
    const [collection, projectId, part] = controlSegments(path)
    if (collection !== "projects") return plain(404, `testing kit control: no route ${request.method} ${path}`)
    if (projectId === undefined && request.method === "POST") return yield* openProject(request)
    if (projectId !== undefined && part === undefined && request.method === "DELETE") {
      times.forget(projectId)
      yield* deleteProject(projectId).pipe(Effect.orDie)
      return HttpServerResponse.empty({ status: 204 })
    }
    // The project's time was kept by the wrapper, as for every request naming the project.
    if (projectId !== undefined && part === "time" && request.method === "POST")
      return HttpServerResponse.empty({ status: 204 })
    if (projectId !== undefined && part === "mail" && request.method === "GET") return yield* mailOf(projectId, request)
    if (projectId !== undefined && part === "users" && request.method === "POST")
      return yield* signedInUser(projectId, request)
    return plain(404, `testing kit control: no route ${request.method} ${path}`)
  }).pipe(Effect.catch((refusal: HttpServerResponse.HttpServerResponse) => Effect.succeed(refusal)))

/** The project a request names: the control route's, or the API's project header (either name). */
const projectOf = (request: HttpServerRequest.HttpServerRequest, path: string, isControl: boolean) => {
  if (isControl) {
    const [collection, projectId] = controlSegments(path)
    return collection === "projects" ? projectId : undefined
  }
  return header(request, "x-hexclave-project-id") ?? header(request, STACK_HEADERS.projectId)
}

/** The wrapper `startTestBackend` installs, for the run's `secret`; it reports the projects' times to `times`. */
export const testControl = (secret: string, times: ProjectTimesStore): RequestWrapper => {
  const matches = isSecret(digest(secret))
  return (app) =>
    Effect.gen(function* () {
      const request = yield* HttpServerRequest.HttpServerRequest
      const path = pathOf(request)
      const isControl = path === CONTROL_PREFIX || path.startsWith(`${CONTROL_PREFIX}/`)
      const given = header(request, CONTROL_HEADERS.secret)
      if (given === undefined) return yield* isControl ? Effect.succeed(plain(404, "Not found")) : app
      if (!matches(given)) return plain(403, "testing kit control: wrong control secret")
      const time = Number(header(request, CONTROL_HEADERS.time) ?? Number.NaN)
      const projectId = projectOf(request, path, isControl)
      if (Number.isFinite(time) && projectId !== undefined) times.report(projectId, time)
      const timed = <A, E, R>(effect: Effect.Effect<A, E, R>) =>
        Number.isFinite(time)
          ? Effect.provideService(
              effect,
              Clock.Clock,
              followingClock(() => time)
            )
          : effect
      if (isControl) return yield* timed(control(request, path, times))
      const fault = header(request, CONTROL_HEADERS.fault)
      const answer = fault === undefined ? undefined : faultOf(fault)
      if (fault !== undefined && answer === undefined) return plain(400, "testing kit control: unreadable fault")
      return yield* timed(answer === undefined ? app : answerFault(answer, request, app))
    })
}
