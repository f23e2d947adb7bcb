// Gives the web app the legal guides as modules, parsed from content/guides when it is built:
//   virtual:guide-catalog   every guide's title, summary, area (the library page)
//   virtual:guide-loaders   slug -> () => import() of that guide, one chunk per guide
//   virtual:guide-library   every guide in full (the prerenderer only)
import path from 'node:path';
import type { Plugin } from 'vite';
import { guideSummaryOf, type GuideDocument, type GuideSummary } from '../src/shared/guides';
import {
  defaultGuidesDir,
  loadGuideLibrary,
  type GuideLibrary,
} from '../src/server/modules/guides/loader';

const prefix = 'virtual:guide';
const resolved = '\0virtual:guide';

export function guidesPlugin(dir = defaultGuidesDir): Plugin {
  let library: GuideLibrary | undefined;
  const load = () => (library ??= loadGuideLibrary(dir));
  const json = (value: unknown) => `export default ${JSON.stringify(value)};`;
  // The page shows each question and its answer; the other ways of asking are for the assistant
  // (the server reads them from the files), not for the browser.
  const forPage = (guide: GuideDocument): GuideDocument => ({
    ...guide,
    questions: guide.questions.map((question) => ({ ...question, also: [] })),
  });

  return {
    name: 'lexwise-guides',
    buildStart() {
      library = undefined;
      this.addWatchFile(path.resolve(dir));
    },
    resolveId(id) {
      return id.startsWith(prefix) ? `\0${id}` : undefined;
    },
    load(id) {
      if (!id.startsWith(resolved)) return undefined;
      const { guides, bySlug } = load();
      if (id === `${resolved}-catalog`) {
        const catalog: GuideSummary[] = guides.map(guideSummaryOf);
        return json(catalog);
      }
      if (id === `${resolved}-loaders`) {
        const entries = guides.map(
          (guide) => `  ${JSON.stringify(guide.slug)}: () => import("${prefix}/${guide.slug}"),`,
        );
        return `export default {\n${entries.join('\n')}\n};`;
      }
      if (id === `${resolved}-library`) return json(guides.map(forPage));
      const slug = id.slice(`${resolved}/`.length);
      const guide = bySlug.get(slug);
      if (!guide) throw new Error(`no guide with the slug ${slug}`);
      return json(forPage(guide));
    },
    handleHotUpdate({ file, server }) {
      if (!file.startsWith(path.resolve(dir))) return;
      library = undefined;
      server.moduleGraph.idToModuleMap.forEach((module) => {
        if (module.id?.startsWith(resolved)) server.moduleGraph.invalidateModule(module);
      });
      server.ws.send({ type: 'full-reload' });
      return [];
    },
  };
}
