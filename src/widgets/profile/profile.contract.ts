/**
 * The `profile` widget without its element: what is validated and what the model reads. DOM-free (no
 * Lit, no element), like every widget's `*.contract.ts`: see ../builtin-specs.ts.
 */
import {fromStandaloneValidator} from '../../schema/validator.js';
import {schema, validate} from '../../generated/profile.validator.js';
import type {WidgetTypeSpec} from '../widget-definition.js';
import recipe from './profile.recipe.md?raw';

/** Params of the `profile` widget (see `profile.schema.json`). */
export type ProfileParams = {
  name: string;
  subtitle?: string;
  avatar?: string;
  description?: string;
  fields?: Array<{label: string; value: string | number}>;
  links?: Array<{label: string; url: string}>;
};

/** The `profile` widget: a person or organisation: name, photo, role, facts and links. */
export const profileSpec: WidgetTypeSpec<ProfileParams> = {
  type: 'profile',
  description: 'A person or organisation.',
  schema,
  validator: fromStandaloneValidator<ProfileParams>(validate, schema),
  recipe,
};
