/** The parts of the README the packaging check follows: its TypeScript code blocks and its install lines. */
export interface CodeBlock {
  readonly language: "ts" | "tsx"
  readonly code: string
}

/** The TypeScript code blocks of a Markdown text (```ts and ```tsx), in order. */
export const readmeBlocks = (markdown: string): ReadonlyArray<CodeBlock> =>
  [...markdown.matchAll(/^```(tsx?)\n([\s\S]*?)^```$/gm)].map((match) => ({
    language: match[1] === "tsx" ? "tsx" : "ts",
    code: match[2] ?? ""
  }))

/** The text of the section under the heading `heading` (e.g. `## Install`), up to the next heading of any level. */
export const readmeSection = (markdown: string, heading: string): string => {
  const start = markdown.indexOf(`\n${heading}\n`)
  if (start < 0) throw new Error(`the README has no "${heading}" section`)
  const body = markdown.slice(start + heading.length + 2)
  const next = /^#{1,6} /m.exec(body)
  return next === null ? body : body.slice(0, next.index)
}

/** One `npm install` line: its packages, and whether `-D` makes them development dependencies. */
export interface InstallLine {
  readonly packages: ReadonlyArray<string>
  readonly dev: boolean
}

/** The `npm install` lines of the first ```sh block of `markdown` (comments after `#` left out). */
export const installLines = (markdown: string): ReadonlyArray<InstallLine> => {
  const block = /^```sh\n([\s\S]*?)^```$/m.exec(markdown)?.[1]
  if (block === undefined) throw new Error("no ```sh block")
  return block
    .split("\n")
    .map((line) => line.replace(/#.*$/, "").trim())
    .filter((line) => line !== "")
    .map((line) => {
      const words = line.split(/\s+/)
      if (words[0] !== "npm" || (words[1] !== "install" && words[1] !== "i")) {
        throw new Error(`not an npm install line: ${line}`)
      }
      const flags = words.slice(2).filter((word) => word.startsWith("-"))
      return {
        packages: words.slice(2).filter((word) => !word.startsWith("-")),
        dev: flags.some((flag) => flag === "-D" || flag === "--save-dev")
      }
    })
}
