// Preloaded into a child process by the bench (node --import ./tests/bench/heap-peak.mjs): at exit it writes
// to stderr one line, `heap peak bytes: <in use> held: <held>`. In use is the largest V8 heap in use, garbage
// not yet collected included: the heap only grows between collections, so it is the largest just before one,
// or at exit. Held is the largest heap left after a full collection: what the program kept at once, where
// the garbage between collections is left to V8's heuristics; exactly so only when each full collection
// marks in one pause (--no-concurrent-marking --no-incremental-marking), as what is allocated while a
// collection marks alongside the program survives it. The collections' own statistics give both,
// where a timer would miss the peaks of long synchronous work.
import { writeSync } from 'node:fs';
import { GCProfiler, getHeapStatistics } from 'node:v8';

const profiler = new GCProfiler();
profiler.start();

process.on('exit', () => {
  const { statistics } = profiler.stop();
  let inUse = getHeapStatistics().used_heap_size;
  let held = 0;
  for (const collection of statistics) {
    inUse = Math.max(inUse, collection.beforeGC.heapStatistics.usedHeapSize);
    if (collection.gcType === 'MarkSweepCompact')
      held = Math.max(held, collection.afterGC.heapStatistics.usedHeapSize);
  }
  writeSync(2, `\nheap peak bytes: ${inUse} held: ${held}\n`);
});
