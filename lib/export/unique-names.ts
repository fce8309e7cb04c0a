/**
 * Names made unique among those already given: a second "a.md" becomes "a (2).md", a third "a (3).md".
 * Compared without case, since Windows and macOS would put two names differing only in case in one file
 * (export-format "File names"). `given` are names already taken elsewhere, such as an earlier run's files.
 */
export function uniqueNames(given: Iterable<string> = []): (name: string) => string {
  const taken = new Set([...given].map((name) => name.toLowerCase()));
  return (name) => {
    const slash = name.lastIndexOf('/') + 1;
    const dot = name.lastIndexOf('.');
    const [stem, extension] = dot <= slash ? [name, ''] : [name.slice(0, dot), name.slice(dot)];
    let candidate = name;
    for (let count = 2; taken.has(candidate.toLowerCase()); count += 1)
      candidate = `${stem} (${count})${extension}`;
    taken.add(candidate.toLowerCase());
    return candidate;
  };
}
