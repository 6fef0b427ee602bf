/**
 * `GET /api/v1`: a short text saying how the request authenticated. Clients use it to check their project
 * headers, so it runs the same checks as every endpoint (a key without an access type, an access type
 * without a project id, wrong keys) but, like the hosted service, also answers a request without any.
 */
import * as Effect from "effect/Effect"
import * as HttpServerResponse from "effect/http/HttpServerResponse"
import { ApiRootApi } from "@stackfx/lib/contract/api-root.js"
import { type Auth, authenticate } from "../http/auth.js"
import { queryOf, requireInput } from "../http/request.js"
import { serve } from "../http/serve.js"

/** The service's welcome line since its rename to Hexclave. */
const WELCOME = "Welcome to the Hexclave API endpoint! Please refer to the documentation at https://docs.hexclave.com."

const capitalized = (word: string) => `${word.charAt(0).toUpperCase()}${word.slice(1)}`

/**
 * The body text. The detail lines are indented by two spaces under the access type, as the service's template
 * (two nested `deindent`s in its `api/latest/route.ts` at 2f719903) leaves them.
 */
export const apiRootText = (auth: Auth | undefined): string => {
  if (auth === undefined) return `${WELCOME}\n\nAuthentication: None`
  const user = auth.user === undefined ? "None" : (auth.user.primaryEmail ?? auth.user.id)
  return [
    WELCOME,
    "",
    `Authentication: ${capitalized(auth.accessType)}`,
    `  Project: ${auth.project.id}`,
    `  User: ${user}`
  ].join("\n")
}

export const routes = [
  // Public, as the hosted root answers without project headers too; the headers a request has are still
  // checked (before the query, as there).
  serve(ApiRootApi.get, ({ request }) =>
    Effect.gen(function* () {
      const auth = yield* authenticate(request.headers)
      const unknown = Object.keys(queryOf(request))
      yield* requireInput(request, unknown.length === 0, `query contains unknown properties: ${unknown.join(", ")}`)
      return HttpServerResponse.text(apiRootText(auth))
    })
  )
]
