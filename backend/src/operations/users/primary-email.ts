/** A user's primary e-mail as a PATCH writes it. */
import * as Effect from "effect/Effect"
import type { ServerUserUpdate } from "@stackfx/lib/domain/user-inputs.js"
import { randomId } from "../../crypto/secrets.js"
import {
  findPrimaryChannel,
  insertContactChannel,
  normalizeEmail,
  updateContactChannel,
  clearPrimaryChannel,
  findUserChannelByValue
} from "../../store/users/contact-channels.js"
import { checkPrimaryEmailFlags, assertEmailFree } from "./user-write-rules.js"

/**
 * A PATCH's primary e-mail, as the service's users route writes it:
 * - `null` removes the primary e-mail: the channel stays, demoted to a non-primary one (its flags kept), and the
 *   body's verified and auth flags count as false;
 * - the auth flag defaults to the current primary channel's (false without one), the verified flag likewise, and
 *   either set without a primary e-mail is a plain 400;
 * - signing in with a new address needs it free in the whole project, the user's own other channels included
 *   (`CONTACT_CHANNEL_ALREADY_USED_FOR_AUTH_BY_SOMEONE_ELSE`);
 * - a new address the user already has as a channel becomes the primary one; any other new address is a new
 *   primary channel (unverified unless the body says otherwise), and the old primary stays, demoted.
 */
export const updatePrimaryEmail = (
  projectId: string,
  userId: string,
  patch: Pick<ServerUserUpdate, "primaryEmail" | "primaryEmailVerified" | "primaryEmailAuthEnabled">
) =>
  Effect.gen(function* () {
    const touchesEmail =
      patch.primaryEmail !== undefined ||
      patch.primaryEmailVerified !== undefined ||
      patch.primaryEmailAuthEnabled !== undefined
    if (!touchesEmail) return
    const current = yield* findPrimaryChannel(projectId, userId)
    const removing = patch.primaryEmail === null
    // A new primary e-mail is stored trimmed and lower-cased, as hosted users update does.
    const email =
      patch.primaryEmail === undefined
        ? (current?.value ?? null)
        : patch.primaryEmail === null
          ? null
          : normalizeEmail(patch.primaryEmail)
    const usedForAuth = removing ? false : (patch.primaryEmailAuthEnabled ?? current?.usedForAuth ?? false)
    const verified = removing ? false : (patch.primaryEmailVerified ?? current?.isVerified ?? false)
    yield* checkPrimaryEmailFlags({
      primaryEmail: email,
      primaryEmailAuthEnabled: usedForAuth,
      primaryEmailVerified: verified
    })
    if (email === null) {
      if (removing) yield* clearPrimaryChannel(projectId, userId, "email")
      return
    }
    const changed = current === undefined || normalizeEmail(current.value) !== email
    if (usedForAuth && changed) yield* assertEmailFree(projectId, email)
    if (!changed) {
      yield* updateContactChannel(projectId, current.id, {
        usedForAuth,
        ...(patch.primaryEmailVerified === undefined ? {} : { isVerified: patch.primaryEmailVerified })
      })
      return
    }
    const existing = yield* findUserChannelByValue(projectId, userId, "email", email)
    yield* clearPrimaryChannel(projectId, userId, "email")
    if (existing !== undefined) {
      yield* updateContactChannel(projectId, existing.id, {
        isPrimary: true,
        usedForAuth,
        ...(patch.primaryEmailVerified === undefined ? {} : { isVerified: patch.primaryEmailVerified })
      })
      return
    }
    yield* insertContactChannel({
      id: yield* randomId,
      projectId,
      userId,
      type: "email",
      value: email,
      isVerified: patch.primaryEmailVerified ?? false,
      isPrimary: true,
      usedForAuth
    })
  })
