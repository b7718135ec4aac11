import type { Plugin } from 'vite';

/**
 * Vite preloads a lazy chunk's whole import tree (a `<link rel="modulepreload">` each) when it is
 * imported, including the chunks the importing chunk had already imported statically, which are
 * loaded by then (the home page's route module: 12 links, 6 of them the entry's own imports).
 * Each link is a DOM insertion and a module fetch lookup on the main thread, in the task that
 * makes the router (issue 17's TBT). This plugin records each chunk's static imports, all the way
 * down, before Vite writes the preload lists; `resolveDependencies` (build.modulePreload) then
 * leaves out what the importing chunk already has.
 */
export function preloadWhatIsMissing() {
  const loadedWith = new Map<string, Set<string>>();

  const plugin: Plugin = {
    name: 'proper-parts:preload-what-is-missing',
    apply: 'build',
    generateBundle(_options, bundle) {
      loadedWith.clear();
      const closure = (fileName: string, seen = new Set<string>()): Set<string> => {
        const chunk = bundle[fileName];
        if (chunk?.type !== 'chunk') return seen;
        for (const imported of chunk.imports) {
          if (seen.has(imported)) continue;
          seen.add(imported);
          closure(imported, seen);
        }
        return seen;
      };
      for (const fileName of Object.keys(bundle)) loadedWith.set(fileName, closure(fileName));
    },
  };

  /** For build.modulePreload.resolveDependencies: `host` is the chunk whose code imports. */
  const resolveDependencies = (_file: string, deps: string[], { hostId }: { hostId: string }) => {
    const loaded = loadedWith.get(hostId);
    return loaded ? deps.filter((dep) => !loaded.has(dep)) : deps;
  };

  return { plugin, resolveDependencies };
}
