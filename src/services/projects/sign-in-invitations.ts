/**
 * Sign-in invitations (server and admin tiers): an e-mail inviting an address to sign in at a trusted URL, for
 * people who have no account yet. Its member is declared in the table below.
 */
import { functionCall, implement } from "../http/service-calls.js"
import { SignInInvitationsApi } from "../../contract/admin.js"

const nothing = (): void => undefined

/** E-mails invitations to sign in (server, admin). */
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

export const makeSignInInvitations = implement(SignInInvitationsCalls)
