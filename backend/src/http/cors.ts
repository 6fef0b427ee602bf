/**
 * CORS for browser clients: localhost origins (any port) and every project's trusted domains may call;
 * every `x-stack-*` request header and its `x-hexclave-*` spelling is allowed, and the answer headers are
 * exposed under both names. The request ids are exposed too: the Hexclave SDK reads them to tell an answer of
 * the API from one of something in front of it.
 */
import * as Effect from "effect/Effect"
import { isTrustedRedirect } from "@stackfx/lib/domain/rules/redirect-trust.js"
import { ANSWER_HEADERS } from "@stackfx/lib/errors/wire-response.js"
import { Projects } from "../store/projects/project-lookup.js"

const EXPOSED = [
  ...ANSWER_HEADERS.actualStatus,
  ...ANSWER_HEADERS.knownError,
  ...ANSWER_HEADERS.requestId,
  "content-type"
].join(", ")
const METHODS = "GET, POST, PUT, PATCH, DELETE, OPTIONS"

/** The allowed subset of a preflight's `Access-Control-Request-Headers`. */
const allowedRequestHeaders = (requested: string | undefined): string =>
  (requested ?? "")
    .split(",")
    .map((h) => h.trim().toLowerCase())
    .filter((h) => h.startsWith("x-stack-") || h.startsWith("x-hexclave-") || h === "content-type")
    .join(", ") || "content-type"

/** CORS headers for a request from `origin`; empty when the origin is not allowed (or absent). */
export const corsHeaders = (origin: string | undefined, requestedHeaders?: string) =>
  Effect.gen(function* () {
    if (origin === undefined || origin === "" || origin === "null") return {}
    const projects = yield* Projects
    const trustedDomains = yield* projects.trustedDomains
    if (!isTrustedRedirect(origin, { trustedDomains, allowLocalhost: true }) || !URL.canParse(origin)) return {}
    const headers: Record<string, string> = {
      "access-control-allow-origin": origin,
      "access-control-expose-headers": EXPOSED,
      vary: "Origin"
    }
    if (requestedHeaders === undefined) return headers
    return {
      ...headers,
      "access-control-allow-methods": METHODS,
      "access-control-allow-headers": allowedRequestHeaders(requestedHeaders),
      "access-control-max-age": "86400"
    }
  })
