/**
 * How an agent's wait for approval (`AgentAuth.waitFor`, `AgentAuth.signIn`) can end besides the service's known
 * errors: the service answers these with a poll status, not a known error.
 */
import * as Data from "effect/Data"

/** The person refused the agent on the confirm page. */
export class AgentAuthDenied extends Data.TaggedError("AgentAuthDenied")<{ readonly message: string }> {}

/** Nobody approved in time (or the person ended the agent's session before it was picked up). */
export class AgentAuthExpired extends Data.TaggedError("AgentAuthExpired")<{ readonly message: string }> {}

/** The approved session was already handed to an earlier poll. */
export class AgentAuthUsed extends Data.TaggedError("AgentAuthUsed")<{ readonly message: string }> {}

/** The polling schedule ended while the registration was still waiting. */
export class AgentAuthTimedOut extends Data.TaggedError("AgentAuthTimedOut")<{ readonly message: string }> {}
