/**
 * Which users are restricted, and why, as the hosted service decides it (first match wins): anonymous;
 * the project requires a verified e-mail and the primary one is not verified (or missing); restricted by
 * an administrator. The e-mail requirement is turned on directly in the store, the hook the admin project
 * PATCH (`config.require_email_verification`) writes through.
 */
import { assert, describe, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import { Db } from "../../../backend/src/store/db.js"
import { openDb } from "../../../backend/src/store/layer.js"
import {
  findRequireEmailVerification,
  setRequireEmailVerification
} from "../../../backend/src/store/projects/projects.js"
import { restrictedReasonOf } from "../../../backend/src/store/users/user-view.js"
import { findUserView, listUserViews } from "../../../backend/src/store/users/users.js"

describe("restricted status", () => {
  it("orders the reasons: anonymous, then an unverified e-mail where required, then the administrator", () => {
    const base = {
      isAnonymous: false,
      requireEmailVerification: false,
      primaryEmailVerified: false,
      restrictedByAdmin: false
    }
    assert.isNull(restrictedReasonOf(base))
    assert.isNull(restrictedReasonOf({ ...base, requireEmailVerification: true, primaryEmailVerified: true }))
    assert.deepStrictEqual(restrictedReasonOf({ ...base, requireEmailVerification: true }), {
      type: "email_not_verified"
    })
    assert.deepStrictEqual(restrictedReasonOf({ ...base, restrictedByAdmin: true }), {
      type: "restricted_by_administrator"
    })
    assert.deepStrictEqual(restrictedReasonOf({ ...base, restrictedByAdmin: true, requireEmailVerification: true }), {
      type: "email_not_verified"
    })
    assert.deepStrictEqual(
      restrictedReasonOf({ ...base, isAnonymous: true, restrictedByAdmin: true, requireEmailVerification: true }),
      { type: "anonymous" }
    )
  })

  it.effect(
    "restricts users without a verified e-mail once the project requires one, in views and lists",
    () =>
      Effect.scoped(
        Effect.gen(function* () {
          yield* Db.exec(`
        insert into projects (id, display_name, config) values ('p', 'P', '{}');
        insert into users (id, project_id) values ('verified', 'p'), ('unverified', 'p'), ('no-email', 'p');
        insert into contact_channels (id, project_id, user_id, value, normalized_value, is_verified, is_primary)
          values ('c1', 'p', 'verified', 'a@x.test', 'a@x.test', true, true),
                 ('c2', 'p', 'unverified', 'b@x.test', 'b@x.test', false, true);
      `)
          const reason = (id: string) => Effect.map(findUserView("p", id), (u) => u?.restrictedReason ?? null)
          const listed = (include?: "restricted") =>
            Effect.map(listUserViews({ projectId: "p", desc: false, include }), (users) =>
              users.map((u) => u.id).sort()
            )

          assert.isFalse(yield* findRequireEmailVerification("p"), "off by default")
          assert.isNull(yield* reason("unverified"))
          assert.deepStrictEqual(yield* listed(), ["no-email", "unverified", "verified"])

          yield* setRequireEmailVerification("p", true)
          assert.isTrue(yield* findRequireEmailVerification("p"))
          assert.isNull(yield* reason("verified"))
          assert.deepStrictEqual(yield* reason("unverified"), { type: "email_not_verified" })
          assert.deepStrictEqual(yield* reason("no-email"), { type: "email_not_verified" })
          assert.strictEqual((yield* findUserView("p", "unverified"))?.isRestricted, true)
          assert.deepStrictEqual(yield* listed(), ["verified"])
          assert.deepStrictEqual(yield* listed("restricted"), ["no-email", "unverified", "verified"])
        }).pipe(Effect.provideServiceEffect(Db, openDb("memory")))
      ),
    120_000
  )
})
