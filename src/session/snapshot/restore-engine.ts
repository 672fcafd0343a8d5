/**
 * What restoring or sharing a snapshot needs, loaded on first use as its own chunk: reading and
 * applying untrusted snapshots (bounds, format, shapes, the widgets' checks) and the share links'
 * codec. Pages that never restore or share never load it.
 */
export {decodeShareFragment, encodeShareFragment} from './share-link.js';
export {findShareFragment, shareUrlFor, withoutShareParam} from './share-param.js';
export {restoreSnapshot} from './restore-snapshot.js';
