/**
 * The warning for an `approve` attribute that names no policy, told once per value, for
 * `<autoui-agent>` and `<autoui-server>` alike.
 */
import {parseApprovalPolicy} from '../agent/approval.js';

const warned = new Set<string>();

/**
 * True when `value` names an approval policy; otherwise warns once per value (it then means
 * `writes`) and returns false.
 */
export function warnUnknownPolicy(value: string, where: string): boolean {
  if (parseApprovalPolicy(value)) return true;
  if (!warned.has(value)) {
    warned.add(value);
    console.warn(`autoui-agent: ${where} approve="${value.slice(0, 40)}" is not a policy (writes, all, never); it means writes.`);
  }
  return false;
}
