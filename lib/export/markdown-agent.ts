import type { AgentAction, AgentPage, AgentStep, Point } from '@/lib/insights/agent-mode';
import { autolink, codeSpan, inlineText, link, shortened } from './markdown-text';

/**
 * What the agent did, one line per call (export-format "Agent mode"): `_Agent: clicked at (154, 50) · typed
 * "rust" · pressed Enter_`, `_Agent: ran `ls -la`_`, `_Agent: saved file sales.csv_`, and where its browser
 * went, `_Agent: on [Example](https://example.com/)_`. Never a tool's name, its JSON or its metadata.
 */
const WORDS_LENGTH = 160;

const at = (point: Point | null): string => (point === null ? '' : ` at (${point.x}, ${point.y})`);

const quoted = (text: string): string => `"${inlineText(shortened(text, WORDS_LENGTH))}"`;

const CLICK_WORDS: Record<number, string> = { 1: 'clicked', 2: 'double-clicked', 3: 'triple-clicked' };

function actionWords(action: AgentAction): string {
  switch (action.type) {
    case 'click': {
      const verb = CLICK_WORDS[action.count] ?? 'clicked';
      return `${action.button === 'left' ? verb : `${action.button}-${verb}`}${at(action.at)}`;
    }
    case 'type':
      return `typed ${quoted(action.text)}`;
    case 'keypress':
      return action.keys.length === 0 ? 'pressed a key' : `pressed ${inlineText(action.keys.join('+'))}`;
    case 'scroll':
      return action.direction === null ? 'scrolled' : `scrolled ${action.direction}`;
    case 'move':
      return action.at === null
        ? 'moved the pointer'
        : `moved the pointer to (${action.at.x}, ${action.at.y})`;
    case 'drag':
      return action.from === null || action.to === null
        ? 'dragged'
        : `dragged from (${action.from.x}, ${action.from.y}) to (${action.to.x}, ${action.to.y})`;
    case 'open':
      return `opened ${autolink(action.url)}`;
    case 'wait':
      return 'waited';
    case 'screenshot':
      return 'took a screenshot';
    case 'unknown':
      return action.name === '' ? 'acted' : inlineText(action.name);
  }
}

/** A command's first line, shortened, as code. */
const commandWords = (command: string): string =>
  codeSpan(shortened(command.split('\n')[0] ?? '', WORDS_LENGTH) + (command.includes('\n') ? ' …' : ''));

/** The words of a call of the agent; null for a step that is no call (what its tools answered). */
function callWords(step: AgentStep): string | null {
  switch (step.kind) {
    case 'start':
      return 'started its computer';
    case 'actions':
      return step.actions.length === 0 ? 'used its computer' : step.actions.map(actionWords).join(' · ');
    case 'look':
      return 'looked at the screen';
    case 'run':
      return step.command === null ? 'ran a command' : `ran ${commandWords(step.command)}`;
    case 'save':
      return step.name === null ? 'saved a file' : `saved file ${inlineText(step.name)}`;
    case 'download':
      return step.url === null ? 'downloaded a file' : `downloaded ${autolink(step.url)}`;
    case 'open-image':
      return step.name === null ? 'opened an image' : `opened image ${inlineText(step.name)}`;
    case 'unknown':
      return inlineText(step.tool.replace(/^[^.]*\./, ''));
    case 'view':
    case 'output':
      return null;
  }
}

/** `_Agent: …_` for a call of the agent; null for what its tools answered. */
export function agentCallLine(step: AgentStep): string | null {
  const words = callWords(step);
  return words === null ? null : `_Agent: ${words}_`;
}

/** `_Agent: on [title](url)_`: the page the agent's browser showed; a local file's address as code. */
export function agentPageLine(page: AgentPage): string {
  if (page.title === null) return `_Agent: on ${autolink(page.url)}_`;
  const web = /^https?:/i.test(page.url);
  return `_Agent: on ${web ? link(page.title, page.url) : `${inlineText(page.title)} (${autolink(page.url)})`}_`;
}
