/** The account-settings queries read under the keys the services' writes announce (account-keys.ts). */
import { assert, describe, it } from "@effect/vitest"
import { activeSessionsQuery, notificationPreferencesQuery } from "../../src/react/queries.js"
import { accountKeys } from "../../src/services/changes/account-keys.js"
import { activeSessionsChanges, notificationPreferencesChanges } from "../../src/services/changes/write-keys.js"

describe("account-settings queries", () => {
  it("are cached under the keys their services' writes make stale", () => {
    assert.deepStrictEqual(activeSessionsQuery.key, accountKeys.sessions)
    assert.deepStrictEqual(notificationPreferencesQuery.key, accountKeys.notificationPreferences)
    assert.deepStrictEqual(activeSessionsChanges.revoke, [accountKeys.sessions])
    assert.deepStrictEqual(notificationPreferencesChanges.set, [accountKeys.notificationPreferences])
  })
})
