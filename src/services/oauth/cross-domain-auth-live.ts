/** The implementation of {@link CrossDomainAuth}, loaded on first use: its member is a declared call. */
import { implement } from "../http/service-calls.js"
import { CrossDomainAuthCalls } from "./cross-domain-auth-calls.js"

export const makeCrossDomainAuth = implement(CrossDomainAuthCalls)
