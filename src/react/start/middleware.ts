/**
 * TanStack Start's side of the request's user: the server halves of a request middleware (for `createStart`'s
 * `requestMiddleware`: every page, loader and server function of the request) and of a server-function
 * middleware, both putting the request's `StackRequest` in the context as `stack`. The app wraps them with
 * `createMiddleware` in a module of its own, so that Start's compiler strips them (and the server module
 * holding the secret key) from the browser's bundle. The `Set-Cookie` lines of a refresh or a sign-out go
 * out through Start's response headers.
 *
 * @example
 * // src/stack-server.ts (server code only)
 * export const stack = stackStartServer({ projectId, publishableClientKey, secretServerKey, baseUrl })
 * // src/stack-middleware.ts
 * export const stackRequestMiddleware = createMiddleware({ type: "request" }).server(stack.requestServer)
 * export const stackFunctionMiddleware = createMiddleware({ type: "function" }).server(stack.functionServer)
 * // src/start.ts
 * export const startInstance = createStart(() => ({ requestMiddleware: [stackRequestMiddleware] }))
 * // a server function
 * export const getSnapshot = createServerFn({ method: "GET" })
 *   .middleware([stackFunctionMiddleware])
 *   .handler(({ context }) => context.stack.snapshot())
 */
import * as Effect from "effect/Effect"
import type { FunctionMiddlewareServerFn, RequestServerFn } from "@tanstack/react-start"
import { appendResponseHeader, getRequest } from "@tanstack/react-start/server"
import { makeStackRequests, type StackRequest, type StackStartServerOptions } from "./request-user.js"
import { makeSharedRefreshes } from "./shared-refresh.js"

/** The context the middlewares add: `context.stack`. */
export interface StackStartContext {
  readonly stack: StackRequest
}

/**
 * The middlewares of one app, over one server tier (built by the first request). A request's user is
 * resolved once, whichever of the two asks first.
 */
export const stackStartServer = (options: StackStartServerOptions) => {
  const requests = makeStackRequests(options, makeSharedRefreshes())
  // Keyed by the request object: the page's middleware and its server functions' share one resolution.
  const resolved = new WeakMap<Request, Promise<StackRequest>>()
  const stackOf = (request: Request): Promise<StackRequest> => {
    const known = resolved.get(request)
    if (known !== undefined) return known
    const resolving = Effect.runPromise(
      requests.resolve({
        headers: request.headers,
        url: request.url,
        setCookie: (line) => appendResponseHeader("set-cookie", line)
      })
    )
    resolved.set(request, resolving)
    return resolving
  }

  /**
   * The server half of a request middleware: `createMiddleware({ type: "request" }).server(
   * stack.requestServer)` in the app's own module (see `functionServer`).
   */
  const requestServer: RequestServerFn<{}, undefined, StackStartContext> = async ({ next, request }) =>
    next({ context: { stack: await stackOf(request) } })

  /**
   * The server half of a server-function middleware: `createMiddleware({ type: "function" }).server(
   * stack.functionServer)`, written in the app's own module so that Start's compiler keeps it (and this
   * module, with the secret key) out of the browser's bundle.
   */
  const functionServer: FunctionMiddlewareServerFn<
    {},
    unknown,
    undefined,
    undefined,
    StackStartContext,
    undefined
  > = async ({ next }) => next({ context: { stack: await stackOf(getRequest()) } })

  return { requestServer, functionServer, stackOf }
}
