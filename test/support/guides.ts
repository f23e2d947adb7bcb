import { loadGuideLibrary, type GuideLibrary } from '../../src/server/modules/guides/loader';

let library: GuideLibrary | undefined;

/** The guides in content/guides, read once per test file: the assistant answers from them. */
export function testGuideLibrary(): GuideLibrary {
  return (library ??= loadGuideLibrary());
}
