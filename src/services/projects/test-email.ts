/**
 * Trying an SMTP configuration before saving it (admin tier). A failed send is an answer, not an error:
 * `{ success: false, errorMessage }` says what the mail server did. Its member is declared in test-email-calls.ts.
 */
import * as Context from "effect/Context"
import type * as Layer from "effect/Layer"
import { TestEmailMembers } from "../generated/member-kinds.js"
import { lazyLayer } from "../http/internal/lazy-service.js"
import type { ShapeOf } from "../http/service-calls.js"
import type { Transport } from "../http/transport.js"
import type { TestEmailCalls } from "./test-email-calls.js"

/** What the TestEmail service offers; see its tag for the rules. */
export type TestEmailShape = ShapeOf<typeof TestEmailCalls>

/** Sends a test e-mail through a given SMTP configuration (admin). */
export class TestEmail extends /* @__PURE__ */ Context.Service<TestEmail, TestEmailShape>()("stackfx/TestEmail") {
  static readonly layer: Layer.Layer<TestEmail, never, Transport> = /* @__PURE__ */ lazyLayer(
    TestEmail,
    TestEmailMembers,
    () => import("../live.js").then((m) => m.makeTestEmail)
  )
}
