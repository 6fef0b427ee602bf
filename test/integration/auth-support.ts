/**
 * Shared by the auth and contact-channel integration tests: Layers of the services under test aimed at the
 * file's local backend. Mail is read back with ../support/mailbox.ts.
 */
import * as Layer from "effect/Layer"
import { Auth } from "../../src/services/generated/auth.js"
import { ContactChannels, ServerContactChannels } from "../../src/services/generated/contact-channels.js"
import { CurrentUser } from "../../src/services/generated/current-user.js"
import { clientCore, serverCore, type Tokens } from "../support/clients.js"
import type { LocalBackendHandle, TestProject } from "../support/local-backend.js"

/** Client tier: Auth, CurrentUser and ContactChannels, plus the core (Session, Transport ...). */
export const clientLayer = (backend: LocalBackendHandle, project: TestProject, tokens?: Tokens) =>
  Layer.mergeAll(Auth.layer, CurrentUser.layer, ContactChannels.layer).pipe(
    Layer.provideMerge(clientCore(backend, project, tokens))
  )

/** Server tier: the client services plus ServerContactChannels. */
export const serverLayer = (backend: LocalBackendHandle, project: TestProject, tokens?: Tokens) =>
  Layer.mergeAll(Auth.layer, CurrentUser.layer, ContactChannels.layer, ServerContactChannels.layer).pipe(
    Layer.provideMerge(serverCore(backend, project, tokens))
  )
