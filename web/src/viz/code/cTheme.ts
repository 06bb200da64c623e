/**
 * C in CodeMirror 6 the way the site shows it: the Lezer C/C++ grammar of
 * @codemirror/lang-cpp, our highlight style and our light theme. The code
 * pane uses it read-only; an editor of the exercises takes the same
 * extension and adds editing to it.
 *
 * Every colour text is drawn in is here, as data, so that cTheme.test.ts can
 * hold each one to 4.5:1 (WCAG AA for normal text) against every background
 * it can stand on: the pane, the gutter, the executing and the other line.
 */
import { cpp } from '@codemirror/lang-cpp';
import { HighlightStyle, syntaxHighlighting } from '@codemirror/language';
import { EditorState, type Extension } from '@codemirror/state';
import { EditorView } from '@codemirror/view';
import { tags as t } from '@lezer/highlight';

/** The grounds text stands on. */
export const C_GROUNDS = {
  /** the source */
  pane: '#fbfbfd',
  /** the line numbers and the task marks */
  gutter: '#f1f3f8',
  /** the executing line, and its number */
  active: '#ffe9a8',
  /** the other variant's line side by side, and its number */
  secondary: '#e6efff',
} as const;

/** Text that is not a token of its own: plain source and the line numbers. */
export const C_TEXT = {
  ink: '#1c2233',
  lineNumber: '#5d6579',
} as const;

/** The token colours, by what the highlight style gives them to. */
export const C_TOKENS = {
  /** keywords, storage classes and qualifiers, NULL, true and false */
  keyword: '#8f2bb3',
  /** type names, the built-in ones too */
  type: '#1d6f8f',
  comment: '#55684a',
  /** strings and characters */
  string: '#9c4518',
  number: '#1b5fd6',
  /** preprocessor directives and all-capitals macro names */
  preprocessor: '#a1447a',
  /** a function where it is defined or called */
  function: '#0f5132',
} as const;

/** What the executing line's bar at its left edge is drawn in (a mark, not text). */
export const C_ACTIVE_BAR = '#e08a1e';

export const cHighlightStyle = HighlightStyle.define([
  {
    tag: [t.keyword, t.controlKeyword, t.definitionKeyword, t.modifier, t.operatorKeyword, t.null, t.bool, t.self],
    color: C_TOKENS.keyword,
    fontWeight: '600',
  },
  { tag: [t.typeName, t.standard(t.typeName)], color: C_TOKENS.type },
  { tag: t.comment, color: C_TOKENS.comment, fontStyle: 'italic' },
  { tag: [t.string, t.character, t.special(t.string), t.escape], color: C_TOKENS.string },
  { tag: t.number, color: C_TOKENS.number },
  { tag: [t.processingInstruction, t.meta, t.special(t.name)], color: C_TOKENS.preprocessor },
  {
    tag: [t.function(t.variableName), t.function(t.definition(t.variableName)), t.function(t.propertyName)],
    color: C_TOKENS.function,
    fontWeight: '600',
  },
]);

/**
 * The look of the editor. The font follows the page's --mono and the size
 * --code-font-size (12.5px unless a page sets it); tabs are eight columns
 * wide, as in kernel style (the code pane takes four where it is narrow).
 */
export const cTheme = EditorView.theme(
  {
    '&': {
      color: C_TEXT.ink,
      backgroundColor: C_GROUNDS.pane,
      fontSize: 'var(--code-font-size, 12.5px)',
    },
    '.cm-scroller': {
      fontFamily: 'var(--mono, monospace)',
      lineHeight: '1.5',
    },
    '.cm-content': { padding: '2px 0' },
    '.cm-line': { padding: '0 1rem 0 0.5rem' },
    '.cm-gutters': {
      backgroundColor: C_GROUNDS.gutter,
      color: C_TEXT.lineNumber,
      border: 'none',
    },
    '.cm-lineNumbers .cm-gutterElement': { padding: '0 0.5rem 0 0.6rem', minWidth: '2.6rem' },
    '.cm-exec-band.cm-exec-active': {
      backgroundColor: C_GROUNDS.active,
      boxShadow: `inset 3px 0 0 ${C_ACTIVE_BAR}`,
    },
    '.cm-exec-band.cm-exec-secondary': { backgroundColor: C_GROUNDS.secondary },
    '.cm-gutterElement.cm-exec-active': { backgroundColor: C_GROUNDS.active, color: C_TEXT.ink },
    '.cm-gutterElement.cm-exec-secondary': { backgroundColor: C_GROUNDS.secondary, color: C_TEXT.ink },
  },
  { dark: false },
);

/** C with our highlighting and theme: the extension the code pane and an editor start from. */
export function cCode(): Extension {
  return [cpp(), syntaxHighlighting(cHighlightStyle), cTheme, EditorState.tabSize.of(8)];
}
