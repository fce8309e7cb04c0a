/**
 * The HTML export's only style, inline (export-format "HTML"): one column that fits a phone, light or dark
 * as the reader's system is, and a printout in black on white whose headings stay with what follows them.
 * Code is monospace on a tinted ground, wrapped rather than cut off, its tokens coloured by their kind
 * (code-highlight.ts) in colours that keep their contrast on both grounds and in print.
 */
export const HTML_STYLE = `
:root {
  color-scheme: light dark;
  --text: #1f2328;
  --ground: #ffffff;
  --muted: #59636e;
  --line: #d1d9e0;
  --code: #f3f5f7;
  --link: #0a5cc2;
  --keyword: #cf222e;
  --string: #0a3069;
  --comment: #59636e;
  --number: #0550ae;
  --name: #8250df;
}
@media (prefers-color-scheme: dark) {
  :root {
    --text: #e6edf3;
    --ground: #0d1117;
    --muted: #9aa4ae;
    --line: #3d444d;
    --code: #161b22;
    --link: #6cb0ff;
    --keyword: #ff7b72;
    --string: #a5d6ff;
    --comment: #9198a1;
    --number: #79c0ff;
    --name: #d2a8ff;
  }
}
* { box-sizing: border-box; }
html { -webkit-text-size-adjust: 100%; text-size-adjust: 100%; }
body {
  margin: 0;
  background: var(--ground);
  color: var(--text);
  font: 1rem/1.6 system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif;
}
main { max-width: 46rem; margin: 0 auto; padding: 1rem; overflow-wrap: break-word; }
article + article { border-top: 3px double var(--line); margin-top: 2rem; }
h1, h2, h3, h4, h5, h6 { line-height: 1.25; margin: 1.5em 0 0.5em; }
h1 { font-size: 1.75rem; }
h2 { font-size: 1.4rem; border-bottom: 1px solid var(--line); padding-bottom: 0.2em; }
h3 { font-size: 1.15rem; }
h4, h5, h6 { font-size: 1rem; }
a { color: var(--link); overflow-wrap: anywhere; }
.facts { display: grid; grid-template-columns: max-content minmax(0, 1fr); gap: 0.15em 1em; margin: 0 0 1.5em; color: var(--muted); font-size: 0.9rem; }
.facts dt { font-weight: 600; }
.facts dd { margin: 0; overflow-wrap: anywhere; }
code, pre { font-family: ui-monospace, SFMono-Regular, Menlo, Consolas, "Liberation Mono", monospace; font-size: 0.875em; }
code { background: var(--code); border-radius: 4px; padding: 0.1em 0.3em; overflow-wrap: anywhere; }
pre { background: var(--code); border: 1px solid var(--line); border-radius: 6px; padding: 0.75em; white-space: pre-wrap; overflow-wrap: anywhere; }
pre code { background: none; padding: 0; font-size: 1em; }
.hl-keyword { color: var(--keyword); }
.hl-string { color: var(--string); }
.hl-comment { color: var(--comment); font-style: italic; }
.hl-number { color: var(--number); }
.hl-name { color: var(--name); }
blockquote { margin: 1em 0; padding: 0 0 0 1em; border-left: 4px solid var(--line); color: var(--muted); }
table { border-collapse: collapse; display: block; max-width: 100%; overflow-x: auto; }
th, td { border: 1px solid var(--line); padding: 0.3em 0.6em; text-align: left; vertical-align: top; }
hr { border: 0; border-top: 1px solid var(--line); }
.image { font-style: italic; }
@media print {
  :root { color-scheme: light; --text: #000000; --ground: #ffffff; --muted: #333333; --line: #999999; --code: #f2f2f2; --link: #000000; --keyword: #a0111f; --string: #0a3069; --comment: #444444; --number: #0550ae; --name: #6639ba; }
  body { font-size: 11pt; }
  main { max-width: none; padding: 0; }
  h1, h2, h3, h4, h5, h6 { break-after: avoid; page-break-after: avoid; break-inside: avoid; }
  table { display: table; }
  tr, blockquote { break-inside: avoid; }
  a { text-decoration: underline; }
  a[href]:not(.bare)::after { content: " (" attr(href) ")"; font-size: 0.85em; color: var(--muted); overflow-wrap: anywhere; }
}
`;
