/** The implementation of {@link TestEmail}, loaded on first use (see lazy-service.ts): a declared call (test-email-calls.ts). */
import { implement } from "../http/service-calls.js"
import { TestEmailCalls } from "./test-email-calls.js"

export const makeTestEmail = implement(TestEmailCalls)
