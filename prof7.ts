import { inspect } from '@/lib/insights/inspection';
import { onePageConversation } from '@/tests/bench/one-page-conversation';
import { writeExport } from '@/lib/export/format-writers';
import { exportMarkdown } from '@/lib/export/markdown-export';
const { text, conversation } = onePageConversation(10000, 0x0e5d0004);
const ins = inspect({ conversation });
const time = (f: () => unknown) => { const s = performance.now(); f(); return performance.now() - s; };
const r: number[] = []; const m: number[] = [];
for (let i = 0; i < 8; i++) {
  const j = time(() => JSON.parse(text));
  const h = time(() => writeExport(ins, 'html', { exportedAt: new Date() }));
  const md = time(() => exportMarkdown(ins, { exportedAt: new Date() }));
  r.push(h / j); m.push(md / j);
}
r.sort((a, b) => a - b); m.sort((a, b) => a - b);
console.log('html ratio min/median', r[0]?.toFixed(2), r[4]?.toFixed(2), 'md', m[0]?.toFixed(2), m[4]?.toFixed(2));
