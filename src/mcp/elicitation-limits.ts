/**
 * How large a server's question (MCP elicitation) may be before it is not drawn at all. A server
 * chooses the size of what the card must lay out: 10,000 options once held the page's main thread
 * for 30 seconds, 20,000 for six minutes, before the person could click anything. So every
 * request is measured first, by a scan whose work is bounded by the limits themselves (it stops
 * at the first limit passed), and one over a limit is refused: the card shows the server's
 * message, cut short, says why, and offers only Decline and Cancel. DOM-free.
 *
 * The limits, and why each:
 * - {@link MAX_FIELDS} fields: a person answers a handful of questions; 40 is already a long form.
 * - {@link MAX_OPTIONS} choices in one select or multi-select: a list of every country (about 250)
 *   fits twice; more is a search, not a choice.
 * - {@link MAX_ALL_OPTIONS} choices in the whole form: each is a control to lay out (a checkbox
 *   and its label), and 40 lists of 500 would be 20,000 of them.
 * - {@link MAX_TEXT} characters in one text (the message, a title, a description, an option's
 *   name or value, a default, a property name): a long paragraph; longer is a document.
 * - {@link MAX_SCHEMA_BYTES} of schema (its JSON, about): 40 fields with long texts fit; it also
 *   bounds what nobody draws but a validator would still read (`pattern`, `required`, unknown keys).
 */

/** Past this many properties the form is refused. */
export const MAX_FIELDS = 40;
/** Past this many choices in one field the form is refused. */
export const MAX_OPTIONS = 500;
/** Past this many choices in all fields together the form is refused. */
export const MAX_ALL_OPTIONS = 1000;
/** Past this many characters in any one text (UTF-16 units) the question is refused. */
export const MAX_TEXT = 2000;
/** Past this size of `requestedSchema` (its JSON text, estimated) the form is refused. */
export const MAX_SCHEMA_BYTES = 64 * 1024;

/** Which limit a question passed, with the size found (for `schema`: at least) and the limit. */
export interface Oversize {
  what: 'fields' | 'options' | 'all-options' | 'text' | 'schema';
  count: number;
  limit: number;
  /** The property at fault, when one is. */
  key?: string;
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const tooLong = (value: unknown): value is string => typeof value === 'string' && value.length > MAX_TEXT;
const textOver = (value: string, key?: string): Oversize => ({what: 'text', count: value.length, limit: MAX_TEXT, ...(key !== undefined ? {key} : {})});

/** The message's limit: over it, the question is refused whatever its mode. */
export function messageOversize(message: unknown): Oversize | undefined {
  return tooLong(message) ? textOver(message) : undefined;
}

/**
 * The first limit `schema` passes, or undefined. Counts come first, read as lengths (a list of
 * 20,000 options costs one read), so the answer can name them; then the texts the card would
 * show; then the whole size, by a walk that stops once past {@link MAX_SCHEMA_BYTES}. A schema
 * that is not an object schema passes here: `readElicitationSchema` refuses it by shape.
 */
export function schemaOversize(schema: unknown): Oversize | undefined {
  if (!isRecord(schema) || !isRecord(schema.properties)) return sizeOver(schema);
  const properties = schema.properties;
  const keys = Object.keys(properties);
  if (keys.length > MAX_FIELDS) return {what: 'fields', count: keys.length, limit: MAX_FIELDS};
  let all = 0;
  for (const key of keys) {
    const lists = optionLists(properties[key]);
    for (const list of lists) {
      if (list.length > MAX_OPTIONS) return {what: 'options', count: list.length, limit: MAX_OPTIONS, key};
    }
    all += lists.length ? Math.max(...lists.map((l) => l.length)) : 0;
  }
  if (all > MAX_ALL_OPTIONS) return {what: 'all-options', count: all, limit: MAX_ALL_OPTIONS};
  for (const key of keys) {
    const over = tooLong(key) ? textOver(key, key) : fieldTextOver(key, properties[key]);
    if (over) return over;
  }
  return sizeOver(schema);
}

/** The lists of choices a property may carry (`enum`, `enumNames`, `oneOf`, and the same in `items`). */
function optionLists(property: unknown): unknown[][] {
  if (!isRecord(property)) return [];
  const items = isRecord(property.items) ? property.items : {};
  return [property.enum, property.enumNames, property.oneOf, property.anyOf, items.enum, items.enumNames, items.anyOf, items.oneOf].filter(Array.isArray);
}

/** The first text of one property the card would show that is too long. Bounded: the lists were counted. */
function fieldTextOver(key: string, property: unknown): Oversize | undefined {
  if (!isRecord(property)) return undefined;
  const texts: unknown[] = [property.title, property.description, property.default];
  if (Array.isArray(property.default)) texts.push(...property.default.slice(0, MAX_OPTIONS + 1));
  for (const list of optionLists(property)) {
    for (const option of list) texts.push(...(isRecord(option) ? [option.const, option.title] : [option]));
  }
  const found = texts.find(tooLong);
  return found === undefined ? undefined : textOver(found, key);
}

/**
 * `schema`'s JSON size past {@link MAX_SCHEMA_BYTES}, or undefined. An estimate (a number counts
 * as 8 characters, escapes as one), walked without recursion and stopped at the limit: the work
 * is at most the limit, however large or deep (or, handed by an app, cyclic) the value is.
 */
function sizeOver(schema: unknown): Oversize | undefined {
  let size = 0;
  const stack: unknown[] = [schema];
  while (stack.length) {
    if (size > MAX_SCHEMA_BYTES) return {what: 'schema', count: size, limit: MAX_SCHEMA_BYTES};
    const value = stack.pop();
    if (typeof value === 'string') size += value.length + 3;
    else if (Array.isArray(value)) {
      size += 2;
      // Only as many entries as could still fit: a list of a million costs no more than the limit.
      const room = MAX_SCHEMA_BYTES - size + 2;
      size += Math.max(0, value.length - room);
      for (const item of value.slice(0, room)) stack.push(item);
    } else if (isRecord(value)) {
      size += 2;
      let taken = 0;
      for (const key in value) {
        if (!Object.prototype.hasOwnProperty.call(value, key)) continue;
        size += key.length + 4;
        stack.push(value[key]);
        if (size > MAX_SCHEMA_BYTES || ++taken > MAX_SCHEMA_BYTES) break;
      }
    } else size += 8;
  }
  return size > MAX_SCHEMA_BYTES ? {what: 'schema', count: size, limit: MAX_SCHEMA_BYTES} : undefined;
}
