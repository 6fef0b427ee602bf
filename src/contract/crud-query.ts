/**
 * The query of each of the service's CRUD routes. The service validates one query schema for every method of a
 * CRUD route (its `querySchema`, or an empty one), refusing keys outside it with `SCHEMA_ERROR` on a create or
 * a delete as on a list: so `POST /teams?foo=1` is refused and `POST /teams?user_id=me` is not. The declarations
 * of a CRUD route's methods that take no query of their own name the route's query here, so the local backend
 * refuses what the service refuses; the client sends none of it.
 */
import * as Schema from "effect/Schema"
import { Uuid } from "../domain/ids.js"

const text = Schema.optionalKey(Schema.String)

/** A CRUD route without a query schema: any key is refused. */
export const NoCrudQuery = Schema.Struct({})

/**
 * A list's page (the service since May 2026): at most `limit` items after the item whose id is `cursor`. A
 * page's `pagination.next_cursor` is the id of its last item when more follow.
 */
const paging = {
  limit: Schema.optionalKey(Schema.NumberFromString.check(Schema.isInt(), Schema.isGreaterThan(0))),
  cursor: text,
  /** Searched for in the items' names and ids. */
  query: text
}

/** `/teams`: the list pages by creation time, either way. */
export const TeamsCrudQuery = Schema.Struct({
  user_id: text,
  /** Deprecated by the service (`creator_user_id` in the body). */
  add_current_user: Schema.optionalKey(Schema.Literals(["true", "false"])),
  ...paging,
  order_by: Schema.optionalKey(Schema.Literals(["created_at"])),
  desc: Schema.optionalKey(Schema.Literals(["true", "false"]))
})

/** `/team-permission-definitions`: the list pages by id. */
export const TeamPermissionDefinitionsCrudQuery = Schema.Struct(paging)

/** `/contact-channels`. */
export const ContactChannelsCrudQuery = Schema.Struct({ user_id: text, contact_channel_id: text })

/** `/team-permissions`. */
export const TeamPermissionsCrudQuery = Schema.Struct({
  team_id: text,
  user_id: text,
  permission_id: text,
  recursive: Schema.optionalKey(Schema.Literals(["true", "false"]))
})

/** `/project-permissions`. */
export const ProjectPermissionsCrudQuery = Schema.Struct({
  user_id: text,
  permission_id: text,
  recursive: Schema.optionalKey(Schema.Literals(["true", "false"]))
})

/** `/team-member-profiles`, `/team-invitations`. */
export const TeamAndUserCrudQuery = Schema.Struct({ user_id: text, team_id: text })

/** `/oauth-providers`, `/auth/sessions`. */
export const UserCrudQuery = Schema.Struct({ user_id: text })

/** `/emails/outbox`: filters, and a page of at most 100 messages from the one whose id is `cursor` on. */
export const EmailOutboxCrudQuery = Schema.Struct({
  status: text,
  simple_status: text,
  /** Parsed by the route, as the service's does: a whole number from 1 to 100 (the default), else a plain 400. */
  limit: text,
  /** The id of the page's first message (the previous page's `next_cursor`). */
  cursor: Schema.optionalKey(Uuid)
})
