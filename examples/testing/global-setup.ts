/** The example suite's global setup: one project for the whole run, its keys in the STACK_* variables. */
import { stackTestGlobalSetup } from "stackfx-backend/testing"

export default () => stackTestGlobalSetup({ displayName: "Example suite" })
