/**
 * docs/testing.md as a reader pastes it: its sign-up-by-code block is examples/testing/sign-up-code.test.ts to the
 * character (that file runs in the example suite, `npm run example:testing`), and its config snippet has its import.
 */
import { assert, describe, it } from "@effect/vitest"
import { readFileSync } from "node:fs"

const read = (path: string) => readFileSync(new URL(`../../${path}`, import.meta.url), "utf8")

/** The fenced blocks of a Markdown text, without their fences. */
const blocks = (markdown: string): ReadonlyArray<string> =>
  [...markdown.matchAll(/^```[a-z]*\n([^]*?)^```$/gm)].map((match) => match[1] ?? "")

describe("docs/testing.md", () => {
  const doc = read("docs/testing.md")

  it("holds the sign-up-by-code test exactly as the example suite runs it", () => {
    assert.include(blocks(doc), read("examples/testing/sign-up-code.test.ts"))
  })

  it("imports what each TypeScript snippet of the setup names, and installs vitest and @effect/vitest", () => {
    const config = blocks(doc).find((block) => block.includes("defineConfig("))
    assert.isDefined(config)
    assert.include(config, `import { defineConfig } from "vitest/config"`)
    assert.isTrue(blocks(doc).some((block) => /npm install -D .*\bvitest\b.*@effect\/vitest/.test(block)))
  })
})
