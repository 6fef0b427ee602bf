import * as Schema from "effect/Schema"
import { knownError } from "./factory.js"

export class EmailNotVerified extends knownError<EmailNotVerified>()(
  "EMAIL_NOT_VERIFIED", 400, "The e-mail address is not verified."
) {}
export class EmailAlreadyVerified extends knownError<EmailAlreadyVerified>()(
  "EMAIL_ALREADY_VERIFIED", 409, "The e-mail address is already verified."
) {}
export class EmailNotAssociatedWithUser extends knownError<EmailNotAssociatedWithUser>()(
  "EMAIL_NOT_ASSOCIATED_WITH_USER", 400, "The e-mail address does not belong to a user who can sign in with it."
) {}
export class EmailIsNotPrimaryEmail extends knownError<EmailIsNotPrimaryEmail>()(
  "EMAIL_IS_NOT_PRIMARY_EMAIL", 400,
  (d) => `The e-mail ${d.email} must equal the user's primary e-mail (${d.primary_email ?? "none"}).`,
  { email: Schema.String, primary_email: Schema.NullOr(Schema.String) }
) {}
export class ContactChannelAlreadyUsedForAuthBySomeoneElse
  extends knownError<ContactChannelAlreadyUsedForAuthBySomeoneElse>()(
    "CONTACT_CHANNEL_ALREADY_USED_FOR_AUTH_BY_SOMEONE_ELSE", 409,
    (d) => `This ${d.type} contact channel is already used for sign-in by another user.`,
    {
      type: Schema.String,
      contact_channel_value: Schema.optionalKey(Schema.NullOr(Schema.String)),
      would_work_if_email_was_verified: Schema.optionalKey(Schema.Boolean)
    }
  )
{}
