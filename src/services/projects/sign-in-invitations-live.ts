/** The implementation of {@link SignInInvitations}, loaded on first use (see lazy-service.ts): a declared call. */
import { implement } from "../http/service-calls.js"
import { SignInInvitationsCalls } from "./sign-in-invitations-calls.js"

export const makeSignInInvitations = implement(SignInInvitationsCalls)
