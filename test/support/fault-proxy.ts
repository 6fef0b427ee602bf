/**
 * A fault-injecting HTTP proxy for tests: it sits on 127.0.0.1 (random port) in front of a target (the
 * local backend) and, per request, passes it through or injects a fault chosen by a programmable plan —
 * a queue of faults for the next API requests, then a function of the request.
 *
 * It records every request that arrived (with the fault it got) and every request it forwarded to the
 * target, so a test can check what the backend really saw, e.g. that a POST never reached it twice.
 *
 * @example
 * const proxy = await startFaultProxy(localBackend.url)
 * proxy.enqueue(faults.rateLimited({ retryAfter: "0" }), faults.dropAfterUpstream)
 * // ... point the client's baseUrl at proxy.url ...
 * proxy.upstream.filter((r) => r.method === "POST").length
 */
import * as Effect from "effect/Effect"
import type * as Scope from "effect/Scope"
import {
  createServer,
  type IncomingHttpHeaders,
  type IncomingMessage,
  type OutgoingHttpHeaders,
  request as httpRequest,
  type Server,
  type ServerResponse
} from "node:http"
import type { AddressInfo, Socket } from "node:net"

/** A synthetic answer the proxy sends instead of (or after) the target's. */
export interface SyntheticAnswer {
  readonly _tag: "Respond"
  /** A short name for records and test output, e.g. "429", "508-loop", "malformed-json". */
  readonly kind: string
  readonly status: number
  readonly headers: Readonly<Record<string, string>>
  readonly body: string
  /** Forward the request to the target first (it runs there), then replace its answer with this one. */
  readonly forward: boolean
}

/** What the proxy does with one request. */
export type Fault =
  | { readonly _tag: "Pass"; readonly kind: "pass" }
  | SyntheticAnswer
  /** The connection is cut before the request reaches the target: nothing happened upstream. */
  | { readonly _tag: "DropBeforeUpstream"; readonly kind: "drop-before" }
  /** The target handles the request, then the client's connection is reset instead of getting the answer. */
  | { readonly _tag: "DropAfterUpstream"; readonly kind: "drop-after" }
  /** The target handles the request; the client gets the status line, headers and half the body, then a reset. */
  | { readonly _tag: "DropMidAnswer"; readonly kind: "drop-mid-answer" }
  /** Waits `ms` (real time), then applies `then`. */
  | { readonly _tag: "Delay"; readonly kind: string; readonly ms: number; readonly then: Fault }
  /** Waits until `release` resolves (the test decides when) or the client leaves, then applies `then`. */
  | { readonly _tag: "Hold"; readonly kind: string; readonly release: Promise<void>; readonly then: Fault }

const respond = (
  kind: string,
  status: number,
  body: string,
  headers: Readonly<Record<string, string>> = {},
  forward = false
): SyntheticAnswer => ({ _tag: "Respond", kind, status, headers, body, forward })

/** The status-override convention of docs/wire.md: 4xx answers come as 200 with the real status in a header. */
const overridden = (status: number, headers: Readonly<Record<string, string>>) => ({
  status: 200,
  headers: { ...headers, "x-stack-actual-status": String(status) }
})

export interface AnswerOptions {
  /** Let the target run the request first (its answer is thrown away). Default false. */
  readonly forward?: boolean
}

const pass: Fault = { _tag: "Pass", kind: "pass" }

/** Constructors for every fault the proxy can inject. */
export const faults = {
  pass,

  /** 429, with `Retry-After` when given (e.g. "0", "1", or an HTTP date); `override` sends it as 200 + x-stack-actual-status. */
  rateLimited: (options: AnswerOptions & { readonly retryAfter?: string; readonly override?: boolean } = {}): Fault => {
    const headers: Record<string, string> = { "content-type": "text/plain" }
    if (options.retryAfter !== undefined) headers["retry-after"] = options.retryAfter
    const answer = options.override === true ? overridden(429, headers) : { status: 429, headers }
    const kind = `429${options.retryAfter === undefined ? "" : `-after-${options.retryAfter}`}`
    return respond(kind, answer.status, "Too many requests", answer.headers, options.forward === true)
  },

  /** 500, 502, 503 (or any status) with a plain-text body, as a gateway or a crashed server sends it. */
  serverError: (status: number = 500, options: AnswerOptions & { readonly body?: string } = {}): Fault =>
    respond(
      String(status),
      status,
      options.body ?? `Injected ${status}`,
      { "content-type": "text/plain" },
      options.forward === true
    ),

  /** 508 whose body says INFINITE_LOOP_DETECTED (the hosting platform's transient loop guard). */
  loopDetected: (options: AnswerOptions = {}): Fault =>
    respond("508-loop", 508, "INFINITE_LOOP_DETECTED", { "content-type": "text/plain" }, options.forward === true),

  dropBeforeUpstream: { _tag: "DropBeforeUpstream", kind: "drop-before" } as Fault,
  dropAfterUpstream: { _tag: "DropAfterUpstream", kind: "drop-after" } as Fault,
  dropMidAnswer: { _tag: "DropMidAnswer", kind: "drop-mid-answer" } as Fault,

  /** Waits `ms` of real time, then does `then` (pass by default). */
  delay: (ms: number, then: Fault = pass): Fault => ({
    _tag: "Delay",
    kind: then._tag === "Pass" ? `delay-${ms}` : `delay-${ms}+${then.kind}`,
    ms,
    then
  }),

  /** Holds the request until `release` resolves, then does `then` (pass by default); not if the client left. */
  hold: (release: Promise<void>, then: Fault = pass): Fault => ({
    _tag: "Hold",
    kind: then._tag === "Pass" ? "held" : `held+${then.kind}`,
    release,
    then
  }),

  /** 200 with `content-type: application/json` and a body that is not JSON. */
  malformedJson: (options: AnswerOptions = {}): Fault =>
    respond("malformed-json", 200, `{"id": "trunc`, { "content-type": "application/json" }, options.forward === true),

  /** A well-formed known error under the override convention (200 + x-stack-actual-status + x-stack-known-error). */
  knownError: (
    code: string,
    status: number,
    options: AnswerOptions & { readonly details?: Readonly<Record<string, unknown>>; readonly message?: string } = {}
  ): Fault => {
    const answer = overridden(status, { "content-type": "application/json", "x-stack-known-error": code })
    const body = JSON.stringify({
      code,
      ...(options.details === undefined ? {} : { details: options.details }),
      error: options.message ?? `Injected ${code}`
    })
    return respond(`known-${code}`, answer.status, body, answer.headers, options.forward === true)
  },

  /** An OAuth error answer of the token endpoint, e.g. `invalid_grant` (a refused refresh token). */
  oauthError: (error = "invalid_grant", options: AnswerOptions & { readonly status?: number } = {}): Fault =>
    respond(
      `oauth-${error}`,
      options.status ?? 400,
      JSON.stringify({ error, error_description: `Injected ${error}` }),
      { "content-type": "application/json" },
      options.forward === true
    ),

  /** A known-error header that disagrees with the body's code (an internal error for the client). */
  knownErrorMismatch: (
    options: AnswerOptions & { readonly headerCode?: string; readonly bodyCode?: string; readonly status?: number } = {}
  ): Fault => {
    const headerCode = options.headerCode ?? "USER_NOT_FOUND"
    const bodyCode = options.bodyCode ?? "TEAM_NOT_FOUND"
    const answer = overridden(options.status ?? 404, {
      "content-type": "application/json",
      "x-stack-known-error": headerCode
    })
    const body = JSON.stringify({ code: bodyCode, error: `Injected ${bodyCode} under ${headerCode}` })
    return respond("known-mismatch", answer.status, body, answer.headers, options.forward === true)
  }
} as const

/** A request as it reached the proxy. */
export interface ProxiedRequest {
  /** Position among all requests the proxy received, from 0. */
  readonly index: number
  readonly method: string
  /** The path without the query string, e.g. `/api/v1/users/me`. */
  readonly path: string
  /** Path and query string as sent. */
  readonly url: string
  readonly headers: IncomingHttpHeaders
  readonly body: string
}

/** Every request that reached the proxy, with the fault it got (`kind` of the fault, "pass" for none). */
export interface Arrival extends ProxiedRequest {
  readonly fault: string
  /** `Date.now()` on arrival. */
  readonly at: number
}

/** A request the proxy forwarded to the target, and what the target answered (status undefined: no answer). */
export interface UpstreamRecord {
  readonly index: number
  readonly method: string
  readonly path: string
  readonly url: string
  readonly body: string
  readonly status: number | undefined
}

/** Chooses the fault for a request the queue did not claim. */
export type FaultPlan = (request: ProxiedRequest) => Fault

/** Which requests the queue applies to: by default the REST API, so health probes pass untouched. */
export type RequestMatcher = (request: ProxiedRequest) => boolean

export const isApiRequest: RequestMatcher = (request) => request.path.startsWith("/api/")

export interface FaultProxy {
  /** `http://127.0.0.1:<port>`, to use as the client's base URL. */
  readonly url: string
  readonly target: string
  /** Faults for the next matching requests, in order; once used up, the plan decides again. */
  readonly enqueue: (...faults: ReadonlyArray<Fault>) => void
  /** Replaces the plan (pass-through by default). */
  readonly setPlan: (plan: FaultPlan) => void
  /** Replaces which requests the queue applies to (default: `isApiRequest`). */
  readonly setQueueMatcher: (matcher: RequestMatcher) => void
  /** Faults still queued. */
  readonly pending: () => number
  readonly arrivals: ReadonlyArray<Arrival>
  readonly upstream: ReadonlyArray<UpstreamRecord>
  /** Resolves once `count` requests have arrived since the last reset (at once if they have). */
  readonly arrived: (count: number) => Promise<void>
  /** Resolves once every request that has arrived is done with: answered, cut, forwarded or abandoned. */
  readonly settled: () => Promise<void>
  /** Clears records and the queue, and restores pass-through. */
  readonly reset: () => void
  readonly close: () => Promise<void>
}

export interface FaultProxyOptions {
  readonly plan?: FaultPlan
  readonly queueMatcher?: RequestMatcher
}

// Hop-by-hop headers and the ones the proxy recomputes because it buffers bodies.
const skippedHeaders = new Set([
  "connection",
  "keep-alive",
  "proxy-connection",
  "transfer-encoding",
  "upgrade",
  "te",
  "trailer",
  "content-length",
  "host"
])

const forwardableHeaders = (headers: IncomingHttpHeaders): OutgoingHttpHeaders => {
  const out: OutgoingHttpHeaders = {}
  for (const [name, value] of Object.entries(headers)) {
    if (value !== undefined && !skippedHeaders.has(name.toLowerCase())) out[name] = value
  }
  return out
}

const readBody = (stream: IncomingMessage): Promise<Buffer> =>
  new Promise((resolve, reject) => {
    const chunks: Array<Buffer> = []
    stream.on("data", (chunk: Buffer) => chunks.push(chunk))
    stream.on("end", () => resolve(Buffer.concat(chunks)))
    stream.on("error", reject)
  })

interface UpstreamAnswer {
  readonly status: number
  readonly headers: IncomingHttpHeaders
  readonly body: Buffer
}

const sendUpstream = (
  target: URL,
  method: string,
  url: string,
  headers: IncomingHttpHeaders,
  body: Buffer
): Promise<UpstreamAnswer> =>
  new Promise((resolve, reject) => {
    const outgoing = httpRequest(
      {
        protocol: target.protocol,
        hostname: target.hostname,
        port: target.port,
        method,
        path: url,
        headers: { ...forwardableHeaders(headers), host: target.host, "content-length": String(body.length) }
      },
      (response) => {
        readBody(response).then(
          (responseBody) =>
            resolve({ status: response.statusCode ?? 502, headers: response.headers, body: responseBody }),
          reject
        )
      }
    )
    outgoing.on("error", reject)
    outgoing.end(body)
  })

/** Cuts the connection with a TCP reset where Node supports it, so the client sees ECONNRESET. */
const resetSocket = (socket: Socket): void => {
  const withReset = socket as Socket & { resetAndDestroy?: () => void }
  if (typeof withReset.resetAndDestroy === "function") withReset.resetAndDestroy()
  else socket.destroy()
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms))

/** Starts a proxy in front of `target` (e.g. the local backend's base URL). */
export const startFaultProxy = async (target: string, options: FaultProxyOptions = {}): Promise<FaultProxy> => {
  const targetUrl = new URL(target)
  const arrivals: Array<Arrival> = []
  const upstream: Array<UpstreamRecord> = []
  let queue: Array<Fault> = []
  let plan: FaultPlan = options.plan ?? (() => pass)
  let queueMatcher: RequestMatcher = options.queueMatcher ?? isApiRequest
  let nextIndex = 0
  const inFlight = new Set<Promise<void>>()
  let arrivalWaiters: Array<{ readonly count: number; readonly resolve: () => void }> = []
  const noteArrival = () => {
    const [due, later] = [
      arrivalWaiters.filter((w) => arrivals.length >= w.count),
      arrivalWaiters.filter((w) => arrivals.length < w.count)
    ]
    arrivalWaiters = later
    for (const waiter of due) waiter.resolve()
  }

  const choose = (request: ProxiedRequest): Fault => {
    if (queue.length > 0 && queueMatcher(request)) return queue.shift() ?? pass
    return plan(request)
  }

  const forward = async (request: ProxiedRequest, rawBody: Buffer): Promise<UpstreamAnswer | undefined> => {
    const record = {
      index: request.index,
      method: request.method,
      path: request.path,
      url: request.url,
      body: request.body
    }
    try {
      const answer = await sendUpstream(targetUrl, request.method, request.url, request.headers, rawBody)
      upstream.push({ ...record, status: answer.status })
      return answer
    } catch {
      upstream.push({ ...record, status: undefined })
      return undefined
    }
  }

  const writeAnswer = (res: ServerResponse, status: number, headers: OutgoingHttpHeaders, body: Buffer | string) => {
    if (res.destroyed) return
    res.writeHead(status, { ...headers, "content-length": String(Buffer.byteLength(body)) })
    res.end(body)
  }

  const apply = async (fault: Fault, request: ProxiedRequest, rawBody: Buffer, res: ServerResponse): Promise<void> => {
    switch (fault._tag) {
      case "Delay": {
        await sleep(fault.ms)
        // A client that gave up while we waited is gone; its request never reaches the target.
        if (res.destroyed || res.socket === null || res.socket.destroyed) return
        return apply(fault.then, request, rawBody, res)
      }
      case "Hold": {
        // A client that gives up ends the hold at once: nothing is left to answer.
        await Promise.race([fault.release, new Promise<void>((resolve) => res.once("close", () => resolve()))])
        if (res.destroyed || res.socket === null || res.socket.destroyed) return
        return apply(fault.then, request, rawBody, res)
      }
      case "DropBeforeUpstream": {
        if (res.socket !== null) resetSocket(res.socket)
        return
      }
      case "DropAfterUpstream": {
        await forward(request, rawBody)
        if (res.socket !== null) resetSocket(res.socket)
        return
      }
      case "DropMidAnswer": {
        const answer = await forward(request, rawBody)
        if (res.destroyed || res.socket === null) return
        const body = answer?.body ?? Buffer.from("{}")
        res.writeHead(answer?.status ?? 200, {
          ...(answer === undefined ? {} : forwardableHeaders(answer.headers)),
          "content-length": String(body.length + 1)
        })
        const socket = res.socket
        // Flush what was written before the reset, so the client is really mid-body when it comes.
        res.write(body.subarray(0, Math.floor(body.length / 2)), () => setTimeout(() => resetSocket(socket), 10))
        return
      }
      case "Respond": {
        if (fault.forward) await forward(request, rawBody)
        writeAnswer(res, fault.status, { ...fault.headers, "cache-control": "no-store" }, fault.body)
        return
      }
      case "Pass": {
        const answer = await forward(request, rawBody)
        if (answer === undefined) {
          writeAnswer(res, 502, { "content-type": "text/plain" }, "fault-proxy: the target did not answer")
          return
        }
        writeAnswer(res, answer.status, forwardableHeaders(answer.headers), answer.body)
        return
      }
    }
  }

  const handle = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const rawBody = await readBody(req)
    const url = req.url ?? "/"
    const queryAt = url.indexOf("?")
    const request: ProxiedRequest = {
      index: nextIndex++,
      method: req.method ?? "GET",
      path: queryAt === -1 ? url : url.slice(0, queryAt),
      url,
      headers: req.headers,
      body: rawBody.toString("utf8")
    }
    const fault = choose(request)
    arrivals.push({ ...request, fault: fault.kind, at: Date.now() })
    noteArrival()
    await apply(fault, request, rawBody, res)
  }

  const server: Server = createServer((req, res) => {
    const handling = handle(req, res).catch((error: unknown) => {
      // A proxy bug must show up in the test, not hang it: answer 599 so the client sees an HttpError.
      writeAnswer(res, 599, { "content-type": "text/plain" }, `fault-proxy failed: ${String(error)}`)
    })
    inFlight.add(handling)
    void handling.finally(() => inFlight.delete(handling))
  })
  // Idle keep-alive sockets would otherwise hold `close()` open.
  server.keepAliveTimeout = 1000

  await new Promise<void>((resolve, reject) => {
    server.once("error", reject)
    server.listen(0, "127.0.0.1", () => resolve())
  })
  const port = (server.address() as AddressInfo).port

  return {
    url: `http://127.0.0.1:${port}`,
    target,
    enqueue: (...more) => {
      queue.push(...more)
    },
    setPlan: (next) => {
      plan = next
    },
    setQueueMatcher: (next) => {
      queueMatcher = next
    },
    pending: () => queue.length,
    arrivals,
    upstream,
    arrived: (count) =>
      new Promise<void>((resolve) => {
        if (arrivals.length >= count) resolve()
        else arrivalWaiters.push({ count, resolve })
      }),
    settled: async () => {
      while (inFlight.size > 0) await Promise.all(inFlight)
    },
    reset: () => {
      arrivals.length = 0
      upstream.length = 0
      queue = []
      plan = () => pass
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      })
  }
}

/** `startFaultProxy` as a scoped resource: closed when the scope ends. */
export const faultProxy = (
  target: string,
  options: FaultProxyOptions = {}
): Effect.Effect<FaultProxy, never, Scope.Scope> =>
  Effect.acquireRelease(
    Effect.promise(() => startFaultProxy(target, options)),
    (proxy) => Effect.promise(() => proxy.close())
  )
