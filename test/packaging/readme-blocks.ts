/** The TypeScript code blocks of a Markdown text (```ts and ```tsx), in order. */
export interface CodeBlock {
  readonly language: "ts" | "tsx"
  readonly code: string
}

export const readmeBlocks = (markdown: string): ReadonlyArray<CodeBlock> =>
  [...markdown.matchAll(/^```(tsx?)\n([\s\S]*?)^```$/gm)].map((match) => ({
    language: match[1] === "tsx" ? "tsx" : "ts",
    code: match[2] ?? ""
  }))
