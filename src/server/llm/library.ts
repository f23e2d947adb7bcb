/** Streams a written answer in word-sized pieces, as a model would. */
export function* libraryChunks(answer: string): Generator<string> {
  for (const piece of answer.match(/\S+\s*|\s+/g) ?? []) yield piece;
}
