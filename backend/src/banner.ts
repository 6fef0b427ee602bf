/** The lines a started local backend prints: where it listens and the keys of both seeded projects. */
import type { EmulatorShape, SeededProject } from "./options.js"

const keyLines = (project: SeededProject): ReadonlyArray<string> => [
  `    project id:              ${project.id}`,
  `    publishable client key:  ${project.publishableClientKey}`,
  `    secret server key:       ${project.secretServerKey}`,
  `    super secret admin key:  ${project.superSecretAdminKey}`
]

/** The ready banner, one string per line (the keys are public local development keys, not secrets). */
export const readyBanner = (
  emulator: Pick<EmulatorShape, "url" | "apiUrl" | "mailboxUrl" | "project" | "demoProject">
): ReadonlyArray<string> => [
  `stackfx local backend ready at ${emulator.url}`,
  "  internal project (as the hosted service seeds it; its users own the other projects):",
  ...keyLines(emulator.project),
  "  demo project (the features the demo app and the examples show are on; they use it):",
  ...keyLines(emulator.demoProject),
  `  API:                       ${emulator.apiUrl}`,
  `  mailbox:                   ${emulator.mailboxUrl}`
]
