/**
 * The `hemicycle` widget without its element: what is validated and what the model reads. DOM-free (no
 * Lit, no element), like every widget's `*.contract.ts`: see ../builtin-specs.ts.
 */
import {fromStandaloneValidator} from '../../schema/validator.js';
import {schema, validate} from '../../generated/hemicycle.validator.js';
import type {WidgetTypeSpec} from '../widget-definition.js';
import recipe from './hemicycle.recipe.md?raw';

/** One parliamentary group. */
export interface HemicycleGroup {
  name: string;
  seats: number;
  color?: string;
}

/** The params of the `hemicycle` widget. */
export interface HemicycleProps {
  title?: string;
  groups: HemicycleGroup[];
  /** Size of the assembly; seats beyond the groups' total are drawn as vacant. */
  totalSeats?: number;
  /** `true` marks the absolute majority (half plus one); a number marks that many seats. */
  majority?: boolean | number;
}

/** The `hemicycle` widget: seats of an assembly by group, as an SVG half circle. */
export const hemicycleSpec: WidgetTypeSpec<HemicycleProps> = {
  type: 'hemicycle',
  description: 'Parliament seats by group.',
  schema,
  validator: fromStandaloneValidator<HemicycleProps>(validate, schema),
  recipe,
};
