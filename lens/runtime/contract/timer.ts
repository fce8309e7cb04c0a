/**
 * A one-shot timer passed in as an effect (architecture "Effects as parameters"): the runtime hands in
 * `setTimeout`, a test a fake clock, so the 12 s fallback and the debounce run in microseconds.
 * Returns the function that cancels it.
 */
export type Schedule = (ms: number, run: () => void) => () => void;
