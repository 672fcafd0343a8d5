/**
 * What restoring or sharing a snapshot needs, loaded on first use as its own chunk: the reading of untrusted
 * snapshots (bounds, format, shapes) and the share links' codec. Pages that never restore or share never load it.
 */
export {checkRestoredWidgets} from './check-restored-widgets.js';
export {readSnapshot} from './read-snapshot.js';
export {decodeShareFragment, encodeShareFragment} from './share-link.js';
export {findShareFragment, shareUrlFor, withoutShareParam} from './share-param.js';
