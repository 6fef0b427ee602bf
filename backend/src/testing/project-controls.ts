/**
 * What a test controls about its own project on the shared worker backend: the clock its requests see and
 * the faults they meet. The backend is one per worker and tests may run side by side, so both are kept per
 * project and chosen per request from the project the request names (the `X-Stack-Project-Id` header, or
 * the `client_id` of the form-encoded token endpoint, which sends no `X-Stack-*` headers).
 */
import * as Clock from "effect/Clock"
import * as Effect from "effect/Effect"
import type * as HttpServerRequest from "effect/http/HttpServerRequest"
import * as HttpServerResponse from "effect/http/HttpServerResponse"
import { NodeHttpServerRequest } from "@effect/platform-node"
import { API_PATH_PREFIX, STACK_HEADERS } from "@stackfx/lib/domain/api.js"
import { answerStyleOf } from "../http/auth.js"
import { knownErrorResponse } from "../http/respond.js"
import { pathOf } from "../http/request.js"
import type { RequestWrapper } from "../server.js"
import { type ActiveFault, type FaultAnswer, type FaultRequest, takeFault } from "./faults.js"
import { HttpServerRequest as Request } from "effect/http/HttpServerRequest"

export interface ProjectControls {
  /** The clock the backend uses for this project's requests. */
  readonly clock: Clock.Clock
  /** The faults still to inject, first match first. */
  readonly faults: Array<ActiveFault>
}

const controls = new Map<string, ProjectControls>()

/** Puts a project under the test's control until the returned function is called. */
export const controlProject = (projectId: string, project: ProjectControls): (() => void) => {
  controls.set(projectId, project)
  return () => void controls.delete(projectId)
}

/**
 * A clock whose time is `source`'s (a test's `TestClock`, or the real time plus an offset) and whose
 * sleeps are real: the backend's own waits (none on a request's path today) must not hang on a clock
 * that only moves when the test says so.
 */
export const followingClock = (source: () => number): Clock.Clock => {
  const live = Effect.runSync(Clock.clockWith(Effect.succeed))
  const nanos = () => BigInt(source()) * 1_000_000n
  return {
    currentTimeMillisUnsafe: source,
    currentTimeMillis: Effect.sync(source),
    currentTimeNanosUnsafe: nanos,
    currentTimeNanos: Effect.sync(nanos),
    monotonicTimeNanosUnsafe: nanos,
    monotonicTimeNanos: Effect.sync(nanos),
    sleep: live.sleep
  }
}

const header = (request: HttpServerRequest.HttpServerRequest, name: string): string | undefined => {
  const value = request.headers[name]
  return value === undefined || value === "" ? undefined : value
}

/**
 * A request whose body text was already read: the router hands the routes a modified copy of the request
 * (`modify`), which would read the body from the consumed stream again, so every copy answers the text read.
 */
const keepingText = (request: HttpServerRequest.HttpServerRequest, text: string): HttpServerRequest.HttpServerRequest =>
  new Proxy(request, {
    get: (target, property) => {
      if (property === "text") return Effect.succeed(text)
      if (property === "modify")
        return (options: Parameters<HttpServerRequest.HttpServerRequest["modify"]>[0]) =>
          keepingText(target.modify(options), text)
      const value: unknown = Reflect.get(target, property, target)
      return typeof value === "function" ? value.bind(target) : value
    }
  })

/**
 * The project a request is for, and the request to hand on. Only the form-encoded token endpoint names it
 * in the body (`client_id`); its body is read here once and kept for the route.
 */
const projectOf = (
  request: HttpServerRequest.HttpServerRequest
): Effect.Effect<{ readonly projectId: string | undefined; readonly request: HttpServerRequest.HttpServerRequest }> => {
  const named = header(request, STACK_HEADERS.projectId)
  if (named !== undefined) return Effect.succeed({ projectId: named, request })
  const isForm = (header(request, "content-type") ?? "").startsWith("application/x-www-form-urlencoded")
  if (!isForm || request.method !== "POST") return Effect.succeed({ projectId: undefined, request })
  return request.text.pipe(
    Effect.map((text) => ({
      projectId: new URLSearchParams(text).get("client_id") ?? undefined,
      request: keepingText(request, text)
    })),
    Effect.orElseSucceed(() => ({ projectId: undefined, request }))
  )
}

const apiPath = (request: HttpServerRequest.HttpServerRequest): string => {
  const path = pathOf(request)
  return path.startsWith(`${API_PATH_PREFIX}/`) ? path.slice(API_PATH_PREFIX.length) : path
}

const answerWith = <E, R>(
  answer: FaultAnswer,
  request: HttpServerRequest.HttpServerRequest,
  app: Effect.Effect<HttpServerResponse.HttpServerResponse, E, R>
): Effect.Effect<HttpServerResponse.HttpServerResponse, E, R> => {
  switch (answer._tag) {
    case "Status":
      return Effect.succeed(
        HttpServerResponse.text(answer.body, {
          status: answer.status,
          headers: Object.fromEntries(Object.entries(answer.headers).filter(([name]) => name !== "content-type")),
          contentType: answer.headers["content-type"] ?? "text/plain"
        })
      )
    case "KnownError":
      return Effect.succeed(knownErrorResponse(answer.error, answerStyleOf(request.headers)))
    case "Delay":
      return Effect.andThen(Effect.sleep(answer.millis), app)
    case "Drop":
      return Effect.sync(() => {
        NodeHttpServerRequest.toIncomingMessage(request).socket?.destroy()
        return HttpServerResponse.empty({ status: 499 })
      })
  }
}

/** The wrapper the kit's backend puts around every request: the project's clock, then its faults. */
export const aroundRequest: RequestWrapper = (app) =>
  Effect.gen(function* () {
    const { projectId, request } = yield* projectOf(yield* Request)
    const withRequest = Effect.provideService(app, Request, request)
    const project = projectId === undefined ? undefined : controls.get(projectId)
    if (project === undefined) return yield* withRequest
    const timed = Effect.provideService(withRequest, Clock.Clock, project.clock)
    const faultRequest: FaultRequest = { method: request.method, path: apiPath(request), headers: request.headers }
    const answer = pathOf(request).startsWith(API_PATH_PREFIX) ? takeFault(project.faults, faultRequest) : undefined
    return yield* answer === undefined ? timed : answerWith(answer, request, timed)
  })
