/** Anonymous sign-up: a user with no e-mail or password, whose tokens are anonymous (docs/wire.md, "Tokens"). */
import * as Effect from "effect/Effect"
import { AuthAnonymousApi } from "@stackfx/lib/contract/auth.js"
import { serve, unreachable } from "../../http/serve.js"
import { createSession } from "../../operations/auth/sessions.js"
import { createUser } from "../../operations/users/create-user.js"

export const routes = [
  // No body. The hosted route checks nothing else: it signs up even where sign-up is disabled (the
  // project setting is about accounts with credentials), and evaluates no sign-up rules.
  serve(AuthAnonymousApi.signUp, ({ auth: { project } }) =>
    Effect.gen(function* () {
      const user = yield* createUser(project, { isAnonymous: true }).pipe(
        // No e-mail, no password, no team selected, and no sign-up rules evaluated.
        unreachable("ContactChannelAlreadyUsedForAuthBySomeoneElse", "TeamMembershipNotFound", "SignUpRejected")
      )
      const session = yield* createSession({ projectId: project.id, userId: user.id })
      return { accessToken: session.accessToken, refreshToken: session.refreshToken, userId: user.id }
    })
  )
]
