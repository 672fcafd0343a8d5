import {defineElement} from '../../define-element.js';
import type {WidgetDefinition} from '../widget-definition.js';
import {AutouiKvWidget} from './kv.js';
import {kvSpec, type KvParams} from './kv.contract.js';

/** The `kv` widget with its element, `<autoui-kv>`. */
export const kvWidget: WidgetDefinition<KvParams> = {
  ...kvSpec,
  tagName: 'autoui-kv',
  load: async () => defineElement('autoui-kv', AutouiKvWidget),
};
