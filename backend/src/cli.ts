/** Entry point of `stackfx` (see `command.ts`); Ctrl-C interrupts it and closes server and database. */
import { NodeRuntime } from "@effect/platform-node"
import { run } from "./command.js"

NodeRuntime.runMain(run(process.argv.slice(2)))
