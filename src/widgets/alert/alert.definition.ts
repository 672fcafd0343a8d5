import {defineElement} from '../../define-element.js';
import type {WidgetDefinition} from '../widget-definition.js';
import {AutouiAlertWidget} from './alert.js';
import {alertSpec, type AlertParams} from './alert.contract.js';

/** The `alert` widget with its element, `<autoui-alert>`. */
export const alertWidget: WidgetDefinition<AlertParams> = {
  ...alertSpec,
  tagName: 'autoui-alert',
  load: async () => defineElement('autoui-alert', AutouiAlertWidget),
};
