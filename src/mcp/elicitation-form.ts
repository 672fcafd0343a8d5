/**
 * The model of an elicitation form: the fields read from an MCP server's `requestedSchema`
 * (`elicitation-schema.ts`), why a schema cannot be a form, what the view collects from a person
 * and the content it becomes (the element's `prompts/elicitation-content.ts`). Types only.
 *
 * Every text of a field (titles, descriptions, option labels) came from the server: the view
 * renders it as text.
 */
import type {JsonSchema} from '../schema/json-schema.js';
import type {Oversize} from './elicitation-limits.js';

/** Formats a string field may declare; each has its own input type in the view. */
export type StringFormat = 'email' | 'uri' | 'date' | 'date-time';

/** One choice of a select. Values are strings: MCP enums are string enums. */
export interface FieldOption {
  value: string;
  /** What the person reads: the server's title, else the value itself. */
  label: string;
}

/** What every field has. */
export interface FieldBase {
  /** The property name: the key of the answer in the content. */
  key: string;
  /** The server's `title`, else the key. */
  label: string;
  /** The server's `description`, when it gave one. */
  help?: string;
  required: boolean;
}

/** One field of the form, by kind. `default` is the server's default, already checked to fit. */
export type ElicitationField =
  | (FieldBase & {kind: 'text'; constraints: {minLength?: number; maxLength?: number; format?: StringFormat}; default?: string})
  | (FieldBase & {kind: 'number'; constraints: {integer: boolean; minimum?: number; maximum?: number}; default?: number})
  | (FieldBase & {kind: 'boolean'; constraints: Record<string, never>; default?: boolean})
  | (FieldBase & {kind: 'select'; options: FieldOption[]; constraints: Record<string, never>; default?: string})
  | (FieldBase & {kind: 'multiselect'; options: FieldOption[]; constraints: {minItems?: number; maxItems?: number}; default?: string[]});

/** Why a schema cannot be shown as a form. `key` names the property at fault, when one is. */
export interface FormRefusal {
  reason:
    /** The root is not `{type: 'object', properties: {...}}`. */
    | 'not-an-object'
    /** A property is an object, an array of anything but options, `null`, or has no type. */
    | 'unsupported-type'
    /** A property uses a keyword that changes its shape (`$ref`, `anyOf`, a type list, …). */
    | 'unsupported-keyword'
    /** An enum or option list that is empty or not made of strings. */
    | 'bad-options'
    /** `required` names a property the form does not have: nobody could ever submit it. */
    | 'unknown-required'
    /** Past one of the limits of `elicitation-limits.ts` (`over` says which): too large to draw safely. */
    | 'too-large';
  key?: string;
  /** With `too-large`: the limit passed, the size found and the limit. */
  over?: Oversize;
  /** A developer's explanation, in English (console, tests); the view says it in the person's words. */
  message: string;
}

/** A form read from a schema, or why there is none. */
export type ElicitationForm = {ok: true; fields: ElicitationField[]; schema: JsonSchema} | {ok: false; refusal: FormRefusal};

/** What the view collected: strings from text inputs and selects, booleans from checkboxes, lists from checkbox groups. */
export type RawValues = Readonly<Record<string, string | boolean | readonly string[] | undefined>>;

/** The outcome of `readContent`: typed content to send, or a message per field. */
export type ContentResult =
  | {ok: true; content: Record<string, string | number | boolean | string[]>}
  | {ok: false; errors: Record<string, string>; formError?: string};
