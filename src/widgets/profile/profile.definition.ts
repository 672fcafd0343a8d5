import {defineElement} from '../../define-element.js';
import {fromStandaloneValidator} from '../../schema/validator.js';
import {schema, validate} from '../../generated/profile.validator.js';
import type {WidgetDefinition} from '../widget-definition.js';
import {AutouiProfileWidget, type ProfileParams} from './profile.js';
import recipe from './profile.recipe.md?raw';

/** The `profile` widget: a person or organisation: name, photo, role, facts and links. */
export const profileWidget: WidgetDefinition<ProfileParams> = {
  type: 'profile',
  tagName: 'autoui-profile',
  description: 'A person or organisation.',
  schema,
  validator: fromStandaloneValidator<ProfileParams>(validate, schema),
  recipe,
  load: async () => defineElement('autoui-profile', AutouiProfileWidget),
};
