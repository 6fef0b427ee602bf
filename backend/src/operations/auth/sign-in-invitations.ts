/**
 * `POST /internal/send-sign-in-invitation`: an e-mail (the project's sign-in invitation template) inviting an
 * address to sign in at a callback URL on the project's trusted domains. The link is the callback URL itself:
 * the invitation carries no code, and signing in is up to the page it leads to.
 */
import * as Effect from "effect/Effect"
import type { RedirectUrlNotWhitelisted } from "@stackfx/lib/errors/known/sign-in.js"
import type { Db } from "../../store/db.js"
import type { StoredProject } from "../../store/projects/projects.js"
import { checkCallbackUrl, type SendEmailError, sendTemplateEmail } from "../email/email.js"

export const sendSignInInvitation = (
  project: StoredProject,
  email: string,
  callbackUrl: string
): Effect.Effect<void, SendEmailError | RedirectUrlNotWhitelisted, Db> =>
  Effect.gen(function* () {
    yield* checkCallbackUrl(project, callbackUrl)
    yield* sendTemplateEmail({
      project,
      type: "sign_in_invitation",
      to: email,
      callbackUrl,
      code: undefined,
      // The service names the project where the template says team.
      teamDisplayName: project.displayName
    })
  })
