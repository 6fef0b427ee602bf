import * as Schema from "effect/Schema"
import { knownError } from "./factory.js"
import { notVerifiedHint } from "./messages.js"

/** The `EMAIL_NOT_VERIFIED` known error (400): "The email is not verified." */
export class EmailNotVerified extends knownError<EmailNotVerified>()(
  "EMAIL_NOT_VERIFIED",
  400,
  "The email is not verified."
) {}
/** The `EMAIL_ALREADY_VERIFIED` known error (409): "The e-mail is already verified." */
export class EmailAlreadyVerified extends knownError<EmailAlreadyVerified>()(
  "EMAIL_ALREADY_VERIFIED",
  409,
  "The e-mail is already verified."
) {}
/**
 * The `EMAIL_NOT_ASSOCIATED_WITH_USER` known error (400): "The e-mail is not associated with a user that could log in
 * with that e-mail."
 */
export class EmailNotAssociatedWithUser extends knownError<EmailNotAssociatedWithUser>()(
  "EMAIL_NOT_ASSOCIATED_WITH_USER",
  400,
  "The e-mail is not associated with a user that could log in with that e-mail."
) {}
/** The `EMAIL_IS_NOT_PRIMARY_EMAIL` known error (400). */
export class EmailIsNotPrimaryEmail extends knownError<EmailIsNotPrimaryEmail>()(
  "EMAIL_IS_NOT_PRIMARY_EMAIL",
  400,
  (d) => `The given e-mail (${d.email}) must equal the user's primary e-mail (${d.primary_email}).`,
  { email: Schema.String, primary_email: Schema.NullOr(Schema.String) }
) {}
/**
 * The `CONTACT_CHANNEL_ALREADY_USED_FOR_AUTH_BY_SOMEONE_ELSE` known error (409): another account signs in with this
 * address.
 */
export class ContactChannelAlreadyUsedForAuthBySomeoneElse extends knownError<ContactChannelAlreadyUsedForAuthBySomeoneElse>()(
  "CONTACT_CHANNEL_ALREADY_USED_FOR_AUTH_BY_SOMEONE_ELSE",
  409,
  (d) =>
    `This ${d.type} ${d.contact_channel_value ? `"(${d.contact_channel_value})"` : ""} is already used for authentication ` +
    `by another account${d.would_work_if_email_was_verified === true ? notVerifiedHint : "."}`,
  {
    type: Schema.String,
    contact_channel_value: Schema.optionalKey(Schema.NullOr(Schema.String)),
    would_work_if_email_was_verified: Schema.optionalKey(Schema.Boolean)
  }
) {}
