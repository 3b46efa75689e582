/**
 * The languages of the integration snippets, apart from the code that writes them (snippets.ts):
 * the tabs run in the browser and need only these names, not the generators.
 */
export const SNIPPET_LANGUAGES = ["curl", "node", "python", "go"] as const;
export type SnippetLanguage = (typeof SNIPPET_LANGUAGES)[number];
export type Snippets = Record<SnippetLanguage, string>;

export const LANGUAGE_LABEL: Record<SnippetLanguage, string> = {
  curl: "curl",
  node: "Node",
  python: "Python",
  go: "Go",
};
