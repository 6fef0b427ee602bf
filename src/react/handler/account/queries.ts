/**
 * Cached reads of the account-settings page that the shared hooks do not cover. The contact channels are
 * also refreshed by the email-verification page, so the key is shared.
 */
import { ContactChannels } from "../../../services/contact-channels.js"
import { stackQuery } from "../../queries.js"

export const CONTACT_CHANNELS_KEY = "contact-channels"

/** The signed-in user's email addresses. */
export const contactChannelsQuery = stackQuery(CONTACT_CHANNELS_KEY, ContactChannels.use((channels) => channels.list))
