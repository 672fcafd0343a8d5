/**
 * Which calls wait for a person's yes, and what the model reads when one was not run. Pure
 * functions of a layer, a tool and a policy, so the element, a session driven by an app and a
 * Worker all decide the same way.
 */
import type {ApprovalPolicy} from './approval.js';
import type {LayerTool, ToolLayer} from './types.js';

/**
 * True when calling `tool` of `layer` must wait for a person under `policy`. A page's in-page
 * tool speaks for itself: `consequentialHint` always asks and `readOnlyHint` never does, whatever
 * the policy, and tools that only show things on the canvas (`displays`, the built-in
 * `widget_display` and `canvas`) never ask. A server's tool follows the policy.
 */
export function needsApproval(policy: ApprovalPolicy, layer: ToolLayer, tool: LayerTool): boolean {
  const hints = tool.annotations ?? {};
  if (layer.protocol === 'webmcp') {
    if (hints.consequentialHint === true) return true;
    if (hints.readOnlyHint === true || tool.displays === true) return false;
  }
  if (policy === 'never') return false;
  if (policy === 'all') return true;
  return hints.readOnlyHint !== true;
}

/** The text the model reads for a call the person denied. */
export function declinedText(name: string, reason?: string): string {
  const because = reason?.trim() ? ` Their reason: ${reason.trim().slice(0, 500)}` : '';
  return `The user declined this call of ${name}; nothing was sent to the server.${because} Do not call it again unless the user asks; tell them what you could not do.`;
}

/** The text the model reads for a call that was waiting for approval when the run was stopped. */
export function stoppedBeforeApprovalText(name: string): string {
  return `${name} was not run: the run was stopped while it waited for the user's approval; nothing was sent to the server.`;
}
