/**
 * Keeps a streamed answer's `[n]` citations honest: a marker that names no passage the model was
 * given is removed as the text streams, and counted. A marker split across chunks (`[1` then
 * `2]`) is held back until it is whole, so nothing false is ever sent.
 */
export function createCitationFilter(passageCount: number) {
  let pending = '';
  let removed = 0;
  const cited = new Set<number>();
  const marker = /\[(\d{1,3})\]/g;

  function clean(text: string): string {
    return text.replace(marker, (whole, digits: string) => {
      const n = Number(digits);
      if (n >= 1 && n <= passageCount) {
        cited.add(n);
        return whole;
      }
      removed++;
      return '';
    });
  }

  return {
    /** The part of the text seen so far that can be sent now. */
    push(delta: string): string {
      const text = pending + delta;
      // Hold back a trailing "[", "[1", "[12" or "[123": it may still become a marker.
      const open = /\[\d{0,3}$/.exec(text);
      pending = open ? open[0] : '';
      return clean(open ? text.slice(0, open.index) : text);
    },
    /** What was held back, at the end of the reply. */
    flush(): string {
      const rest = clean(pending);
      pending = '';
      return rest;
    },
    /** Passage numbers the answer cited, in order. */
    cited: () => [...cited].sort((a, b) => a - b),
    removed: () => removed,
  };
}
