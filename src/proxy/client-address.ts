/**
 * Who a visitor is when the site uses no visitor tokens: the client's address. The Node adapter
 * records each request's socket address here; behind a trusted front, a header it sets
 * (`cf-connecting-ip`, `x-forwarded-for`) names the client instead. Requests with neither count
 * as one visitor, `anonymous`, so the limits still hold for everyone together.
 */

const socketAddresses = new WeakMap<Request, string>();

/** Records the socket address of `request` (the Node adapter does this). */
export function setSocketAddress(request: Request, address: string | undefined): void {
  if (address) socketAddresses.set(request, address);
}

/** The client address of `request`, or `anonymous`. */
export function clientAddress(request: Request, header?: string): string {
  if (header) {
    // x-forwarded-for lists every hop; the last one was added by the trusted front itself.
    const value = request.headers.get(header)?.split(',').pop()?.trim();
    if (value) return value;
  }
  return socketAddresses.get(request) ?? 'anonymous';
}
