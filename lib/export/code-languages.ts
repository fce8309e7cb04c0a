/**
 * The languages the HTML export colours (code-highlight.ts), each one regular expression whose named groups
 * are the kinds of token: `comment`, `string`, `number`, `name` (a tag, a heading, a key) and `word`, a
 * keyword when its language lists it. Alternatives are tried in the order written, so a comment or string
 * wins over what it holds. The languages are those answers and canvases are written in most, with their
 * usual names (a fence's info string, a canvas's type as markdown-canvas.ts names it).
 */
export interface CodeLanguage {
  pattern: RegExp;
  keywords: ReadonlySet<string>;
  /** Keywords in any case (SQL). */
  caseless?: boolean;
}

const NUMBER = String.raw`(?<number>\b(?:0[xX][\da-fA-F_]+|\d[\d_]*(?:\.\d+)?(?:[eE][+-]?\d+)?)\b)`;
const WORD = String.raw`(?<word>\b[A-Za-z_$][\w$]*)`;
const QUOTED = String.raw`"(?:[^"\\\n]|\\.)*"?|'(?:[^'\\\n]|\\.)*'?`;
const SLASH_COMMENTS = String.raw`(?<comment>\/\/[^\n]*|\/\*[\s\S]*?(?:\*\/|$))`;
const HASH_COMMENT = String.raw`(?<comment>#[^\n]*)`;

const language = (parts: string[], keywords: string, caseless = false): CodeLanguage => ({
  pattern: new RegExp(parts.join('|'), 'gm'),
  keywords: new Set(keywords.split(' ')),
  caseless,
});

const cLike = (keywords: string, strings = QUOTED): CodeLanguage =>
  language([SLASH_COMMENTS, `(?<string>${strings})`, NUMBER, WORD], keywords);

const JS_KEYWORDS =
  'async await break case catch class const continue debugger default delete do else export extends false finally for from function if import in instanceof let new null of return static super switch this throw true try typeof undefined var void while with yield';
const TS_KEYWORDS = `${JS_KEYWORDS} abstract as declare enum implements interface keyof namespace private protected public readonly satisfies type`;
const JS_STRINGS = `${QUOTED}|\`(?:[^\`\\\\]|\\\\.)*\`?`;

const javascript = cLike(JS_KEYWORDS, JS_STRINGS);
const typescript = cLike(TS_KEYWORDS, JS_STRINGS);
const java = cLike(
  'abstract boolean break byte case catch char class continue default do double else enum extends false final finally float for if implements import instanceof int interface long new null package private protected public return short static super switch synchronized this throw throws true try var void volatile while record',
);
const c = cLike(
  'auto bool break case char const continue default do double else enum extern false float for goto if inline int long NULL return short signed sizeof static struct switch true typedef union unsigned void volatile while include define',
);
const cpp = cLike(
  `${[...c.keywords].join(' ')} auto class constexpr delete namespace new nullptr operator private protected public template this throw try catch using virtual std`,
);
const csharp = cLike(
  'abstract as async await base bool break case catch char class const continue decimal default do double else enum event false finally float for foreach if in int interface internal is long namespace new null object out override private protected public readonly return sealed short static string struct switch this throw true try using var virtual void while',
);
const go = cLike(
  'break case chan const continue default defer else fallthrough false for func go goto if import interface map nil package range return select struct switch true type var',
  `${JS_STRINGS}`,
);
const rust = cLike(
  'as async await break const continue crate else enum extern false fn for if impl in let loop match mod move mut pub ref return self Self static struct super trait true type unsafe use where while Some None Ok Err',
);
const swift = cLike(
  'as break case catch class continue default defer do else enum extension false for func guard if import in init inout internal let nil private protocol public return self static struct switch throw throws true try var where while',
);
const kotlin = cLike(
  'as break class continue data do else false for fun if import in interface is null object override package private return sealed super this throw true try typealias val var when while',
);
const php = language(
  [String.raw`(?<comment>\/\/[^\n]*|#[^\n]*|\/\*[\s\S]*?(?:\*\/|$))`, `(?<string>${QUOTED})`, NUMBER, WORD],
  'abstract and array as break case catch class clone const continue declare default do echo else elseif empty extends false final finally fn for foreach function global if implements include isset list match namespace new null or print private protected public require return static switch this throw true try unset use var while',
);
const python = language(
  [
    HASH_COMMENT,
    String.raw`(?<string>[rRbBfFuU]{0,2}(?:"""[\s\S]*?(?:"""|$)|'''[\s\S]*?(?:'''|$)|${QUOTED}))`,
    NUMBER,
    WORD,
  ],
  'and as assert async await break class continue def del elif else except False finally for from global if import in is lambda None nonlocal not or pass raise return True try while with yield self print len range',
);
const ruby = language(
  [HASH_COMMENT, `(?<string>${QUOTED})`, NUMBER, WORD],
  'alias and begin break case class def defined do else elsif end ensure false for if in module next nil not or redo rescue retry return self super then true undef unless until when while yield require puts attr_accessor',
);
const bash = language(
  [HASH_COMMENT, `(?<string>${QUOTED})`, NUMBER, WORD],
  'if then else elif fi for while until do done case esac in function return local export echo cd set unset exit sudo source alias read shift',
);
const yaml = language(
  [HASH_COMMENT, String.raw`(?<name>^[ \t-]*[\w.-]+(?=:))`, `(?<string>${QUOTED})`, NUMBER, WORD],
  'true false null yes no on off',
);
const json = language(
  [String.raw`(?<name>"(?:[^"\\\n]|\\.)*"(?=\s*:))`, `(?<string>${QUOTED})`, NUMBER, WORD],
  'true false null',
);
const sql = language(
  [String.raw`(?<comment>--[^\n]*|\/\*[\s\S]*?(?:\*\/|$))`, `(?<string>${QUOTED})`, NUMBER, WORD],
  'add all alter and as asc between by case create delete desc distinct drop else end exists from group having in index inner insert into is join key left like limit not null on or order outer primary references right select set table then union unique update values view when where with count sum avg min max',
  true,
);
const css = language(
  [
    String.raw`(?<comment>\/\*[\s\S]*?(?:\*\/|$))`,
    `(?<string>${QUOTED})`,
    String.raw`(?<name>[.#][A-Za-z_-][\w-]*)`,
    NUMBER,
    WORD,
  ],
  'important inherit initial unset none auto block inline flex grid absolute relative fixed',
);
const markup = language(
  [
    String.raw`(?<comment><!--[\s\S]*?(?:-->|$))`,
    String.raw`(?<name><\/?[A-Za-z][\w:.-]*|\/?>)`,
    String.raw`(?<string>"[^"\n]*"?|'[^'\n]*'?)`,
  ],
  '',
);
const markdown = language(
  [String.raw`(?<name>^#{1,6}[ \t][^\n]*)`, String.raw`(?<string>\x60[^\x60\n]+\x60)`],
  '',
);

/** Each language under the names a fence or a canvas gives it. */
export const CODE_LANGUAGES: ReadonlyMap<string, CodeLanguage> = new Map(
  (
    [
      [javascript, 'javascript js jsx mjs cjs node'],
      [typescript, 'typescript ts tsx'],
      [java, 'java'],
      [c, 'c h'],
      [cpp, 'cpp c++ cc hpp cxx'],
      [csharp, 'csharp cs c#'],
      [go, 'go golang'],
      [rust, 'rust rs'],
      [swift, 'swift'],
      [kotlin, 'kotlin kt'],
      [php, 'php'],
      [python, 'python py python3'],
      [ruby, 'ruby rb'],
      [bash, 'bash sh shell zsh console'],
      [yaml, 'yaml yml'],
      [json, 'json jsonc'],
      [sql, 'sql postgres postgresql mysql sqlite'],
      [css, 'css scss'],
      [markup, 'html xml svg xhtml vue'],
      [markdown, 'markdown md'],
    ] as const
  ).flatMap(([definition, names]) => names.split(' ').map((name) => [name, definition] as const)),
);
