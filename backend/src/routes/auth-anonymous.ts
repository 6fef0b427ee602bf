/** Anonymous sign-up: a user with no e-mail or password, whose tokens are anonymous (docs/wire.md, "Tokens"). */
import * as Effect from "effect/Effect"
import { PasswordSignInResponse } from "@stackfx/lib/domain/tokens.js"
import { ALL } from "../http/access.js"
import { endpoint } from "../http/endpoint.js"
import { encoded } from "../http/respond.js"
import { createSession } from "../operations/sessions.js"
import { createUser } from "../operations/users.js"

export const routes = [
  endpoint({
    method: "POST",
    path: "/auth/anonymous/sign-up",
    access: ALL,
    // No body. The hosted route checks nothing else: it signs up even where sign-up is disabled (the
    // project setting is about accounts with credentials), and evaluates no sign-up rules.
    handler: ({ auth: { project } }) =>
      Effect.gen(function*() {
        const user = yield* createUser(project, { isAnonymous: true })
        const session = yield* createSession({ projectId: project.id, userId: user.id })
        return yield* encoded(PasswordSignInResponse, {
          accessToken: session.accessToken,
          refreshToken: session.refreshToken,
          userId: user.id
        })
      })
  })
]
