/**
 * Every figure of `npm run bench -- --json` with its target, in one place: the figures table of
 * docs/benchmarks.md (scripts/figures-table.ts) and the byte-budget test (tests/e2e/budgets.test.ts) read
 * them here. A figure without a target is counted for information (null). The order is the table's.
 */
export type FigureTarget = { atMost: number } | { atLeast: number } | { exactly: number } | null;

const NORMALIZE_TARGET = { atMost: 0.5 };

export const FIGURE_TARGETS: Readonly<Record<string, FigureTarget>> = {
  // the normalized model against JSON.parse of the same bytes
  normalize_messages_ratio_100: NORMALIZE_TARGET,
  normalize_messages_ratio_1k: NORMALIZE_TARGET,
  normalize_messages_ratio_10k: NORMALIZE_TARGET,
  normalize_tree_ratio_100: NORMALIZE_TARGET,
  normalize_tree_ratio_1k: NORMALIZE_TARGET,
  normalize_tree_ratio_10k: NORMALIZE_TARGET,
  // insights, the Markdown and HTML exports, the product_update parser
  insights_ratio_10k: { atMost: 1 },
  export_md_ratio_10k: { atMost: 1 },
  // one click on a very long conversation, not a hot path: markdown-it alone renders the page
  export_html_ratio_10k: { atMost: 3 },
  sse_parse_ratio: { atMost: 1.5 },
  stream_assemble_ratio: { atMost: 1.5 },
  // the live runtime in Chromium on the replica
  own_requests_per_load: { exactly: 0 },
  firefox_own_requests_per_load: { exactly: 0 },
  own_requests_older_pages: { exactly: 2 },
  own_token_requests_per_load: null,
  own_requests_per_answer: { exactly: 0 },
  own_requests_per_idle_minute: { atMost: 1 },
  own_requests_idle_minute_no_page_poll: { atMost: 5 },
  own_requests_hidden_minute: { exactly: 0 },
  hook_overhead_ms_median: { atMost: 0.1 },
  hook_overhead_ms_no_extension: null,
  hook_overhead_ms_attended: null,
  extension_fetch_overhead_ms_median: null,
  sse_first_chunk_delay_ratio: { atMost: 1.05 },
  poll_busy_ratio_10k: { atMost: 1.5 },
  // the popup and the export click
  popup_render_ratio: { atMost: 1.5 },
  firefox_popup_render_ratio: { atMost: 1.5 },
  popup_first_paint_ratio: null,
  export_click_ms_10k_ratio: { atMost: 2 },
  firefox_export_click_ms_10k_ratio: { atMost: 2 },
  // the library: its writes, its page with 100,000 page rows, what it takes on disk
  library_write_ratio_10k: { atMost: 1 },
  library_page_render_ratio_100k: { atMost: 3 },
  library_filter_ratio_100k: { atMost: 2 },
  library_variance_ratio_100k: { atMost: 1 },
  library_fanout_ratio_100k: { atMost: 1 },
  library_bytes_per_message: null,
  // soak, byte budgets, fuzzing, data exports of any size
  soak_heap_growth_ratio: { atMost: 1.2 },
  soak_own_requests_first_load: { exactly: 41 },
  soak_own_requests_hour: { atMost: 60 },
  soak_own_requests_max_minute_no_page_poll: { atMost: 5 },
  soak_own_requests_hidden: { exactly: 0 },
  soak_lens_bytes_written_hour: { exactly: 0 },
  page_hook_bytes: { atMost: 3_200 },
  relay_bytes: { atMost: 15_360 },
  popup_js_gzip_bytes: { atMost: 122_880 },
  sidepanel_js_gzip_bytes: { atMost: 122_880 },
  fuzz_runs_total: null,
  inspect_big_export_rss_ratio: { atMost: 0.5 },
  // adding the whole account: 2,000 conversations through a 429 storm and a stopped worker
  bulk_min_gap_ms: { atLeast: 1_000 },
  bulk_requests_while_rate_limited: { exactly: 0 },
  bulk_refetched_after_restart: { exactly: 0 },
  bulk_requests_per_conversation: { atMost: 0.15 },
  // adding the whole account: 1,000 conversations against the account's bucket (site-interface 7)
  bulk_minutes_per_1000: { atMost: 5 },
  bulk_minutes_per_1000_alone: null,
  bulk_429s_per_1000: { atMost: 3 },
  zip_heap_ratio_2000: { atMost: 0.5 },
  import_heap_ratio: { atMost: 0.5 },
};

/** Whether `value` meets `target`; null when the figure has no target. */
export function meetsTarget(value: number, target: FigureTarget): boolean | null {
  if (target === null) return null;
  if ('atMost' in target) return value <= target.atMost;
  if ('atLeast' in target) return value >= target.atLeast;
  return value === target.exactly;
}

/** The budget of a figure that has an upper bound (the byte budgets); throws for any other. */
export function upperBoundOf(figure: string): number {
  const target = FIGURE_TARGETS[figure];
  if (target === undefined || target === null || !('atMost' in target))
    throw new Error(`${figure} has no upper bound in figure-targets.ts.`);
  return target.atMost;
}
