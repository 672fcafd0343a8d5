/**
 * Entry of `dist/autoui-agent.iife.js`, the classic script (`<script src>` without
 * `type="module"`). It is a loader of a few hundred bytes: it imports the ES build,
 * `autoui-agent.js`, from the folder it was itself loaded from, so the elements get defined and
 * their lazy chunks come from beside it, exactly as with the ES build, and the first load weighs
 * what the ES build's does. Elements in the page upgrade when the definitions arrive, like any
 * custom element defined after parsing.
 *
 * `window.AutouiAgent` (this module's exports) has two members:
 * - `ready`: a promise of the element module (`AutouiAgent`, `AutouiServer`, `defineElement`),
 *   settled once the elements are defined;
 * - `load()`: the values of `autoui-agent/core` (`AgentSession`, `connectMcpServer`, …) and of
 *   `autoui-agent/widgets` (`createDefaultRegistry`, `AutouiCanvas`, …) with the element's, loading
 *   `core.js` and `widgets.js` on first call.
 *
 * Pages that cannot load modules at all (opened from `file://`) use
 * `autoui-agent.standalone.iife.js`, which holds everything and fills `window.AutouiAgent` at once.
 */

// `currentScript` is only set while a classic script first runs, hence read here, at the top. Its
// `src` is the one base to trust: without it (the file inlined, bundled or loaded as a module),
// the page's own URL would be a guess, so the loader refuses instead.
const here = document.currentScript instanceof HTMLScriptElement && document.currentScript.src ? document.currentScript.src : undefined;
const fromHere = (file: string) => (here ? new URL(file, here).href : file);

/** Imports an ES module of the build; a failure says why and what to use instead. */
const importFromHere = (file: string): Promise<Record<string, unknown>> =>
  (here ? import(/* @vite-ignore */ fromHere(file)) : Promise.reject(new Error('the script has no src to load the ES build beside'))).catch((cause: unknown) => {
    const error = new Error(
      `autoui-agent: could not load ${fromHere(file)} (${cause instanceof Error ? cause.message : String(cause)}). ` +
        'The classic script loads the ES build from its own folder, so it must be loaded with <script src>; pages that cannot load modules (file://) use autoui-agent.standalone.iife.js.',
      {cause},
    );
    console.error(error.message);
    throw error;
  });

/** The element module (`AutouiAgent`, `AutouiServer`, `defineElement`), once the elements are defined. */
export const ready: Promise<Record<string, unknown>> = importFromHere('autoui-agent.js');
// Reported above; a page that never awaits `ready` should not also see an unhandled rejection.
ready.catch(() => undefined);

let core: Promise<Record<string, unknown>> | undefined;

/** Every value of `autoui-agent/core`, `autoui-agent/widgets` and the element module; loads `core.js` and `widgets.js` on first call. */
export function load(): Promise<Record<string, unknown>> {
  core ??= Promise.all([ready, importFromHere('core.js'), importFromHere('widgets.js')]).then(([element, values, widgets]) => ({...values, ...widgets, ...element}));
  // A failed load (the network) is not remembered: the next call tries again.
  core.catch(() => (core = undefined));
  return core;
}
