/**
 * The texts the console shows of traces before any: the section's title and how to turn
 * telemetry on. Apart from the waterfall's other texts, which come with its chunk only once a
 * trace is there to draw.
 */
import {textTable} from '../../policy/text-table.js';

const en = {
  trace: 'Last question’s trace',
  empty:
    'Traces appear here when telemetry is on: set the element’s telemetry attribute to an OTLP/HTTP traces URL (or give it a tracerProvider), then ask a question.',
};

/** The title and empty state by language. */
export const TRACE_EMPTY_STRINGS = textTable(en, {
  trace: 'Trace de la dernière question',
  empty:
    'Les traces apparaissent ici quand la télémétrie est active\u00a0: donnez à l’attribut telemetry de l’élément l’URL OTLP/HTTP de vos traces (ou une propriété tracerProvider), puis posez une question.',
});
