/**
 * The incremental JSON parser that reads tool arguments while they stream (jsonriver: each
 * fragment is parsed once, numbers arrive whole, arrays and strings grow in place). A module of
 * its own so it is a lazy chunk, loaded by the first call that streams a widget.
 */
export {parse} from 'jsonriver';
