import {defineElement} from '../../define-element.js';
import type {WidgetDefinition} from '../widget-definition.js';
import {AutouiProfileWidget} from './profile.js';
import {profileSpec, type ProfileParams} from './profile.contract.js';

/** The `profile` widget with its element, `<autoui-profile>`. */
export const profileWidget: WidgetDefinition<ProfileParams> = {
  ...profileSpec,
  tagName: 'autoui-profile',
  load: async () => defineElement('autoui-profile', AutouiProfileWidget),
};
