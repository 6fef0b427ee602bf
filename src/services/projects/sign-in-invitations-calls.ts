/** The member of {@link SignInInvitations}, a call of its declared endpoint (contract/admin.ts). */
import { SignInInvitationsApi } from "../../contract/admin.js"
import { functionCall } from "../http/service-calls.js"

const nothing = (): void => undefined

export const SignInInvitationsCalls = {
  /**
   * E-mails `email` an invitation to sign in at `callbackUrl` (the link is that URL; it must be on the
   * project's trusted domains, else `RedirectUrlNotWhitelisted`), with the project's sign-in invitation template.
   */
  send: functionCall(
    SignInInvitationsApi.send,
    "server",
    (email: string, callbackUrl: string) => ({ body: { email, callbackUrl } }),
    nothing
  )
}
