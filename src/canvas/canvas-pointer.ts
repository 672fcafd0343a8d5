/**
 * Pointer gestures on canvas items: drag a handle to move, drag the grip to resize. Each
 * gesture captures the pointer and reports positions relative to where it started, so the
 * canvas only turns deltas into store changes.
 */

/**
 * Starts a gesture on `event`, captured by `target` (the control pressed: the canvas listens for
 * every frame at once, so the event's own current target is the whole canvas); `onMove(dx, dy)` is
 * called with the distance from the start until release.
 */
export function trackPointer(event: PointerEvent, target: Element, onMove: (dx: number, dy: number) => void): void {
  if (event.button !== 0) return;
  event.preventDefault();
  const {clientX: x0, clientY: y0, pointerId} = event;
  try {
    target.setPointerCapture(pointerId);
  } catch {
    // A synthetic or already released pointer: moves still arrive on the target.
  }
  const move = (e: PointerEvent) => {
    if (e.pointerId === pointerId) onMove(e.clientX - x0, e.clientY - y0);
  };
  const end = (e: PointerEvent) => {
    if (e.pointerId !== pointerId) return;
    target.removeEventListener('pointermove', move as EventListener);
    target.removeEventListener('pointerup', end as EventListener);
    target.removeEventListener('pointercancel', end as EventListener);
  };
  target.addEventListener('pointermove', move as EventListener);
  target.addEventListener('pointerup', end as EventListener);
  target.addEventListener('pointercancel', end as EventListener);
}
