/** `answer`, or false as soon as `signal` aborts: a question to the person that Stop retracts. */
export function untilAborted(answer: Promise<boolean>, signal: AbortSignal | undefined): Promise<boolean> {
  if (!signal) return answer;
  if (signal.aborted) return Promise.resolve(false);
  return Promise.race([answer, new Promise<boolean>((resolve) => signal.addEventListener('abort', () => resolve(false), {once: true}))]);
}
