/**
 * Widget calls the element had to fix or refuse: `repaired` lists what it read differently (a
 * widget name under `type`, params beside `name`, numbers written as strings), an `isError`
 * "Validation failed" result went back to the model with the schema for another try.
 */
import {isWidgetCall} from './tool-results.mjs';

/**
 * @param {import('../types.mjs').RunRecord} record
 * @returns {{repaired: number, returned: number}}
 */
export function countValidation(record) {
  let repaired = 0;
  let returned = 0;
  for (const call of record.toolCalls.filter(isWidgetCall)) {
    let result;
    try {
      result = JSON.parse(call.result);
    } catch {
      continue;
    }
    if (Array.isArray(result?.repaired) && result.repaired.length) repaired++;
    if (result?.error === 'Validation failed') returned++;
  }
  return {repaired, returned};
}
