/**
 * The elements a template may use: the React Email components the renderer knows, as the HTML element each
 * stands for, and the plain HTML elements allowed. Anything else (script, style, iframe, form, svg…) is
 * refused, so no element of a message can run or load active content.
 */

/** The React Email components the renderer knows, as the HTML element each stands for (null: children only). */
export const components: Readonly<Record<string, string | null>> = {
  Html: "html",
  Head: "head",
  Body: "body",
  Tailwind: null,
  Container: "div",
  Section: "div",
  Row: "div",
  Column: "div",
  Text: "p",
  Button: "a",
  Link: "a",
  Hr: "hr",
  Img: "img",
  CodeInline: "code"
}

/** Plain HTML elements a template may use; anything else (script, style, iframe, form…) is refused. */
export const htmlElements = new Set([
  "a",
  "abbr",
  "b",
  "blockquote",
  "br",
  "center",
  "code",
  "dd",
  "div",
  "dl",
  "dt",
  "em",
  "footer",
  "h1",
  "h2",
  "h3",
  "h4",
  "h5",
  "h6",
  "header",
  "hr",
  "i",
  "img",
  "li",
  "main",
  "ol",
  "p",
  "pre",
  "s",
  "section",
  "small",
  "span",
  "strong",
  "sub",
  "sup",
  "table",
  "tbody",
  "td",
  "tfoot",
  "th",
  "thead",
  "tr",
  "u",
  "ul"
])
export const voidElements = new Set(["br", "hr", "img"])
export const headings = new Set(["h1", "h2", "h3", "h4", "h5", "h6"])
